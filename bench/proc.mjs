// Running the bench's processes: a native program under build/bench/rusage
// (its CPU time from the kernel, with a cap), or a measuring function of
// bench/ in a fresh Node process (bench/child.mjs), so that no program's
// memory, garbage or compiled code counts against another's.
import { spawnSync } from 'node:child_process'
import { openSync, closeSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { WASM_NODE } from './wasm-node.mjs'

export const RUSAGE = 'build/bench/rusage'

/**
 * Runs `cmd args` under the CPU cap (seconds, 0 for none), stdin from `input`
 * (a file) if given: { stdout, stderr, seconds (user + system), peakKiB, status,
 * capped (the cap ended it) }.
 */
export function underRusage (cmd, args, { cap = 0, input } = {}) {
  const fd = input ? openSync(input, 'r') : 'ignore'
  try {
    const r = spawnSync(RUSAGE, [String(cap), cmd, ...args], { encoding: 'utf8', stdio: [fd, 'pipe', 'pipe'], maxBuffer: 1 << 28 })
    if (r.error) throw r.error
    const m = /^rusage ([\d.]+) ([\d.]+) (\d+) (signal \d+|\d+)\n?$/m.exec(r.stderr)
    if (!m) throw new Error(`${RUSAGE} ${cmd}: no rusage line (exit ${r.status}): ${r.stderr.slice(-300)}`)
    const status = m[4]
    return {
      stdout: r.stdout,
      stderr: r.stderr.slice(0, m.index),
      seconds: Number(m[1]) + Number(m[2]),
      peakKiB: Number(m[3]),
      status,
      capped: status === 'signal 24' || status === 'signal 9' // SIGXCPU, or SIGKILL a second after it
    }
  } finally {
    if (typeof fd === 'number') closeSync(fd)
  }
}

/**
 * One measuring function (`fn` exported by bench/`file`) in a fresh Node
 * process under the cap: its result, with the process's peak memory. `root`:
 * another checkout whose bench/ (and so whose library and module) to run, for
 * an A/B against an older commit. `node`: the Node binary that runs it (by
 * default bench/wasm-node.mjs's choice).
 */
export function inChild (file, fn, options = {}, arg, { cap = 0, root, node = WASM_NODE } = {}) {
  const script = root ? join(resolve(root), 'bench', 'child.mjs') : fileURLToPath(new URL('child.mjs', import.meta.url))
  const args = [script, file, fn, JSON.stringify(options), ...(arg === undefined ? [] : [arg])]
  const r = underRusage(node, args, { cap })
  if (r.capped) return { capped: true, seconds: r.seconds }
  if (r.status !== '0') throw new Error(`bench/${file} ${fn}${arg ? ` ${arg}` : ''}: exit ${r.status}: ${r.stderr.trim().split('\n').slice(-3).join(' / ')}`)
  const { result, peakKiB } = JSON.parse(r.stdout)
  return { ...result, peakKiB }
}
