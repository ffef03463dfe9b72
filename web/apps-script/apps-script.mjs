// The body of dist/dlxkit-apps-script.js (tools/apps-script.mjs bundles it
// into one classic script): the sheet functions of src/js/dlxkit-sheets.mjs over an
// instance made synchronously, since Apps Script custom functions cannot
// wait for a promise. Sheets shows a thrown Error as #ERROR! with its
// message, so an error value is thrown as one.
import { Dlxkit } from '../../src/js/dlxkit-load.mjs'
import { createSheetFunctions, SheetError } from '../../src/js/dlxkit-sheets.mjs'
import { base64Bytes } from './base64.mjs'

let functions = null // one instance per script run, made at the first call

/** Call sheet function `name` with `args`; `wasm` is the module in base64. */
export function call (name, args, wasm) {
  if (!functions) {
    const module = new WebAssembly.Module(base64Bytes(wasm))
    functions = createSheetFunctions(new Dlxkit(new WebAssembly.Instance(module, {}).exports))
  }
  const result = functions[name](...args)
  if (result instanceof SheetError) throw new Error(String(result))
  return result
}
