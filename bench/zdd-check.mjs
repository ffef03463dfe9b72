// Our ZDDs beside DLX6's (built by bench/peers.mjs) on the memo family
// (bench/memo-rows.mjs) and on queens with diagonals as secondary items
// (a dead secondary item keys a state as DLX6's does): `build/dlx --zdd` and `dlx6 m1` write the ZDD of
// every solution in DLX6's text format; each text's nodes are counted and
// its paths to the terminal 1 counted here (BigInt), and both must agree
// with each other and with DLX6's own report ("Altogether N solutions",
// "N ZDD nodes", the two terminals counted). Writes bench/ZDD.md; exits 1
// on any difference.
//   node bench/zdd-check.mjs [--rows a,b]   (DLX6 takes 3.7 GB on pentominoes-5x12)
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describeMachine } from './machine.mjs'
import { parseArgs } from 'node:util'
import { PEERS } from './measure-peer.mjs'
import { ROWS } from './memo-rows.mjs'
import { buildPeers } from './peers.mjs'

const { values } = parseArgs({ options: { rows: { type: 'string' } } })
const DIR = 'build/bench/zdd'

/** n queens: rows and columns primary, diagonals secondary. */
function queens (n) {
  const diagonals = Array.from({ length: 2 * n - 1 }, (_, k) => [`a${k}`, `b${k}`]).flat()
  const lines = [[...Array.from({ length: n }, (_, k) => `r${k} c${k}`), '|', ...diagonals].join(' ')]
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) lines.push(`r${r} c${c} a${r + c} b${r - c + n - 1}`)
  return lines.join('\n') + '\n'
}
const CHECKED = [...ROWS.filter((row) => !row[2]), ['queens-8', queens(8)], ['queens-12', queens(12)]] // ZDDs have no bounds

/** Runs cmd with stdin from `input` and stdout into `output`: its stderr. */
function run (cmd, args, input, output) {
  const i = openSync(input, 'r'), o = openSync(output, 'w')
  try {
    const r = spawnSync(cmd, args, { stdio: [i, o, 'pipe'], encoding: 'utf8', maxBuffer: 1 << 24 })
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} < ${input}: exit ${r.status}: ${(r.stderr ?? '').slice(-300)}`)
    return r.stderr
  } finally {
    closeSync(i)
    closeSync(o)
  }
}

/** A text in DLX6's format: { nodes (lines but the root's), paths (to 1, from the root: the last line) }. */
function readZdd (file) {
  const paths = [0n, 1n]
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean)
  for (const [k, line] of lines.entries()) {
    const m = /^([0-9a-f]+): \(~(\d+)\?([0-9a-f]+):([0-9a-f]+)\)$/.exec(line)
    const id = m && parseInt(m[1], 16), lo = m && parseInt(m[3], 16), hi = m && parseInt(m[4], 16)
    if (!m || id !== paths.length || lo >= id || hi >= id) throw new Error(`${file}:${k + 1}: not a node of DLX6's format: ${line}`)
    paths.push(paths[lo] + paths[hi])
  }
  return { nodes: lines.length - 1, paths: paths[paths.length - 1] }
}

if (!existsSync('build/dlx')) throw new Error('build/dlx is missing: make build/dlx')
if (!existsSync(`${PEERS}/dlx6`)) buildPeers()
if (!existsSync(`${PEERS}/dlx6`)) throw new Error(`${PEERS}/dlx6 could not be built (PEERS=${process.env.PEERS ?? '../shared/peers'})`)
mkdirSync(DIR, { recursive: true })
const wanted = values.rows ? values.rows.split(',') : CHECKED.map(([id]) => id)
const out = ['# ZDDs beside DLX6', '',
  `Written by \`node bench/zdd-check.mjs\` on ${describeMachine().date}: ` +
  '`build/dlx --zdd` and DLX6 (`m1`) on the rows of bench/memo-rows.mjs and on queens (diagonals secondary); nodes: lines of the text but the root\'s; paths: counted from the text alone. DLX6 reports its nodes with the two terminals.', '',
  '| instance | solutions | our nodes | DLX6 nodes | our paths = DLX6\'s | texts identical |',
  '| --- | ---: | ---: | ---: | --- | --- |']
let bad = 0
for (const [id, text] of CHECKED.filter(([id]) => wanted.includes(id))) {
  const file = join(DIR, `${id}.dlx`), ours = join(DIR, `${id}.ours.zdd`), theirs = join(DIR, `${id}.dlx6.zdd`)
  writeFileSync(file, text)
  run('build/dlx', ['--zdd', '-', '--quiet'], file, ours)
  const report = run(`${PEERS}/dlx6`, ['m1'], file, theirs)
  const count = BigInt(/Altogether (\d+) solutions?/.exec(report)[1]), reported = Number(/ (\d+) ZDD nodes?/.exec(report)[1]) - 2
  const a = readZdd(ours), b = readZdd(theirs)
  const same = readFileSync(ours).equals(readFileSync(theirs))
  const ok = a.nodes === b.nodes && b.nodes === reported && a.paths === b.paths && b.paths === count
  if (!ok) bad++
  out.push(`| ${id} | ${count.toLocaleString('en-US')} | ${a.nodes.toLocaleString('en-US')} | ${b.nodes.toLocaleString('en-US')} | ${a.paths === b.paths && b.paths === count ? 'yes' : `no: ${a.paths} vs ${b.paths}`} | ${same ? 'yes' : 'no'} |`)
}
writeFileSync('bench/ZDD.md', out.join('\n') + '\n')
console.log(out.join('\n'))
if (bad) {
  console.error(`${bad} row(s) differ from DLX6`)
  process.exit(1)
}
