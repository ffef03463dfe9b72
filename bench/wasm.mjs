// WebAssembly benchmark, in one run so the machine's noise is shared: dlxkit
// through the public JS API (a batch call, and one call per puzzle), the
// native build (build/bench/*, from `make bench`), and dancing-links from npm
// (the fastest JavaScript DLX; a devDependency). Prints Markdown tables.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { DancingLinks } from 'dancing-links'
import { load } from '../dist/dlxkit.mjs'

const data = process.env.DATA ?? '../shared/data'
const PEER_MAX = Number(process.env.PEER_MAX ?? 10000) // puzzles per set for the slow peer

function puzzlesOf (name) {
  return readFileSync(join(data, 'sudoku', name), 'utf8').split('\n')
    .filter((l) => l.length >= 81 && !l.startsWith('#')).map((l) => l.slice(0, 81))
}

function perSecond (count, fn) {
  const t0 = performance.now()
  fn()
  return count / ((performance.now() - t0) / 1000)
}

// ---- the module itself ----------------------------------------------------------
const wasm = readFileSync(new URL('../dist/dlxkit.wasm', import.meta.url))
let loadMs = Infinity
for (let i = 0; i < 5; i++) {
  const t0 = performance.now()
  await load({ wasm })
  loadMs = Math.min(loadMs, performance.now() - t0)
}
const dlx = await load()
console.log(`dlxkit.wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped; load() from bytes ${loadMs.toFixed(1)} ms\n`)

// ---- Sudoku -------------------------------------------------------------------------
/** dancing-links on one puzzle: its own matrix with only the givens' rows. */
function peerSolve (line) {
  const solver = new DancingLinks().createSolver({ columns: 324 })
  const rows = []
  for (let cell = 0; cell < 81; cell++) {
    const r = Math.floor(cell / 9)
    const c = cell % 9
    const b = Math.floor(r / 3) * 3 + Math.floor(c / 3)
    const given = line.charCodeAt(cell) - 48
    for (let d = 0; d < 9; d++) {
      if (given >= 1 && given <= 9 && d !== given - 1) continue
      rows.push({ data: cell * 9 + d, columnIndices: [cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d] })
    }
  }
  solver.addSparseConstraints(rows)
  return solver.find(2).length
}

const sets = ['17-clue.txt', 'top1465.txt', 'hardest1106.txt']
const native = Object.fromEntries(execFileSync('build/bench/sudoku_native', ['1', ...sets.map((s) => join(data, 'sudoku', s))], { encoding: 'utf8' })
  .trim().split('\n').map((l) => l.split(' ')).map(([name, , rate]) => [name, Number(rate)]))
console.log('| Sudoku set (limit 2) | native C | WASM batch | WASM per call | dancing-links | batch / native | batch / dancing-links |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const name of sets) {
  const all = puzzlesOf(name)
  const batch = perSecond(all.length, () => {
    for (let i = 0; i < all.length; i += 1000) {
      for (const r of dlx.sudoku.solveMany(all.slice(i, i + 1000))) if (r.status !== 'unique') throw new Error('not unique')
    }
  })
  const single = perSecond(all.length, () => { for (const p of all) dlx.sudoku.solve(p) })
  const some = all.slice(0, PEER_MAX)
  const peer = perSecond(some.length, () => { for (const p of some) if (peerSolve(p) !== 1) throw new Error('peer: not unique') })
  const f = (x) => Math.round(x).toLocaleString('en') + '/s'
  console.log(`| ${name}${some.length < all.length ? ` (peer: first ${some.length})` : ''} | ${f(native[name])} | ${f(batch)} | ${f(single)} | ${f(peer)} | ${(batch / native[name]).toFixed(2)}x | ${(batch / peer).toFixed(1)}x |`)
}

// ---- exact cover -----------------------------------------------------------------------
/** dancing-links on a DLX file: primary and secondary columns, counting with its generator. */
function peerCount (text) {
  const lines = text.split('\n').filter((l) => l.trim() && !l.trimStart().startsWith('|'))
  const [prim, sec = ''] = lines[0].split('|')
  const p = prim.trim().split(/\s+/)
  const s = sec.trim() ? sec.trim().split(/\s+/) : []
  const index = new Map([...p, ...s].map((n, i) => [n, i]))
  const solver = new DancingLinks().createSolver({ primaryColumns: p.length, secondaryColumns: s.length })
  for (const line of lines.slice(1)) {
    const items = line.trim().split(/\s+/).map((n) => index.get(n))
    solver.addSparseConstraint(null, { primary: items.filter((i) => i < p.length), secondary: items.filter((i) => i >= p.length).map((i) => i - p.length) })
  }
  let n = 0
  for (const _ of solver.createGenerator()) n++ // eslint-disable-line no-unused-vars
  return n
}

function seconds (fn) {
  const t0 = performance.now()
  const r = fn()
  return [r, (performance.now() - t0) / 1000]
}

console.log('\n| instance (all solutions) | solutions | native C | WASM | dancing-links | WASM / native | WASM vs dancing-links |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const name of ['queens-13', 'langford-12', 'pentomino-5x12', 'pentomino-6x10']) {
  const file = join(data, 'exact-cover', `${name}.dlx`)
  const text = readFileSync(file, 'utf8')
  const nat = Number(execFileSync('sh', ['-c', 'build/bench/dlx --count "$0" 2>&1', file], { encoding: 'utf8' }).match(/search ([\d.]+) s/)[1])
  const [count, w] = seconds(() => { const p = dlx.parseDlx(text); const c = p.count(); p.free(); return c })
  const [peer, d] = seconds(() => peerCount(text))
  if (peer !== count) throw new Error(`${name}: dancing-links counts ${peer}, dlxkit ${count}`)
  console.log(`| ${name} | ${count} | ${nat.toFixed(2)} s | ${w.toFixed(2)} s | ${d.toFixed(2)} s | ${(nat / w).toFixed(2)}x | ${(d / w).toFixed(1)}x faster |`)
}
