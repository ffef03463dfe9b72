// dlxkit: the JavaScript API over dlxkit.wasm, for Node and for pages that
// load it unbundled (web/, the extension). The package's "node" and "default"
// entry; bundlers for browsers get dlxkit-browser.mjs instead, which has no
// Node code at all. Node modules are imported only when running in Node, so
// this file also works as it is in a browser.
import { loadWith } from './dlxkit-load.mjs'
import { errorText } from './dlxkit-errors.mjs'

export * from './dlxkit-core.mjs'

/**
 * The worker's client (dlxkit-client.mjs and the two modules it imports),
 * imported by the first createWorker(): in Node 20 each module of an import
 * costs a fresh process about 1 ms of CPU time, and most programs start no
 * worker (docs/notes/WASM.md, session 45).
 */
const client = () => import('./dlxkit-client.mjs')

function isNode () {
  return typeof process !== 'undefined' && process.versions != null && process.versions.node != null
}

// Written apart from the new URL(..., import.meta.url) pattern, so that bundlers
// do not take it for an asset of their own to copy.
const HERE = import.meta.url
const WASM_FILE = 'dlxkit.wasm'

/** A scheme (file:, https:, data:...), and not a Windows drive letter (C:\). */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]+:/i

const host = {
  /**
   * In Node a `wasm` text without a scheme is a file path, relative to the
   * working directory (as for any file a program is given); in a browser it is
   * relative to this module.
   */
  async wasmUrl (wasm) {
    if (wasm == null) return new URL('../../dist/dlxkit.wasm', import.meta.url)
    if (wasm instanceof URL || !isNode()) return new URL(String(wasm), import.meta.url)
    const text = String(wasm)
    if (HAS_SCHEME.test(text)) return new URL(text)
    const { pathToFileURL } = await import('node:url')
    return pathToFileURL(text) // resolved against process.cwd()
  },

  /** The second place a default module is looked for: next to this script (a bundle that left the URL alone). */
  besideUrl: () => new URL(WASM_FILE, HERE),

  /**
   * Node 20.16+ hands its built-in modules out synchronously
   * (process.getBuiltinModule): a dynamic import() goes through the ES module
   * loader, 0.6 ms of a load()'s 5 ms of CPU time (docs/notes/WASM.md, session 42).
   */
  readFile: isNode()
    ? async (url) => (process.getBuiltinModule?.('node:fs/promises') ?? await import('node:fs/promises')).readFile(url)
    : null,

  /** The clock of a worker's grace after an abort: CPU ms of the process (a stuck worker burns it). */
  busyMs: isNode()
    ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }
    : null,

  async startWorker (workerUrl, onMessage, onFailure) {
    const url = workerUrl ?? new URL('./dlxkit-worker.mjs', import.meta.url)
    if (typeof Worker === 'function' && !isNode()) {
      const { wireWebWorker } = await client()
      return wireWebWorker(new Worker(url, { type: 'module' }), onMessage, onFailure, String(url))
    }
    const { Worker: NodeWorker } = await import('node:worker_threads')
    const worker = new NodeWorker(url)
    worker.on('message', onMessage)
    worker.on('error', (e) => onFailure(errorText(e)))
    worker.on('exit', (code) => onFailure(`it exited with code ${code}`))
    return worker
  }
}

/**
 * Load the module. Options: `wasm` (bytes, a WebAssembly.Module, a URL, or in
 * Node a file path relative to the working directory; by default
 * dist/dlxkit.wasm, ../../dist/ from this file) and `maxMemory`.
 */
export function load (options = {}) {
  return loadWith(host, options)
}

/** The same API, async, in a worker thread (or a browser module Worker). */
export async function createWorker (options = {}) {
  const { createWorkerWith } = await client()
  return createWorkerWith(host, options)
}
