// bench/hard-sweep.mjs's parts that hold without timing: the at-most-one
// encodings (bench/cnf-amo.mjs) mean what they say, the puzzle CNF in each of
// them solves small grids (by a small solver of this file's own, checked by
// bench/hard-sudoku.mjs's checker), the sweep's puzzles blank the fraction
// asked by the seed, and the report finds the peak and judges the goals from
// fixed data.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { AMO_ENCODINGS, atMostOne, exactlyOne } from '../bench/cnf-amo.mjs'
import { cnf, fullGrid, isSolution, readModel } from '../bench/hard-sudoku.mjs'
import { FRACTIONS, findPeak, goals, hardMarkdown, sweepPuzzle } from '../bench/hard-sweep-report.mjs'

/** A model of the DIMACS text (literals), or null when none exists: unit propagation and branching. */
function solve (text) {
  const [, vars] = /^p cnf (\d+) \d+$/m.exec(text).map(Number)
  const clauses = text.split('\n').filter((l) => l && !/^[cp]/.test(l)).map((l) => l.split(' ').map(Number).slice(0, -1))
  const value = new Int8Array(vars + 1)
  const trail = []
  const set = (lit) => { value[Math.abs(lit)] = lit > 0 ? 1 : -1; trail.push(Math.abs(lit)) }
  const truth = (lit) => value[Math.abs(lit)] * Math.sign(lit)
  const propagate = () => {
    for (let changed = true; changed;) {
      changed = false
      for (const c of clauses) {
        let open = 0, last = 0, sat = false
        for (const l of c) {
          const t = truth(l)
          if (t > 0) { sat = true; break }
          if (t === 0) open++, last = l
        }
        if (sat) continue
        if (!open) return false
        if (open === 1) set(last), changed = true
      }
    }
    return true
  }
  const search = () => {
    const mark = trail.length
    if (propagate()) {
      const v = value.findIndex((x, i) => i > 0 && x === 0)
      if (v < 0) return true
      for (const lit of [v, -v]) {
        const inner = trail.length
        set(lit)
        if (search()) return true
        while (trail.length > inner) value[trail.pop()] = 0
      }
    }
    while (trail.length > mark) value[trail.pop()] = 0
    return false
  }
  return search() ? Array.from({ length: vars }, (_, i) => (value[i + 1] > 0 ? i + 1 : -(i + 1))) : null
}

test('at most one and exactly one: in every encoding, the x that can be true together are the ones allowed', () => {
  for (const encoding of AMO_ENCODINGS) {
    for (let n = 1; n <= 8; n++) {
      const lits = Array.from({ length: n }, (_, i) => i + 1)
      let next = n + 1
      const fresh = () => next++
      const amo = atMostOne(lits, encoding, () => fresh())
      next = n + 1
      const exo = exactlyOne(lits, encoding, fresh)
      const auxTop = next - 1
      for (let mask = 0; mask < 1 << n; mask++) {
        const units = lits.map((x, i) => `${mask >> i & 1 ? x : -x} 0`)
        const dimacs = (cs) => `p cnf ${Math.max(auxTop, n)} 0\n${[...cs.map((c) => `${c.join(' ')} 0`), ...units].join('\n')}\n`
        const ones = lits.filter((_, i) => mask >> i & 1).length
        assert.equal(solve(dimacs(amo)) !== null, ones <= 1, `${encoding}, ${n} literals, x = ${mask.toString(2)}: at most one`)
        assert.equal(solve(dimacs(exo)) !== null, ones === 1, `${encoding}, ${n} literals, x = ${mask.toString(2)}: exactly one`)
      }
    }
  }
  assert.throws(() => atMostOne([1, 2, 3, 4, 5], 'binary', () => 9), /unknown at-most-one encoding "binary"/)
})

test('the auxiliary encodings are smaller than the pairs on a long list', () => {
  const lits = Array.from({ length: 36 }, (_, i) => i + 1)
  const sizes = Object.fromEntries(AMO_ENCODINGS.map((e) => { let v = 37; return [e, atMostOne(lits, e, () => v++).length] }))
  assert.equal(sizes.pairwise, 36 * 35 / 2)
  assert.equal(sizes.ladder, 3 * 36 - 5)
  assert.ok(sizes.commander < sizes.pairwise / 3, `commander: ${sizes.commander} clauses`)
})

