// dlxkit for browsers: the package's "browser" entry, which bundlers (webpack
// 5, Rollup, esbuild --platform=browser, Vite) pick. No Node code: the module
// and the worker are found with the new URL(..., import.meta.url) pattern that
// bundlers follow, so they copy dlxkit.wasm and bundle the worker themselves.
import { loadWith } from './dlxkit-load.mjs'
import { createWorkerWith, wireWebWorker } from './dlxkit-client.mjs'

export * from './dlxkit-core.mjs'

/** What a relative `wasm` text is relative to: the page (or worker) address. */
function base () {
  return globalThis.document?.baseURI ?? globalThis.location?.href ?? import.meta.url
}

const host = {
  wasmUrl (wasm) {
    // Written out in full: the pattern bundlers recognise as an asset.
    if (wasm == null) return new URL('./dlxkit.wasm', import.meta.url)
    return new URL(String(wasm), base())
  },

  readFile: null, // a file: URL is fetched, if the browser allows it

  startWorker (workerUrl, onMessage, onFailure) {
    // Written out in full, as webpack 5 and Vite need to bundle the worker.
    const worker = workerUrl != null
      ? new Worker(new URL(String(workerUrl), base()), { type: 'module' })
      : new Worker(new URL('./dlxkit-worker-browser.mjs', import.meta.url), { type: 'module' })
    return wireWebWorker(worker, onMessage, onFailure, workerUrl != null ? String(workerUrl) : 'dlxkit-worker-browser.mjs')
  }
}

/**
 * Load the module. Options: `wasm` (bytes, a WebAssembly.Module, or a URL,
 * relative to the page; by default dlxkit.wasm as the bundler placed it) and
 * `maxMemory`.
 */
export function load (options = {}) {
  return loadWith(host, options)
}

/** The same API, async, in a module Worker. */
export function createWorker (options = {}) {
  return createWorkerWith(host, options)
}
