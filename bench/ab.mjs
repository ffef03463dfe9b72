// A/B of builds on the exact-cover rows: native binaries (the CLI's
// `--count`), WebAssembly modules (through src/js/dlxkit.mjs, load and parse
// included, as the bench measures them) and Knuth's programs built in
// build/peers (peer:ssxcc, peer:dlx2), run one after another in every
// round, each in a process of its own and timed over its CPU time; tree:DIR
// is another checkout's module through its own library and bench (an older
// commit, whose JS may not bind today's module). Prints,
// per row, each build's median seconds and the median of its per-round ratio
// to the first build (above 1: faster). Checks every count.
//   node bench/ab.mjs [--rounds N] [--rows name,name] native:build/bench/dlx wasm:dist/dlxkit.wasm wasm:other.wasm tree:../old peer:ssxcc
// (wasm:PATH@NODE runs the module under another Node binary: another V8.)
// Rows by their bench/rows.mjs names (default: all) or bench/family.mjs ids
// (their files written by `node bench/family.mjs`; every build's count must
// be the first build's). DATA as for make bench.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { coloredInstance } from './colored.mjs'
import { FAMILY, FAMILY_DIR } from './family.mjs'
import { knuth } from './measure-peer.mjs'
import { inChild, underRusage } from './proc.mjs'
import { INSTANCES } from './rows.mjs'
import { DATA } from './timing.mjs'
import { median } from './report.mjs'

const { values, positionals: builds } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, rows: { type: 'string' } },
  allowPositionals: true
})
if (builds.length === 0 || builds.some((b) => !/^(native|wasm|tree|peer):./.test(b))) {
  throw new Error('usage: node bench/ab.mjs [--rounds N] [--rows a,b] native:PATH|wasm:PATH|tree:DIR|peer:ID ...')
}
const rounds = Number(values.rounds)
const rows = values.rows ? values.rows.split(',') : INSTANCES.map((i) => i.name)

function fileOf (inst) {
  if (inst.family) {
    const file = join(FAMILY_DIR, `${inst.name}.dlx`)
    if (!existsSync(file)) throw new Error(`${file} is missing: node bench/family.mjs writes it`)
    return file
  }
  if (!inst.generated) return inst.file ?? join(DATA, 'exact-cover', `${inst.name}.dlx`)
  mkdirSync('build/bench', { recursive: true })
  const file = join('build/bench', `${inst.name}.dlx`)
  writeFileSync(file, coloredInstance(inst.name).text)
  return file
}

/** One build on one file: { seconds, solutions }. */
function measure (build, file) {
  const [kind, path] = build.split(/:(.*)/s)
  if (kind === 'wasm') {
    const [wasm, node] = path.split('@') // wasm:PATH@NODE: the module under another Node binary
    return inChild('measure-wasm.mjs', 'exactCover', { wasm }, file, { node })
  }
  if (kind === 'tree') return inChild('measure-wasm.mjs', 'exactCover', {}, resolve(file), { root: path })
  if (kind === 'peer') return knuth(path, file)
  const r = underRusage(path, ['--count', file])
  if (r.status !== '0') throw new Error(`${path} ${file}: exit ${r.status}`)
  return { seconds: r.seconds, solutions: Number(r.stdout.trim()) }
}


for (const name of rows) {
  const inst = INSTANCES.find((i) => i.name === name) ??
    (FAMILY.some((r) => r.id === name) ? { name, family: true } : undefined)
  if (!inst) throw new Error(`no row ${name} in bench/rows.mjs or bench/family.mjs`)
  const file = fileOf(inst)
  const seconds = builds.map(() => [])
  for (let r = 0; r < rounds; r++) {
    builds.forEach((b, i) => {
      const m = measure(b, file)
      if (inst.family && i === 0 && r === 0) inst.solutions = m.solutions
      if (m.solutions !== inst.solutions) throw new Error(`${b} ${name}: ${m.solutions} solutions, not ${inst.solutions}`)
      seconds[i].push(m.seconds)
    })
  }
  const cells = builds.map((b, i) =>
    `${b} ${median(seconds[i]).toFixed(3)} s x${median(seconds[0].map((s, r) => s / seconds[i][r])).toFixed(3)}`)
  console.log(`${name}: ${cells.join(' | ')}`)
}
