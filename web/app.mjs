// The page: two dlxkit workers (one per panel, so that a long exact-cover
// search never delays the board) and the two panels. 'dlxkit' is mapped to
// ../src/js/dlxkit.mjs by the import map in index.html.
import { createWorker } from 'dlxkit'
import { startSudokuPanel } from './sudoku-panel.mjs'
import { startPlayground } from './playground.mjs'

async function main () {
  const [sudokuWorker, coverWorker] = await Promise.all([createWorker(), createWorker()])
  startSudokuPanel(sudokuWorker)
  startPlayground(coverWorker)
  document.body.dataset.ready = 'true'
}

main().catch((e) => {
  const status = document.getElementById('status')
  status.textContent = `dlxkit could not start: ${e.message}`
  status.dataset.result = 'error'
  console.error(e)
})
