// dlxkit-worker-browser.mjs: the worker that dlxkit-browser.mjs starts, which
// bundlers bundle. No Node code. The client sends the module's bytes or its
// absolute URL (resolved on its side), so the worker needs no default.
import { loadWith } from './dlxkit-load.mjs'
import { serve } from './dlxkit-worker-core.mjs'

const host = {
  wasmUrl (wasm) {
    if (wasm == null) throw new Error('the client sent no module and no URL')
    return new URL(String(wasm), self.location.href)
  },
  readFile: null
}

serve({ send: (m) => self.postMessage(m), listen: (fn) => { self.onmessage = (e) => fn(e.data) } },
  (options) => loadWith(host, options))
