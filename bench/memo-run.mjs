// Memoized counting (build/dlx --count --memo, src/core/dlx_memo.c) beside
// Knuth's DLX6 on tilings and packings: CPU time (user + system, from
// /usr/bin/time) in paired rounds (memo, DLX6, memo, DLX6...), the median
// of the per-round ratios, and peak memory (max RSS). Writes bench/MEMO.md.
//   node bench/memo-run.mjs [rounds]      PEERS=/work/shared/peers in a worktree
// DLX6 is compiled from PEERS/knuth into build/peers-memo (git-ignored).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PEER_DIR } from './peers.mjs'

const ROUNDS = Number(process.argv[2] ?? 3)
const DIR = 'build/peers-memo'
mkdirSync(DIR, { recursive: true })

function dlx6 () {
  const bin = join(DIR, 'dlx6'), k = join(PEER_DIR, 'knuth')
  if (existsSync(bin)) return bin
  const r = spawnSync('clang', ['-O3', '-march=native', '-w', `-I${k}`, join(k, 'dlx6.c'), join(k, 'gb_flip.c'), '-o', bin])
  if (r.status !== 0) throw new Error(`dlx6 not built from ${k}: ${r.stderr}`)
  return bin
}

// Every placement of each shape (cells [row, col]) in a rows x cols box;
// with `named`, each shape is a primary item used once.
function packing (rows, cols, shapes, named) {
  const cell = (r, c) => `${r}.${c}`
  const lines = [[...(named ? Object.keys(shapes) : []), ...Array.from({ length: rows * cols },
    (_, k) => cell(k % rows, Math.floor(k / rows)))].join(' ')]
  for (const [name, base] of Object.entries(shapes)) {
    const seen = new Set()
    for (let t = 0; t < 8; t++) {
      let s = base.map(([r, c]) => (t & 1 ? [c, r] : [r, c])).map(([r, c]) => [t & 2 ? -r : r, t & 4 ? -c : c])
      const r0 = Math.min(...s.map((p) => p[0])), c0 = Math.min(...s.map((p) => p[1]))
      s = s.map(([r, c]) => [r - r0, c - c0]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
      const key = JSON.stringify(s)
      if (seen.has(key)) continue
      seen.add(key)
      for (let c = 0; c < cols; c++) {
        for (let r = 0; r < rows; r++) {
          const at = s.map(([dr, dc]) => [r + dr, c + dc])
          if (at.every(([x, y]) => x < rows && y < cols)) lines.push([...(named ? [name] : []), ...at.map(([x, y]) => cell(x, y))].join(' '))
        }
      }
    }
  }
  return lines.join('\n') + '\n'
}

const DOMINO = { D: [[0, 0], [0, 1]] }
const TROMINO = { I: [[0, 0], [0, 1], [0, 2]], L: [[0, 0], [0, 1], [1, 0]] }
const PENTOMINO = {
  F: [[0, 1], [0, 2], [1, 0], [1, 1], [2, 1]], I: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]],
  L: [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0]], N: [[0, 0], [0, 1], [0, 2], [1, 2], [1, 3]],
  P: [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]], T: [[0, 0], [0, 1], [0, 2], [1, 1], [2, 1]],
  U: [[0, 0], [0, 2], [1, 0], [1, 1], [1, 2]], V: [[0, 0], [0, 1], [0, 2], [1, 0], [2, 0]],
  W: [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2]], X: [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]],
  Y: [[0, 0], [0, 1], [0, 2], [0, 3], [1, 1]], Z: [[0, 0], [0, 1], [1, 1], [2, 1], [2, 2]]
}
const ROWS = [
  ['dominoes-8x8', packing(8, 8, DOMINO, false)],
  ['dominoes-10x10', packing(10, 10, DOMINO, false)],
  ['dominoes-12x12', packing(12, 12, DOMINO, false)],
  ['trominoes-6x12', packing(6, 12, TROMINO, false)],
  ['pentominoes-4x15', packing(4, 15, PENTOMINO, true)],
  ['pentominoes-5x12', packing(5, 12, PENTOMINO, true)]
]

// { cpu seconds, peak KB, count } of one run.
function run (cmd, args, file) {
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %U %S %M', 'nice', cmd, ...args], { input: file, encoding: 'utf8', maxBuffer: 1 << 30 })
  const t = r.stderr.match(/TIME (\S+) (\S+) (\d+)/)
  const count = (r.stderr.match(/Altogether (\d+) solutions/) ?? r.stdout.match(/^(\d+)$/m) ?? [])[1]
  if (!t || r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr.slice(-300)}`)
  return { cpu: Number(t[1]) + Number(t[2]), kb: Number(t[3]), count }
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2 }
const peer = dlx6()
const out = ['# Memoized counting beside DLX6', '',
  `Written by bench/memo-run.mjs (${ROUNDS} paired rounds; CPU s = user + system; memo = build/dlx --count --memo). ` +
  'Ratio: the median over rounds of DLX6\'s time / memo\'s (above 1: memo faster). Times under 0.01 s are at the clock\'s grain.', '',
  '| instance | solutions | memo CPU s | DLX6 CPU s | DLX6 / memo | memo peak MB | DLX6 peak MB |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |']
for (const [name, file] of ROWS) {
  const a = [], b = []
  for (let k = 0; k < ROUNDS; k++) {
    a.push(run('build/dlx', ['--count', '--memo', '--quiet'], file))
    b.push(run(peer, [], file))
  }
  if (a.some((x) => x.count !== b[0].count) || b.some((x) => x.count !== b[0].count)) throw new Error(`${name}: counts differ: ${a[0].count} vs ${b[0].count}`)
  const ratio = median(a.map((x, k) => b[k].cpu / Math.max(x.cpu, 0.005)))
  const row = `| ${name} | ${BigInt(a[0].count).toLocaleString('en-US')} | ${median(a.map((x) => x.cpu)).toFixed(2)} | ${median(b.map((x) => x.cpu)).toFixed(2)} | ${ratio.toFixed(2)} | ` +
    `${(median(a.map((x) => x.kb)) / 1024).toFixed(1)} | ${(median(b.map((x) => x.kb)) / 1024).toFixed(1)} |`
  console.log(row)
  out.push(row)
}
writeFileSync('bench/MEMO.md', out.join('\n') + '\n')
