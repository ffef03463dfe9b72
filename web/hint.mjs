// The Hint button: each press asks the worker for the next step one depth
// further, as people use hints (1: the house to look at, 2: the technique and
// where, 3: the move and its effect), lights it on the board, and at depth 3
// Apply puts the move on the board. A changed grid starts again at depth 1.
import { KIND } from './board.mjs'
import { stepOverlay, errorText, digitNote } from './explanation.mjs'

const IDLE = 'Press Hint for the next step: first the house to look at, then the technique, then the move.'
const DEPTH_NAMES = ['', 'where to look', 'the technique', 'the move']

/**
 * Wire #hint, #hint-text and #apply-hint. ready() says whether the board can
 * have a hint (else it has said why); run(label, fn) runs a worker call as the
 * panel's one search ({ value } | { failed, error } | { aborted }); onError(e)
 * tells the status line; afterApply() is the panel's after-edit.
 */
export function startHints ({ worker, board, explanation, $, ready, run, setStatus, onError, afterApply }) {
  const text = $('hint-text')
  const apply = $('apply-hint')
  let depth = 0
  let shown = null // the hint on show

  function show (message, result) {
    if (!text) return
    text.textContent = message
    text.dataset.result = result
  }

  function setApply (step) {
    apply?.setAttribute('aria-disabled', String(!step))
    if (apply) apply.textContent = step && !step.placements.length ? 'Apply (remove candidates)' : 'Apply'
  }

  /** Forget the hint on show (the grid changed, or it was applied). */
  function reset (message = IDLE) {
    depth = 0
    shown = null
    setApply(null)
    show(message, 'idle')
    $('hint')?.setAttribute('aria-label', 'Hint: where to look next')
  }

  async function press () {
    if (!ready()) return
    if (explanation.sync(board)) reset()
    const ask = Math.min(depth + 1, 3)
    const epoch = explanation.epoch
    const opts = { ...explanation.options(), depth: ask, after: explanation.next }
    const r = await run('Finding a hint', (signal) => worker.sudoku.hint(explanation.puzzle(), { ...opts, signal }))
    if (r.aborted || epoch !== explanation.epoch) return // stopped, or the grid changed meanwhile
    if (r.failed) {
      reset()
      show(errorText(r.error), 'error')
      onError(r.error)
      return
    }
    if (!r.value) {
      reset('No step is left: the explanation has filled the grid.')
      return
    }
    depth = ask
    shown = r.value
    board.setOverlay(stepOverlay(shown, board.shape))
    show(`Hint ${depth} of 3 (${DEPTH_NAMES[depth]}): ${shown.text}${digitNote(shown, board.shape)}`, `depth-${depth}`)
    setApply(depth === 3 ? shown : null)
    $('hint')?.setAttribute('aria-label', depth < 3 ? `Hint: show ${DEPTH_NAMES[depth + 1]}` : 'Hint: the move (shown)')
    setStatus(depth < 3 ? `Hint ${depth} of 3 is lit on the board; press Hint again for more.` : 'Hint 3 of 3: the move is on the board; Apply makes it.', 'hint')
  }

  /** Make the move on show: its placements become hint digits; a step of eliminations is applied for the next hints. */
  function applyShown () {
    if (depth !== 3 || !shown) return
    const step = shown
    explanation.apply(step)
    for (const { row, col, digit } of step.placements) board.set(row * board.size + col, digit, KIND.hint)
    board.setOverlay(null)
    const placed = step.placements.length
    reset(placed ? 'Applied. Press Hint for the next step.' : 'Applied: the candidates are removed for the next hints (Candidates shows them).')
    afterApply()
    setStatus(`Applied: ${step.text}`, 'hint')
  }

  $('hint')?.addEventListener('click', press)
  apply?.addEventListener('click', applyShown)
  reset()
  return { reset, press }
}
