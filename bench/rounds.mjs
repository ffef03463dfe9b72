// The side-by-side loop the runners of the families share (family-run.mjs,
// multiplicity-run.mjs, costs-run.mjs, memo-run.mjs): every program on every
// row once per round, one after another, so that a round's ratios are taken
// under the same load; then every count checked against the reference
// program's.
import { median } from './report.mjs'

/** How a runner's report says runRounds' `pair` was timed (more: its `more` option; who: the pair's native program). */
export function pairedSentence (more, who = 'dlxkit') {
  return `${who} natively and in WASM run side by side, and again in the other order after the other programs` +
    (more ? `, then ${more.couples} more times (in turn) on a row whose native run takes over ${more.above} s` : '') +
    '. Their ratio is the median over the rounds of each couple\'s (two runs next to each other, which share the machine\'s speed: on this VM it drifts 1.3-2x over a minute, ' +
    'and the same binary\'s runs in one pass have been 45% apart), shown with the couples\' range; a time is the mean of its runs.'
}

/**
 * The ratio a/b of a pair over the rounds (runs[a], runRounds' results of
 * the pair's first program): { ratio: the median of every couple's ratio,
 * lo, hi: their range, couples: how many }; undefined without couples.
 */
export function pairRatio (results) {
  const all = results.flatMap((r) => r.couples ?? [])
  if (!all.length) return undefined
  return { ratio: median(all), lo: Math.min(...all), hi: Math.max(...all), couples: all.length }
}

/** A pairRatio as a report's cell: "0.87x (0.80-0.93, 12)". */
export function pairCell (p) {
  return p === undefined ? '' : `${p.ratio.toFixed(2)}x (${p.lo.toFixed(2)}-${p.hi.toFixed(2)}, ${p.couples})`
}

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
 * mean of its runs: a drift of the machine's speed over the pass (on
 * this VM, 1.3-2x within a minute, while the peers take tens of seconds a
 * row) falls on both alike. Each couple of their runs next to each other
 * gives a ratio a/b (the a result's `couples`: pairRatio reads them). With
 * `more` { above, couples }, a pass whose first run of a took over `above`
 * seconds runs `couples` more couples right after, in turn a b, b a, ...:
 * a goal judged on the ratio rests on more than two couples a round.
 * Returns, per row, { name: [result per round] }.
 */
export function runRounds (rows, programs, rounds, { repeatBelow = 0, repeats = 1, pair, more } = {}) {
  const runs = rows.map(() => ({}))
  const order = pairFirst(programs, pair)
  for (let round = 0; round < rounds; round++) {
    for (const [i, row] of rows.entries()) {
      const passes = programs.map(() => [])
      const pass = () => {
        const once = [] // [program, result] in the order they ran
        const run = (j) => { const r = programs[j][1](row.file); once.push([j, r]); return r }
        const couples = []
        const couple = (first, second) => {
          const [r1, r2] = [run(first), run(second)]
          const [ra, rb] = first === order[0] ? [r1, r2] : [r2, r1]
          if (!ra.error && !rb.error) couples.push(ra.seconds / rb.seconds)
        }
        if (pair) couple(order[0], order[1])
        for (const j of order.slice(pair ? 2 : 0)) run(j)
        if (pair) {
          couple(order[1], order[0])
          const first = once[0][1]
          const extra = more && !first.error && first.seconds > more.above ? more.couples : 0
          for (let k = 0; k < extra; k++) k % 2 ? couple(order[1], order[0]) : couple(order[0], order[1])
        }
        for (const j of order) passes[j].push(meanOf(row.id, programs[j][0], once.filter(([k]) => k === j).map(([, r]) => r)))
        const a = passes[order[0]]
        if (pair && !a.at(-1).error) a[a.length - 1] = { ...a.at(-1), couples }
      }
      pass()
      const short = passes.every(([first]) => first.seconds < repeatBelow)
      for (let k = 1; short && k < repeats; k++) pass()
      for (const [j, [name]] of programs.entries()) {
        let r = medianPass(row.id, name, passes[j])
        if (pair && j === order[0] && !r.error) r = { ...r, couples: passes[j].flatMap((p) => p.couples ?? []) } // every pass's
        ;(runs[i][name] ??= []).push(r)
        const of = passes[j].length > 1 ? ` (median of ${passes[j].length})` : ''
        const ratios = r.couples ? `, couples ${r.couples.map((x) => x.toFixed(2)).join(' ')}` : ''
        process.stderr.write(`round ${round + 1} ${row.id} ${name} ${r.error ? `failed: ${r.error}` : `${r.seconds.toFixed(3)} s${of} ${r.solutions}${ratios}`}\n`)
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
