// Over 4096 options the module searches on sparse sets (src/core/dlx_cells.c,
// built for WebAssembly as one copy for both ways of undoing): counts,
// solutions, budgets and restarts there agree with the definition and with
// the linked search (which the restarts run on). The problem: 2x2 grids
// over a 60-letter alphabet whose rows and columns are words, a word being
// a pair of letters summing to 0 mod 3 (1,200 words, 4,800 options,
// colored: the cells are secondary items colored by the letter).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load } from '../src/js/dlxkit.mjs'

const dlx = await load()
const A = 60
const words = []
for (let a = 0; a < A; a++) for (let b = 0; b < A; b++) if ((a + b) % 3 === 0) words.push([a, b])

/** rows r0 r1, columns c0 c1 (primary); cells xRC (secondary, colored by letter). */
function grids ({ forbid = -1 } = {}) {
  const lines = ['r0 r1 c0 c1 | x00 x01 x10 x11']
  for (const [a, b] of words) {
    if (a === forbid) continue
    for (const i of [0, 1]) lines.push(`r${i} x${i}0:L${a} x${i}1:L${b}`)
    for (const j of [0, 1]) lines.push(`c${j} x0${j}:L${a} x1${j}:L${b}`)
  }
  return lines.join('\n') + '\n'
}

/** The grids by brute force: every row and column a word (no letter `forbid` where a word starts). */
function byDefinition ({ forbid = -1 } = {}) {
  const ok = (a, b) => (a + b) % 3 === 0 && a !== forbid
  let n = 0
  for (let g00 = 0; g00 < A; g00++) {
    for (let g01 = 0; g01 < A; g01++) {
      if (!ok(g00, g01)) continue
      for (let g10 = 0; g10 < A; g10++) {
        if (!ok(g00, g10)) continue
        for (let g11 = 0; g11 < A; g11++) n += ok(g10, g11) && ok(g01, g11)
      }
    }
  }
  return n
}

test('over 4096 colored options: the count is the definition\'s, with and without restarts', () => {
  const p = dlx.parseDlx(grids({ forbid: 7 }))
  try {
    assert.ok(p.shape.options > 4096, `${p.shape.options} options`)
    const want = byDefinition({ forbid: 7 })
    assert.ok(want > 1000)
    assert.equal(p.count(), want)
    const plain = p.stats()
    assert.equal(p.count({ restarts: true }), want) // on the links
    assert.equal(p.countDetailed().nodes, plain.nodes)
  } finally {
    p.free()
  }
})

test('over 4096 options: a search stepped by budgets finds the same solutions, each a set of words', () => {
  const p = dlx.parseDlx(grids())
  try {
    const first = []
    p.restart()
    while (first.length < 50) {
      const r = p.searchUntil(p.stats().nodes + 3)
      if (r === 'done') break
      if (r === 'solution') first.push(p.solution().sort((a, b) => a - b).join(','))
    }
    const again = []
    for (const s of p.solutions({ limit: 50 })) again.push(s.sort((a, b) => a - b).join(','))
    assert.deepEqual(first, again)
    for (const s of again) assert.equal(s.split(',').length, 4)
  } finally {
    p.free()
  }
})

// In WebAssembly a long search runs in slices of 4096 nodes (dlx_search_until,
// so that V8 runs its optimized code): a budget stops it at that node exactly,
// across slices, and the slices count what one run counts.
test('over 4096 options: a node budget across many slices stops there, and the full count is the definition\'s', () => {
  const p = dlx.parseDlx(grids({ forbid: 7 }))
  try {
    const full = p.countDetailed()
    assert.equal(full.count, byDefinition({ forbid: 7 }))
    assert.ok(full.nodes > 8 * 4096, `${full.nodes} nodes`)
    let last = 0
    for (const budget of [4095, 4096, 4097, 3 * 4096 + 5, full.nodes - 1]) {
      const r = p.countDetailed({ maxNodes: budget })
      assert.equal(r.status, 'stopped')
      assert.equal(r.nodes, budget)
      assert.ok(r.count >= last && r.count < full.count, `${r.count} solutions by node ${budget}`)
      last = r.count
    }
    assert.deepEqual(p.countDetailed({ maxNodes: full.nodes }), full)
  } finally {
    p.free()
  }
})

