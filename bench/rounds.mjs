// The side-by-side loop the family runners share (family-run.mjs,
// multiplicity-run.mjs): every program on every row once per round, one
// after another, so that a round's ratios are taken under the same load;
// then every count checked against the reference program's.

/**
 * rows: [{ id, file }]; programs: [[name, (file) => { seconds, solutions }]].
 * Returns, per row, { name: [result per round] }.
 */
export function runRounds (rows, programs, rounds) {
  const runs = rows.map(() => ({}))
  for (let round = 0; round < rounds; round++) {
    for (const [i, row] of rows.entries()) {
      for (const [name, run] of programs) {
        const r = run(row.file)
        ;(runs[i][name] ??= []).push(r)
        process.stderr.write(`round ${round + 1} ${row.id} ${name} ${r.seconds.toFixed(3)} s ${r.solutions}\n`)
      }
    }
  }
  return runs
}

/** The reference's count of a row, after checking every run of every program against it. */
export function agreedCount (id, runs, reference, label) {
  const want = runs[reference][0].solutions
  for (const [name, list] of Object.entries(runs)) {
    for (const x of list) if (x.solutions !== want) throw new Error(`${id}: ${name} counted ${x.solutions}, ${label} ${want}`)
  }
  return want
}
