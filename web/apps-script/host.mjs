// What the sheet functions import as './dlxkit.mjs', in the Apps Script
// build: DlxError, and a load() that says why it is not there (Apps Script
// custom functions are synchronous: apps-script.mjs builds the instance
// with WebAssembly's synchronous constructors instead).
import { DlxError } from '../../src/js/dlxkit-errors.mjs'

export { DlxError }

export function load () {
  return Promise.reject(new DlxError('LOAD_FAILED', 'in Apps Script the module is built in: call the custom functions (=SUDOKU(A1:I9))'))
}
