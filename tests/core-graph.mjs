// The call graph among the files of src/core: each file compiled alone
// (cc -c -O0, so that no call is folded away), its object read with nm: the
// external functions it defines (T) and those it calls (U). A file calls
// another when it uses a function the other defines. Used by
// tests/engine-layers.test.mjs; run it to see the graph and its cycles:
//   node tests/core-graph.mjs
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HANG_MS } from './helpers.mjs'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CORE = join(ROOT, 'src', 'core')

/** For each .c file of src/core (by name): { defines: Set, uses: Set } of external symbols. */
export function coreSymbols (flags = []) {
  const dir = mkdtempSync(join(tmpdir(), 'core-graph-'))
  const out = {}
  try {
    for (const name of readdirSync(CORE).filter((f) => f.endsWith('.c')).sort()) {
      const obj = join(dir, name.replace(/\.c$/, '.o'))
      execFileSync(process.env.CC ?? 'cc', ['-std=c11', '-O0', '-Iinclude', ...flags, '-c', join(CORE, name), '-o', obj],
        { cwd: ROOT, timeout: HANG_MS })
      const lines = execFileSync(process.env.NM ?? 'nm', ['-P', obj], { encoding: 'utf8', timeout: HANG_MS }).split('\n')
      const defines = new Set(); const uses = new Set()
      for (const line of lines) {
        const [sym, type] = line.trim().split(/\s+/)
        if (type === 'T') defines.add(sym)
        else if (type === 'U') uses.add(sym)
      }
      out[name] = { defines, uses }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return out
}

/** file -> Map(file it calls -> the functions it calls there). */
export function fileGraph (symbols) {
  const owner = new Map()
  for (const [file, { defines }] of Object.entries(symbols)) for (const f of defines) owner.set(f, file)
  const graph = new Map()
  for (const [file, { uses }] of Object.entries(symbols)) {
    const edges = new Map()
    for (const f of uses) {
      const to = owner.get(f)
      if (!to || to === file) continue // the C library, or its own
      if (!edges.has(to)) edges.set(to, [])
      edges.get(to).push(f)
    }
    graph.set(file, edges)
  }
  return graph
}

/** The cycles' files: every strongly connected component of more than one file (Tarjan). */
export function cycles (graph) {
  let next = 0
  const index = new Map(); const low = new Map(); const stack = []; const on = new Set(); const found = []
  const visit = (v) => {
    index.set(v, next); low.set(v, next); next++
    stack.push(v); on.add(v)
    for (const w of (graph.get(v) ?? new Map()).keys()) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))) } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)))
    }
    if (low.get(v) === index.get(v)) {
      const part = []
      let w
      do { w = stack.pop(); on.delete(w); part.push(w) } while (w !== v)
      if (part.length > 1) found.push(part.sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = fileGraph(coreSymbols())
  for (const [file, edges] of graph) {
    for (const [to, fns] of edges) console.log(`${file} -> ${to}: ${fns.sort().join(' ')}`)
  }
  const found = cycles(graph)
  console.log(found.length ? `cycles: ${found.map((c) => c.join(' <-> ')).join('; ')}` : 'no cycle')
}
