// The popup (and the tab the context menu opens): the page's Sudoku panel
// over dlxkit-inline.mjs, whose built-in bytes need no fetch, so the solver
// works offline. lib/ is made by tools/build-extension.mjs.
import { createWorker } from './lib/dist/dlxkit-inline.mjs'
import { startSudokuPanel } from './lib/sudoku-panel.mjs'

try {
  const worker = await createWorker()
  startSudokuPanel(worker, { solveHash: true })
  document.body.dataset.ready = 'true'
} catch (e) {
  const status = document.getElementById('status')
  status.textContent = `The solver could not start: ${e.message}`
  status.dataset.result = 'error'
  console.error(e)
}
