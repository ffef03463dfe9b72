// "Exactly one of these literals" as CNF clauses, its at-most-one half in one
// of three encodings, for the bench's SAT runs (bench/hard-sudoku.mjs's
// puzzles, bench/fill-cnf.mjs's empty grids). Literals are DIMACS numbers;
// `fresh()` hands out a new auxiliary variable. A clause is an array.
//   pairwise:  every pair (a or b false): n(n-1)/2 clauses, no variable.
//   ladder:    the sequential counter (s_i: "one of the first i+1 is true"):
//              3n-5 clauses, n-2 variables; the at-most-one half of a ladder.
//   commander: groups of 3, pairwise inside, a commander per group implied by
//              each member and implying one of them, then at most one
//              commander, the same way over the commanders.
// A list of up to PAIRWISE_UP_TO literals is pairwise in every encoding:
// there the pairs are fewer clauses than any auxiliary scheme.
export const AMO_ENCODINGS = ['pairwise', 'ladder', 'commander']
export const PAIRWISE_UP_TO = 4
const GROUP = 3

function pairwise (lits, out) {
  for (let i = 0; i < lits.length; i++) for (let j = i + 1; j < lits.length; j++) out.push([-lits[i], -lits[j]])
}

function ladder (lits, out, fresh) {
  let prev = lits[0]
  for (let i = 1; i < lits.length; i++) {
    out.push([-prev, -lits[i]])
    if (i === lits.length - 1) break
    const s = fresh()
    out.push([-prev, s], [-lits[i], s])
    prev = s
  }
}

function commander (lits, out, fresh) {
  if (lits.length <= PAIRWISE_UP_TO) return pairwise(lits, out)
  const commanders = []
  for (let g = 0; g < lits.length; g += GROUP) {
    const group = lits.slice(g, g + GROUP)
    if (group.length === 1) { commanders.push(group[0]); continue }
    const c = fresh()
    pairwise(group, out)
    for (const x of group) out.push([-x, c])
    out.push([-c, ...group])
    commanders.push(c)
  }
  commander(commanders, out, fresh)
}

/** The clauses saying at most one of `lits` is true, in `encoding`. */
export function atMostOne (lits, encoding, fresh) {
  const out = []
  if (lits.length <= PAIRWISE_UP_TO || encoding === 'pairwise') pairwise(lits, out)
  else if (encoding === 'ladder') ladder(lits, out, fresh)
  else if (encoding === 'commander') commander(lits, out, fresh)
  else throw new Error(`cnf-amo: unknown at-most-one encoding "${encoding}" (one of ${AMO_ENCODINGS.join(', ')})`)
  return out
}

/** The clauses saying exactly one of `lits` is true: one clause for "at least one", then atMostOne. */
export function exactlyOne (lits, encoding, fresh) {
  return [lits.slice(), ...atMostOne(lits, encoding, fresh)]
}

/** DIMACS text of `clauses` over `vars` variables, after a comment line. */
export function dimacs (comment, vars, clauses) {
  return `c ${comment}\np cnf ${vars} ${clauses.length}\n${clauses.map((c) => c.join(' ') + ' 0').join('\n')}\n`
}
