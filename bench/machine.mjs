// What the figures were measured on: CPU, cores, memory, OS, tool versions, load.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { nodeRelease } from './wasm-node.mjs'

/** The first line a command prints, or 'not found'. */
function firstLine (cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).split('\n')[0].trim()
  } catch {
    return 'not found'
  }
}

function fileField (path, re) {
  try {
    return readFileSync(path, 'utf8').match(re)?.[1].trim() ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

export function describeMachine () {
  return {
    cpu: fileField('/proc/cpuinfo', /^model name\s*:(.*)$/m),
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30 * 10) / 10,
    os: `${fileField('/etc/os-release', /^PRETTY_NAME="?([^"\n]*)"?$/m)}, Linux ${os.release()}`,
    node: nodeRelease(), // the Node that runs the module's measurements
    clang: firstLine(process.env.BENCH_CC ?? 'clang', ['--version']),
    emcc: firstLine('emcc', ['--version']).replace(/^emcc \(Emscripten gcc\/clang-like replacement[^)]*\)\s*/, 'emcc '),
    cadical: firstLine('cadical', ['--version']),
    load: os.loadavg().map((x) => x.toFixed(2)).join(', '),
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC'
  }
}
