// The add-in's custom functions: load dlxkit (the build with the WebAssembly
// bytes inside, so nothing else is fetched) and register every function with
// Excel's CustomFunctions runtime. Ids and parameters: functions.json.
import { load } from '../../dist/dlxkit-inline.mjs'
import { createSheetFunctions, registerExcelFunctions } from '../../src/js/dlxkit-sheets.mjs'

const runtime = globalThis.CustomFunctions
if (!runtime || typeof runtime.associate !== 'function') {
  throw new Error('dlxkit: CustomFunctions is missing: this page runs inside Excel (see web/excel/README.md)')
}

// Registered at once; calls made while the module loads wait for it.
export const registered = registerExcelFunctions(runtime, load().then((kit) => createSheetFunctions(kit)))
