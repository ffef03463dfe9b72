// The memoized count and the ZDD of problems with colors, end to end: the
// module (count, countBig, countDetailed, zdd), the worker, and the Node CLI
// (`dlxkit cover --count --memo`, `--zdd`). Wang tilings (bench/wang.mjs:
// edge colors that must match) against a transfer matrix computed here;
// the ZDD's text against DLX6's for the same file (tests/data/zdd); random
// colored problems against the search.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createWorker, load } from '../src/js/dlxkit.mjs'
import { tiles, wang } from '../bench/wang.mjs'
import { dataFile, rng } from './helpers.mjs'
import { ok } from './cli-helpers.mjs'

const dlx = await load()
const w = await createWorker()
const dir = mkdtempSync(join(tmpdir(), 'dlxkit-memo-colors-'))
after(() => {
  w.terminate()
  rmSync(dir, { recursive: true, force: true })
})

/** The Wang tilings of bench/wang.mjs counted cell by cell, column by column:
 * a state is each row's last E color and the last cell's S color ('' free). */
function wangCount (rows, cols, types, colors, seed = 1) {
  const kinds = tiles(types, colors, seed)
  let states = new Map([[JSON.stringify([Array(rows).fill(''), '']), 1n]])
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      const next = new Map()
      for (const [key, n] of states) {
        const [east, south] = JSON.parse(key)
        for (const [N, E, S, W] of kinds) {
          if ((c > 0 && east[r] !== W) || (r > 0 && south !== N)) continue
          const e = [...east]
          e[r] = c + 1 < cols ? E : ''
          const k = JSON.stringify([e, r + 1 < rows ? S : ''])
          next.set(k, (next.get(k) ?? 0n) + n)
        }
      }
      states = next
    }
  }
  let sum = 0n
  for (const n of states.values()) sum += n
  return sum
}

test('a Wang tiling past 2^64 counts exactly by the memo, in a few thousand nodes; auto takes the memo too', () => {
  const text = wang(3, 24, 6, 2)
  const want = wangCount(3, 24, 6, 2)
  assert.ok(want > 2n ** 64n)
  const p = dlx.parseDlx(text)
  const r = p.countDetailed({ memo: true, maxNodes: 100000, bigint: true })
  assert.equal(r.status, 'done')
  assert.equal(r.count, want)
  assert.ok(r.nodes < 10000, `${r.nodes} nodes`)
  assert.equal(p.countBig(), want) // the default rule
  assert.ok(p.countDetailed({ bigint: true }).nodes < 10000)
  for (const [rows, cols, types] of [[2, 3, 4], [3, 3, 5], [2, 5, 6]]) {
    const q = dlx.parseDlx(wang(rows, cols, types, 2, 7))
    assert.equal(q.countBig({ memo: true }), wangCount(rows, cols, types, 2, 7))
    assert.equal(q.countBig({ memo: false }), wangCount(rows, cols, types, 2, 7))
  }
})

test('memoized counts equal the search\'s on random colored problems', () => {
  let some = 0
  for (let seed = 1; seed <= 80; seed++) {
    const rand = rng(seed)
    const n = 3 + rand(6), colors = ['r', 'g', 'b']
    const options = Array.from({ length: 10 + rand(20) }, () => {
      const items = new Map([[`p${rand(n)}`, '']])
      for (let j = rand(4); j > 0; j--) {
        const x = rand(n + 3)
        items.set(x < n ? `p${x}` : `s${x - n}`, x < n || !rand(4) ? '' : `:${colors[rand(3)]}`)
      }
      return [...items].map(([item, color]) => item + color).join(' ')
    })
    const text = `${Array.from({ length: n }, (_, i) => `p${i}`).join(' ')} | s0 s1 s2\n${options.join('\n')}\n`
    const p = dlx.parseDlx(text)
    const plain = p.countBig({ memo: false })
    some += plain > 0n
    for (const opts of [{ memo: true }, { memo: true, memoBytes: 1 }, {}]) assert.equal(p.countBig(opts), plain, `seed ${seed} ${JSON.stringify(opts)}`)
    assert.equal(p.zdd().countBig(), plain, `seed ${seed}: the ZDD`)
  }
  assert.ok(some > 10, 'most problems have solutions')
})

test('the ZDD of a colored problem: DLX6\'s text byte for byte, its solutions valid', () => {
  const p = dlx.parseDlx(wang(4, 4, 6, 2))
  const z = p.zdd()
  assert.equal(z.toText(), dataFile('zdd', 'wang-4x4-6-2.dlx6.zdd'))
  assert.equal(z.countBig(), wangCount(4, 4, 6, 2))
  for (const k of [0, 1, 12345, z.count() - 1]) {
    const s = z.nth(k)
    assert.equal(s.length, 16)
    const edge = new Map()
    for (const o of s) {
      for (const part of p.formatOption(o).split(' ').slice(1)) {
        const [item, color] = part.split(':')
        assert.equal(edge.get(item) ?? color, color, `solution ${k}: ${item} holds one color`)
        edge.set(item, color)
      }
    }
  }
})

test('worker and CLI: colored problems count by the memo and build their ZDD', async () => {
  const text = wang(3, 24, 6, 2)
  const want = wangCount(3, 24, 6, 2)
  const remote = await w.parseDlx(text)
  assert.equal(await remote.countBig(), want)
  const d = await remote.countDetailed({ memo: true, bigint: true })
  assert.equal(d.count, want)
  assert.ok(d.nodes < 10000)
  assert.equal(await (await remote.zdd()).countBig(), want)
  const file = join(dir, 'wang.dlx')
  writeFileSync(file, text)
  assert.equal(ok(['cover', '--count', '--memo', file]).stdout.trim(), String(want))
  assert.equal(ok(['cover', '--count', file]).stdout.trim(), String(want))
  const small = join(dir, 'wang-4x4.dlx')
  writeFileSync(small, wang(4, 4, 6, 2))
  assert.equal(ok(['cover', '--zdd', '-', '-q', small]).stdout, dataFile('zdd', 'wang-4x4-6-2.dlx6.zdd'))
})
