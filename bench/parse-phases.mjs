// The fixed costs of a big DLX text in WebAssembly, by phase (docs/notes/WASM.md,
// session 44): in N fresh processes per module, alternated (A B A B ...),
// load(), parseDlx of the text, then search(1) (the search's tables built and
// one node), each in CPU ms of the whole process (V8's threads included).
// Prints per module the medians, and the median per-run ratio to the first.
//   node bench/parse-phases.mjs [--runs N] FILE WASM...
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { median } from './report.mjs'

const LIB = new URL('../src/js/dlxkit.mjs', import.meta.url).href
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }

async function child (file, wasm) {
  const { load } = await import(LIB)
  const text = readFileSync(file, 'utf8')
  const bytes = readFileSync(wasm)
  const t0 = cpu()
  const dlx = await load({ wasm: bytes })
  const t1 = cpu()
  const p = dlx.parseDlx(text)
  const t2 = cpu()
  p.search(1)
  const t3 = cpu()
  const q = dlx.parseDlx(text) // again, its code compiled
  const t4 = cpu()
  q.free(); p.free()
  process.stdout.write(JSON.stringify({ load: t1 - t0, parse: t2 - t1, build: t3 - t2, parse2: t4 - t3 }) + '\n')
}

if (process.argv[2] === '--child') {
  await child(process.argv[3], process.argv[4])
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { runs: { type: 'string', default: '9' } }, allowPositionals: true })
  const [file, ...mods] = positionals
  const runs = Number(values.runs)
  const got = mods.map(() => [])
  for (let r = 0; r < runs; r++) {
    for (let m = 0; m < mods.length; m++) {
      const i = r % 2 ? mods.length - 1 - m : m
      const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', resolve(file), resolve(mods[i])], { encoding: 'utf8' })
      if (out.status) throw new Error(out.stderr)
      got[i].push(JSON.parse(out.stdout))
    }
  }
  const keys = ['load', 'parse', 'build', 'parse2']
  for (let m = 0; m < mods.length; m++) {
    const med = keys.map((k) => median(got[m].map((x) => x[k])).toFixed(1))
    const ratio = keys.map((k) => median(got[m].map((x, r) => got[0][r][k] / x[k])).toFixed(2))
    console.log(`${mods[m]}\t${keys.map((k, j) => `${k} ${med[j]} (${ratio[j]}x)`).join('\t')}`)
  }
}
