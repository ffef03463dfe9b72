// The one place the CLI loads the JavaScript API (the built copy in dist/).
import { load, DlxError } from '../../dist/dlxkit.mjs'

export { DlxError }

let loading = null

/** The loaded module, shared by every command of this process (or worker). */
export function loadKit () {
  loading ??= load()
  return loading
}

/** A DlxError (or any error) as a plain object that survives postMessage. */
export function plainError (e) {
  return { code: e.code ?? 'INTERNAL', message: e.message, details: e.details ?? {} }
}
