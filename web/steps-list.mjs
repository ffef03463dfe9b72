// The Show steps panel: the whole explanation of the grid, one sentence a
// step (those applied by Hint marked done), the difficulty by technique (the
// hardest one, its rating on Sudoku Explainer's 1-to-11 scale, the number of
// steps), and a click on a step shows it on the board.
import { stepOverlay, errorText, digitNote } from './explanation.mjs'
import { plural } from './format.mjs'

/** Wire #show-steps, #steps-panel, #difficulty and #steps-list; setStatus as the panel's. */
export function startStepsList ({ worker, board, explanation, $, setStatus }) {
  const button = $('show-steps')
  const panel = $('steps-panel')
  const line = $('difficulty')
  const list = $('steps-list')
  if (!button || !panel || !line || !list) return { refresh () {} }
  let request = 0
  let selected = -1

  const isOpen = () => button.getAttribute('aria-expanded') === 'true'

  function say (text, result) {
    line.textContent = text
    line.dataset.result = result
  }

  /** Bring the panel up to date with the explanation (asking the worker when its steps are not known yet). */
  async function refresh () {
    if (!isOpen()) return
    explanation.sync(board)
    if (explanation.steps) return render()
    const mine = ++request
    const epoch = explanation.epoch
    selected = -1
    list.replaceChildren()
    if (!explanation.base.some(Boolean)) return say('The board is empty: type or paste a puzzle, or press Generate.', 'empty')
    say('Explaining…', 'busy')
    const ask = () => worker.sudoku.steps(explanation.puzzle(), explanation.options())
    try {
      // Asked again once if a stopped search restarted the worker under this request.
      const r = await ask().catch((e) => { if (e?.code === 'ABORTED') return ask(); throw e })
      if (mine !== request || epoch !== explanation.epoch) return
      explanation.steps = r.steps
      explanation.rating = r.rating
      explanation.solved = r.solved
      render()
    } catch (e) {
      if (mine === request) say(errorText(e), 'error')
    }
  }

  function render () {
    const { steps, rating, solved, next } = explanation
    if (!steps.length) say('The grid is full: there is nothing to explain.', 'full')
    else {
      say(`Difficulty: ${rating.technique}, ${rating.rating.toFixed(1)} on the SE scale (1 to 11) · ${plural(rating.steps, 'step')}` +
        (solved ? '' : ' · needs a guess'), 'rated')
    }
    list.replaceChildren(...steps.map((step, k) => {
      const item = document.createElement('li')
      const b = document.createElement('button')
      b.type = 'button'
      b.className = 'step'
      b.dataset.index = k
      b.dataset.technique = step.technique
      b.textContent = step.text + digitNote(step, board.shape)
      if (k < next) { b.classList.add('done'); b.setAttribute('aria-label', `${b.textContent} (applied)`) }
      if (k === selected) b.setAttribute('aria-current', 'step')
      item.append(b)
      return item
    }))
  }

  /** Step k on the board: its houses and cells lit, its move and struck candidates, the moves before it that are not on the board yet. */
  function showStep (k) {
    const steps = explanation.steps
    if (!steps?.[k]) return
    selected = k
    board.setOverlay(stepOverlay(steps[k], board.shape, steps.slice(explanation.next, k)))
    for (const b of list.querySelectorAll('button.step')) {
      if (Number(b.dataset.index) === k) b.setAttribute('aria-current', 'step')
      else b.removeAttribute('aria-current')
    }
    setStatus(`Step ${k + 1} of ${steps.length} is on the board: ${steps[k].technique}.`, 'hint')
  }

  button.addEventListener('click', () => {
    const open = !isOpen()
    button.setAttribute('aria-expanded', String(open)) // (the label stays: no layout jump; style.css turns its arrow)
    panel.hidden = !open
    if (open) refresh()
    else if (selected >= 0) { selected = -1; board.setOverlay(null) }
  })
  list.addEventListener('click', (e) => {
    const b = e.target.closest?.('button.step')
    if (b) showStep(Number(b.dataset.index))
  })
  return { refresh }
}
