// The side-by-side loop the family runners share (family-run.mjs,
// multiplicity-run.mjs): every program on every row once per round, one
// after another, so that a round's ratios are taken under the same load;
// then every count checked against the reference program's.

/**
 * rows: [{ id, file }]; programs: [[name, (file) => { seconds, solutions }]].
 * A row whose every program ran under `repeatBelow` seconds in a round's
 * first pass runs `repeats` passes in that round (all programs again, one
 * after another), and each program's result for the round is its median
 * pass: on a 1 ms row a single run's noise (a tick of another process, a
 * cold cache) decides the ratio. Every pass's count must agree.
 * Returns, per row, { name: [result per round] }.
 */
/** A measurement, or the reason it failed: a failed cell is reported, never dropped. */
export function attempt (fn) {
  try {
    return fn()
  } catch (e) {
    process.stderr.write(' [failed]')
    return { error: e.message.split('\n')[0].slice(0, 200) }
  }
}

export function runRounds (rows, programs, rounds, { repeatBelow = 0, repeats = 1 } = {}) {
  const runs = rows.map(() => ({}))
  for (let round = 0; round < rounds; round++) {
    for (const [i, row] of rows.entries()) {
      const passes = programs.map(() => [])
      const pass = () => programs.forEach(([, run], j) => passes[j].push(run(row.file)))
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
