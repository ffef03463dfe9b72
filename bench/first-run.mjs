// A fresh process's first run, phase by phase, for one or more checkouts
// (docs/notes/WASM.md, session 45): the import of the library, load() (the
// module read, compiled, instantiated, the JS binding), the parse and the
// count, then the same parse and count again in the same process (compiled
// code warm). Each phase in CPU ms of the whole process (V8's threads
// included), of the main thread, and its minor page faults. The builds run
// in rounds, their order rotated and reversed, each run a fresh process: per build the medians,
// and per later build the median of its per-round ratio to the first (above
// 1: the later build is faster) on "load to count" (the bench's measure),
// the first count and the second count.
//   node bench/first-run.mjs [--runs N] [--memo] [--v8="--flag ..."] DIR... -- FILE...
// DIR is a checkout (DIR#{"memo":false}: with those count options): its library (src/js/dlxkit.mjs, or dist/dlxkit.mjs in
// older ones) with its own dist/dlxkit.wasm. --v8 passes V8 flags to the
// children (to look with, e.g. --no-wasm-tier-up; never the library's).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { median, table } from './report.mjs'

const PHASES = ['import', 'load', 'parse', 'count', 'parse2', 'count2']

/** [all threads ms, main thread ms, minor page faults]. */
function clocks () {
  const { user, system } = process.cpuUsage()
  let main = NaN
  try {
    main = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6
  } catch { /* not Linux */ }
  return [(user + system) / 1000, main, process.resourceUsage().minorPageFault]
}

async function child (dir, file, memo, countOpts) {
  const text = readFileSync(file, 'utf8')
  const lib = ['src/js/dlxkit.mjs', 'dist/dlxkit.mjs'].map((p) => join(dir, p)).find(existsSync)
  const at = [clocks()]
  const { load } = await import(pathToFileURL(lib))
  at.push(clocks())
  const dlx = await load()
  at.push(clocks())
  let solutions
  for (let pass = 0; pass < 2; pass++) {
    const problem = dlx.parseDlx(text)
    at.push(clocks())
    solutions = memo ? problem.countBig({ memo: true }).toString() : String(problem.count(countOpts))
    at.push(clocks())
    problem.free()
  }
  const out = { solutions }
  PHASES.forEach((ph, i) => { out[ph] = at[i + 1].map((x, k) => x - at[i][k]) })
  process.stdout.write(JSON.stringify(out))
}

if (process.argv[2] === '--child') {
  await child(process.argv[3], process.argv[4], process.argv[5] === 'memo', JSON.parse(process.argv[6] ?? '{}'))
} else {
  const { values, positionals } = parseArgs({
    options: { runs: { type: 'string', default: '7' }, memo: { type: 'boolean' }, v8: { type: 'string', default: '' } },
    allowPositionals: true
  })
  const cut = process.argv.indexOf('--')
  const dirs = positionals.filter((p) => process.argv.indexOf(p) < cut).map((d) => resolve(d.split('#')[0]) + (d.includes('#') ? d.slice(d.indexOf('#')) : ''))
  const files = positionals.filter((p) => process.argv.indexOf(p) > cut)
  if (cut < 0 || dirs.length === 0 || files.length === 0) throw new Error('usage: node bench/first-run.mjs [--runs N] [--memo] [--v8 FLAGS] DIR... -- FILE...')
  const me = fileURLToPath(import.meta.url)
  const flags = values.v8.split(/\s+/).filter(Boolean)
  const run = (build, file) => {
    const [dir, countOpts = '{}'] = build.split('#')
    const r = spawnSync(process.execPath, [...flags, me, '--child', dir, resolve(file), values.memo ? 'memo' : '', countOpts], { encoding: 'utf8', maxBuffer: 1 << 26 })
    if (r.status !== 0) throw new Error(`${dir} ${file}: exit ${r.status}: ${r.stderr.slice(-400)}`)
    return JSON.parse(r.stdout)
  }
  const f1 = (x) => x == null || Number.isNaN(x) ? '-' : x.toFixed(1)
  const f3 = (x) => x.toFixed(3)
  const rows = []
  const ratios = []
  for (const file of files) {
    const runs = dirs.map(() => [])
    for (let i = 0; i < Number(values.runs); i++) {
      // each build first, last and between in turn: a round's position weighs on all alike
      const turn = [...dirs.keys()].map((k) => (k + Math.floor(i / 2)) % dirs.length)
      const order = i % 2 ? turn.reverse() : turn
      for (const k of order) runs[k].push(run(dirs[k], file))
    }
    const want = runs[0][0].solutions
    for (const rs of runs) for (const r of rs) if (r.solutions !== want) throw new Error(`${file}: ${r.solutions} solutions, not ${want}`)
    const toCount = (r) => r.load[0] + r.parse[0] + r.count[0]
    runs.forEach((rs, k) => {
      const med = (ph, j) => median(rs.map((r) => r[ph][j]))
      rows.push([basename(file, '.dlx'), basename(dirs[k]),
        ...PHASES.map((ph) => `${f1(med(ph, 0))} / ${f1(med(ph, 1))} / ${Math.round(med(ph, 2))}`),
        f1(median(rs.map(toCount)))])
      if (k > 0) {
        const ratio = (f) => f3(median(rs.map((r, i) => f(runs[0][i]) / f(r))))
        ratios.push([basename(file, '.dlx'), `${basename(dirs[0])} / ${basename(dirs[k])}`,
          ratio(toCount), ratio((r) => r.count[0]), ratio((r) => r.count2[0]), ratio((r) => r.load[0] + r.import[0])])
      }
    })
  }
  const head = ['row', 'build', ...PHASES.map((ph) => `${ph} (all / main ms / faults)`), 'load to count']
  console.log(table(head, rows, head.map((_, i) => i > 1 ? 'r' : 'l')))
  if (ratios.length) {
    const h = ['row', 'ratio', 'load to count', 'count', 'count2', 'import + load']
    console.log('\nMedians of per-round ratios (above 1: the later build is faster):\n' + table(h, ratios, h.map((_, i) => i > 1 ? 'r' : 'l')))
  }
}
