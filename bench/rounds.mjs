// The side-by-side loop the family runners share (family-run.mjs,
// multiplicity-run.mjs): every program on every row once per round, one
// after another, so that a round's ratios are taken under the same load;
// then every count checked against the reference program's.

/** How a runner's report says runRounds' `pair` was timed. */
export const PAIRED = 'dlxkit natively and in WASM run side by side, and again in the other order after the other programs, each timed by the mean of its two runs (the machine\'s speed drifts over a row\'s minute of peers).'

/**
 * How far apart one program's runs of a pass were, over the rounds: the
 * largest slowest/fastest of a pass's runs (1 when each pass ran once). On
 * this VM the same binary's two runs of one pass have differed by 45%, more
 * than a goal's margin: a ratio past NOISY is not judged.
 */
export function runSpread (results) {
  return Math.max(1, ...results.map((r) => r.runs ? Math.max(...r.runs) / Math.min(...r.runs) : 1))
}
export const NOISY = 1.15

/** A measurement, or the reason it failed: a failed cell is reported, never dropped. */
export function attempt (fn) {
  try {
    return fn()
  } catch (e) {
    process.stderr.write(' [failed]')
    return { error: e.message.split('\n')[0].slice(0, 200) }
  }
}

/**
 * rows: [{ id, file }]; programs: [[name, (file) => { seconds, solutions }]].
 * A row whose every program ran under `repeatBelow` seconds in a round's
 * first pass runs `repeats` passes in that round (all programs again, one
 * after another), and each program's result for the round is its median
 * pass: on a 1 ms row a single run's noise (a tick of another process, a
 * cold cache) decides the ratio. Every pass's count must agree.
 * `pair` [a, b]: two programs whose ratio is a goal (dlxkit natively and in
 * WebAssembly). They run next to each other, a then b, and once more after
 * the pass's other programs in the other order, b then a, each counting the
 * mean of its two runs: a drift of the machine's speed over the pass (on
 * this VM, 1.3-2x within a minute, while the peers take tens of seconds a
 * row) falls on both alike.
 * Returns, per row, { name: [result per round] }.
 */
export function runRounds (rows, programs, rounds, { repeatBelow = 0, repeats = 1, pair } = {}) {
  const runs = rows.map(() => ({}))
  const order = pairFirst(programs, pair)
  for (let round = 0; round < rounds; round++) {
    for (const [i, row] of rows.entries()) {
      const passes = programs.map(() => [])
      const pass = () => {
        const once = order.map((j) => [j, programs[j][1](row.file)])
        if (pair) for (const j of [...order.slice(0, 2)].reverse()) once.push([j, programs[j][1](row.file)])
        for (const j of order) passes[j].push(meanOf(row.id, programs[j][0], once.filter(([k]) => k === j).map(([, r]) => r)))
      }
      pass()
      const short = passes.every(([first]) => first.seconds < repeatBelow)
      for (let k = 1; short && k < repeats; k++) pass()
      for (const [j, [name]] of programs.entries()) {
        const r = medianPass(row.id, name, passes[j])
        ;(runs[i][name] ??= []).push(r)
        const of = passes[j].length > 1 ? ` (median of ${passes[j].length})` : ''
        process.stderr.write(`round ${round + 1} ${row.id} ${name} ${r.seconds.toFixed(3)} s${of} ${r.solutions}\n`)
      }
    }
  }
  return runs
}

/** Indexes of programs in the order a pass runs them: the pair first, next to each other. */
function pairFirst (programs, pair) {
  const all = programs.map((_, j) => j)
  if (!pair) return all
  const at = pair.map((name) => programs.findIndex(([n]) => n === name))
  if (at.some((j) => j < 0)) throw new Error(`runRounds: no program named ${pair[at.indexOf(-1)]}`)
  return [...at, ...all.filter((j) => !at.includes(j))]
}

/** One program's runs in a pass as one result: the first's, timed by their mean (a failed run stands for the pass). */
function meanOf (id, name, list) {
  const failed = list.find((x) => x.error)
  if (failed || list.length === 1) return failed ?? list[0]
  for (const x of list) if (x.solutions !== list[0].solutions) throw new Error(`${id}: ${name} counted ${list[0].solutions}, then ${x.solutions}`)
  return { ...list[0], seconds: list.reduce((t, x) => t + x.seconds, 0) / list.length, runs: list.map((x) => x.seconds) }
}

/** The pass of median time (the upper one of an even number), after checking that every pass counted the same. */
function medianPass (id, name, list) {
  for (const x of list) if (x.solutions !== list[0].solutions) throw new Error(`${id}: ${name} counted ${list[0].solutions}, then ${x.solutions}`)
  return [...list].sort((a, b) => a.seconds - b.seconds)[Math.floor(list.length / 2)]
}

/** The reference's count of a row, after checking every run of every program against it. */
export function agreedCount (id, runs, reference, label) {
  const want = runs[reference][0].solutions
  for (const [name, list] of Object.entries(runs)) {
    for (const x of list) if (x.solutions !== want) throw new Error(`${id}: ${name} counted ${x.solutions}, ${label} ${want}`)
  }
  return want
}