// Without a trail (up to 1024 items) the sparse sets count the updates of a
// step by the fall of the sizes' sum (live_sum in dlx_cells.c), not one by
// one in the hide loop; over 1024 items the trail counts them. The same
// problem with 1,100 more secondary items that no option has walks the same
// tree with the same hides, the other way of undoing: both counts agree.
test('over 4096 options: updates counted with copies of the sizes equal those counted by the trail', () => {
  const text = grids({ forbid: 7 })
  const unused = Array.from({ length: 1100 }, (_, i) => `u${i}`).join(' ')
  const few = dlx.parseDlx(text)
  const many = dlx.parseDlx(text.replace('\n', ` ${unused}\n`))
  try {
    assert.equal(many.shape.items, few.shape.items + 1100)
    const run = (p, maxNodes) => ({ count: p.countDetailed({ maxNodes }).count, ...p.stats() })
    const a = run(few)
    const b = run(many)
    assert.ok(a.updates > 100000, `${a.updates} updates`)
    assert.deepEqual([b.count, b.nodes, b.updates], [a.count, a.nodes, a.updates])
    // stopped by a budget in the middle of a slice
    const sa = run(few, 3 * 4096 + 17)
    const sb = run(many, 3 * 4096 + 17)
    assert.deepEqual([sb.nodes, sb.updates], [sa.nodes, sa.updates])
    assert.ok(sa.updates > 0 && sa.updates < a.updates)
  } finally {
    few.free()
    many.free()
  }
})

// A line of 140 cells cut into pieces of 47 cells or more: 4,465 options,
// each of 47-140 primary items (no word of the sets holds options of one
// primary item only, so every strike lowers its options' counts one by one
// and finds a dead end by them). 1 piece or 2 (the first of 47-93 cells):
// 48 ways. With 1,100 unused secondary items (the trail's way of undoing,
// which gives the counts back one by one too) the tree and updates agree.
test('over 4096 uncolored options of many primary items: the count is the definition\'s both ways of undoing', () => {
  const L = 140
  const MIN = 47
  const cells = Array.from({ length: L }, (_, i) => `c${i}`)
  const lines = [cells.join(' ')]
  for (let len = MIN; len <= L; len++) for (let at = 0; at + len <= L; at++) lines.push(cells.slice(at, at + len).join(' '))
  const text = lines.join('\n') + '\n'
  const unused = Array.from({ length: 1100 }, (_, i) => `u${i}`).join(' ')
  const few = dlx.parseDlx(text)
  const many = dlx.parseDlx(text.replace('\n', ` | ${unused}\n`))
  try {
    assert.ok(few.shape.options > 4096, `${few.shape.options} options`)
    const want = 1 + (L - 2 * MIN + 1)
    const a = { count: few.countDetailed().count, ...few.stats() }
    const b = { count: many.countDetailed().count, ...many.stats() }
    assert.equal(a.count, want)
    assert.deepEqual([b.count, b.nodes, b.updates], [a.count, a.nodes, a.updates])
    assert.equal(few.count({ restarts: true }), want) // on the links
  } finally {
    few.free()
    many.free()
  }
})

// The rows' options with two primary items each (rK and RK, always
// together: the count is the same), so that their words hold options of
// more than one primary item (counted one by one, apart from the loop of
// uniform words in WebAssembly: strike_run); 4,100 more primary items of
// one option each: over ARRAY_SCAN_MAX primary items no dead end is tested
// while striking, and over 1,024 items the counts go back by the trail.
test('over 4096 primary items, rows of two primary items: the colored count is the definition\'s', () => {
  const extra = Array.from({ length: 4100 }, (_, i) => `f${i}`)
  const lines = grids({ forbid: 7 }).trim().split('\n')
  const head = lines[0].replace('r0 r1', `r0 r1 R0 R1 ${extra.join(' ')}`)
  const body = lines.slice(1).map((l) => l.replace(/^r(\d)/, 'r$1 R$1'))
  const p = dlx.parseDlx([head, ...body, ...extra].join('\n') + '\n')
  try {
    assert.ok(p.shape.options > 4096 && p.shape.primary > 4096, `${p.shape.options} options, ${p.shape.primary} primary items`)
    const want = byDefinition({ forbid: 7 })
    assert.equal(p.count(), want)
    assert.equal(p.count({ restarts: true }), want) // on the links
  } finally {
    p.free()
  }
})