test('the puzzle CNF, in every encoding, gives a solution of the puzzle, and none when the puzzle has none', () => {
  for (const [size, blank, seed] of [[9, 0.6, 9001], [9, 0.7, 9002], [16, 0.5, 16003]]) {
    const puzzle = sweepPuzzle(size, blank, seed)
    for (const amo of AMO_ENCODINGS) {
      const { text, decode } = cnf(size, puzzle, { amo })
      const model = solve(text)
      assert.ok(model, `${size}x${size} ${amo}: satisfiable`)
      const grid = decode(readModel(`v ${model.join(' ')} 0`))
      assert.ok(isSolution(size, puzzle, grid), `${size}x${size} ${amo}: its model decodes to a solution`)
    }
  }
  // the 1 below the first row's two blanks (in one's column, both's box) leaves them only 2: no solution
  const bad = [0, 0, 3, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
  for (const amo of AMO_ENCODINGS) assert.equal(solve(cnf(4, bad, { amo }).text), null, `4x4 ${amo}: no solution`)
})

test('the sweep blanks the fraction asked, by the seed, over the seed\'s one grid', () => {
  for (const size of [16, 25, 36, 49, 64]) {
    const full = fullGrid(size, size * 1000 + 1)
    let before = null
    for (const blank of FRACTIONS) {
      const p = sweepPuzzle(size, blank, size * 1000 + 1)
      assert.equal(p.filter((v) => v === 0).length, Math.round(blank * size * size), `${size}x${size} at ${blank}`)
      assert.ok(p.every((v, i) => v === 0 || v === full[i]), 'the givens are the grid\'s')
      if (before) assert.ok(before.every((v, i) => v !== 0 || p[i] === 0), 'a higher fraction keeps the lower one\'s blanks')
      before = p
    }
    assert.deepEqual(sweepPuzzle(size, 0.5, size * 1000 + 1), sweepPuzzle(size, 0.5, size * 1000 + 1))
    assert.notDeepEqual(sweepPuzzle(size, 0.5, size * 1000 + 2), sweepPuzzle(size, 0.5, size * 1000 + 1))
  }
  assert.deepEqual(FRACTIONS, [0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75])
})

const solved = (seconds, nodes) => ({ solved: true, seconds, nodes })
const sat = (seconds, conflicts) => ({ solved: true, seconds, conflicts })
const capped = (cap) => ({ solved: false, capped: true, seconds: cap })

test('the peak: the highest median nodes, an unsolved puzzle above any; a tie of capped medians goes to the harder neighbours', () => {
  const row = (blank, natives, cads = natives.map(() => sat(1, 10))) => ({ blank, puzzles: natives.map((n, i) => ({ seed: i, native: n, cadical: cads[i] })) })
  const rows = [
    row(0.4, [solved(0.1, 10), solved(0.1, 20), solved(0.1, 30)]),
    row(0.45, [solved(0.9, 50), solved(0.05, 60), solved(0.05, 70)]), // most nodes, not most time
    row(0.5, [solved(0.5, 40), solved(0.5, 40), solved(0.5, 40)])
  ]
  assert.equal(findPeak(rows, 30), 0.45)
  rows.push(row(0.55, [capped(30), capped(30), solved(2, 5)]))
  assert.equal(findPeak(rows, 30), 0.55)
  rows.push(row(0.6, [capped(30), capped(30), capped(30)]))
  assert.equal(findPeak(rows, 30), 0.55) // capped medians both: the harder neighbours (0.5 and 0.6 against 0.55 alone)
  rows.push(row(0.65, [capped(30), capped(30), solved(25, 5)]))
  assert.equal(findPeak(rows, 30), 0.6) // the middle of three capped rows
  assert.equal(findPeak(rows.slice(0, 3), 30, 'cadical'), 0.45) // CaDiCaL's own: the same conflicts and times in all three, the middle
})

test('the goals: every puzzle within a step of the peak under the limit, the median over CaDiCaL; capped shows as "> cap"', () => {
  const puzzles = (natives, wasms, cads) => natives.map((n, i) => ({ seed: i, native: n, wasm: wasms[i], cadical: cads[i] }))
  const rows = [0.45, 0.5, 0.55].map((blank) => ({ blank, puzzles: puzzles([solved(1, 10), solved(1.5, 20)], [solved(3, 10), solved(3.5, 20)], [sat(1.5, 5), sat(2, 5)]) }))
  rows.unshift({ blank: 0.4, puzzles: puzzles([capped(30)], [capped(30)], [capped(30)]) }) // two steps from the peak: not judged
  const data = {
    settings: { puzzles: 1, peakPuzzles: 2, wasm: true },
    amoChoice: 'pairwise',
    machine: { cpu: 'Test CPU', cores: 2, memoryGiB: 4, os: 'Test OS', node: 'v20', clang: 'clang', emcc: 'emcc', cadical: 'sc2021', load: '1', date: 'now' },
    loadAtEnd: '2',
    builds: { native: 'n', wasm: 'w', cadical: 'sc2021' },
    sizes: [{ size: 36, cap: 30, puzzles: 1, peakPuzzles: 2, comparePuzzles: 0, peak: 0.5, rows }]
  }
  const g = goals(data)
  assert.deepEqual(g.map((x) => [x.goal, x.met]), [
    ['native: every puzzle under 2 s', true], ['WASM: every puzzle under 4 s', true], ['native: median >= 2x CaDiCaL', false]])
  assert.equal(g[2].measured, '1.42x') // the ratios 1.5/1 and 2/1.5, three times each
  rows[2].puzzles[1].wasm = capped(30)
  const md = hardMarkdown(data)
  assert.match(md, /WASM: every puzzle under 4 s \| 36x36, 45% 50% 55% \| 5\/6 solved, 5 under 4 s, worst > 30 s \| \*\*not met\*\*/)
  assert.match(md, /\| \*\*50% \(peak\)\*\* \| 2 \|/)
  assert.match(md, /\| 40% \| 1 \| 0\/1 \| > 30 s \|/)
  delete rows[1].puzzles[0].cadical
  assert.match(hardMarkdown(data), /36x36 45%: cadical not run on 1 of 2 puzzles/)
  assert.match(hardMarkdown(data), /\| 36x36 \| 50% \| 1.25 s \|/)
  for (const p of rows[2].puzzles) p.native = capped(30)
  assert.match(hardMarkdown(data), /\| 36x36 \| 50% \(the cap decides\) \| > 30 s \|/)
})
