// dlxkit-worker.mjs: the worker that dlxkit.mjs starts (a Node worker thread,
// or a module Worker of a page that loads dlxkit.mjs unbundled).
import { load } from './dlxkit.mjs'
import { serve } from './dlxkit-worker-core.mjs'

/** postMessage / onmessage, whichever kind of worker this is. */
async function openChannel () {
  if (typeof self !== 'undefined' && typeof self.postMessage === 'function' && typeof process === 'undefined') {
    return { send: (m) => self.postMessage(m), listen: (fn) => { self.onmessage = (e) => fn(e.data) } }
  }
  const { parentPort } = await import('node:worker_threads')
  return { send: (m) => parentPort.postMessage(m), listen: (fn) => parentPort.on('message', fn) }
}

serve(await openChannel(), load)
