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

// Where the worker was looked for, for messages only: written any closer to
// the pattern in startWorker, bundlers would copy or resolve it a second time.
const HERE = import.meta.url
const WORKER_FILE = 'dlxkit-worker-browser.mjs'
const WASM_FILE = 'dlxkit.wasm'

/** What to do when the worker is not where this entry looks: bundlers that do not bundle it. */
const WORKER_ADVICE = 'If your bundler does not bundle it (esbuild, Rollup), build node_modules/dlxkit/src/js/dlxkit-worker-browser.mjs ' +
  'as a second entry that writes dlxkit-worker-browser.mjs next to the bundle (docs/pages-and-bundlers.md, Bundlers); or pass createWorker({ workerUrl })'

const host = {
  wasmUrl (wasm) {
    // Written out in full: the pattern bundlers recognise as an asset.
    if (wasm == null) return new URL('../../dist/dlxkit.wasm', import.meta.url)
    return new URL(String(wasm), base())
  },

  /** The second place a default module is looked for: next to this script (a bundle that left the URL alone). */
  besideUrl: () => new URL(WASM_FILE, HERE),

  readFile: null, // a file: URL is fetched, if the browser allows it

  startWorker (workerUrl, onMessage, onFailure) {
    if (workerUrl != null) {
      const worker = new Worker(new URL(String(workerUrl), base()), { type: 'module' })
      return wireWebWorker(worker, onMessage, onFailure, String(workerUrl))
    }
    // Written out in full, as webpack 5 and Vite need to bundle the worker.
    const worker = new Worker(new URL('./dlxkit-worker-browser.mjs', import.meta.url), { type: 'module' })
    return wireWebWorker(worker, onMessage, onFailure, new URL(WORKER_FILE, HERE).href, WORKER_ADVICE)
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
