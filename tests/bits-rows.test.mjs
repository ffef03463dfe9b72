// The bit-set search's unrolled rows (src/core/dlx_bits.c: every option with
// the same number of primary items, 2 or 6, over 256 options; in WebAssembly
// lowered in the problem's scratch array through absolute addresses) walk the tree the
// loop over rows walks, counting every update. A problem with one more item
// z and the option {z} goes through that loop (its rows differ in length)
// and z's one option is the first node: one node and one update more, then
// the same tree.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { load } from '../src/js/dlxkit.mjs'

const dlx = await load()

/** A ring of n items; options: every r items in a row and every r items two apart (wrapping); with z, one more. */
function ring (n, r, z) {
  const items = Array.from({ length: n }, (_, i) => `i${i}`)
  const lines = [[...items, ...(z ? ['z'] : [])].join(' ')]
  for (let i = 0; i < n; i++) {
    lines.push(Array.from({ length: r }, (_, j) => items[(i + j) % n]).join(' '))
    lines.push(Array.from({ length: r }, (_, j) => items[(i + 2 * j) % n]).join(' '))
  }
  if (z) lines.push('z')
  return lines.join('\n')
}

for (const r of [2, 6]) {
  test(`rows of ${r} items: the same solutions, nodes and updates as the loop over rows`, () => {
    const same = dlx.parseDlx(ring(300, r, false))
    const mixed = dlx.parseDlx(ring(300, r, true))
    try {
      // the search's walk, node for node (the memo would count these rings whole)
      const a = same.countDetailed({ maxNodes: 20000, memo: false })
      const b = mixed.countDetailed({ maxNodes: 20001, memo: false })
      assert.ok(a.count > 0, 'the walk meets solutions')
      assert.equal(b.count, a.count)
      assert.equal(b.nodes, a.nodes + 1)
      assert.equal(mixed.stats().updates, same.stats().updates + 1)
    } finally {
      same.free()
      mixed.free()
    }
  })
}
