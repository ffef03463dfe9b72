// The Sudoku side of the page (and of the extension's popup): the controls
// around the board, each asking dlxkit's worker and telling the board and the
// status line what came of it. Controls are found by id; a page may leave
// some out (the popup has fewer).
import { Board, KIND } from './board.mjs'
import { Shape, SIZES, MIN_SIZE, MAX_SIZE, defaultBox, formatPuzzleLine } from './shape.mjs'
import { randomJigsaw, formatJigsaw, parseJigsaw } from './jigsaw.mjs'
import { TaskRunner } from './task.mjs'
import { buildKeypad } from './keypad.mjs'
import { formatNumber, formatDuration, plural, cellName } from './format.mjs'
import { Explanation } from './explanation.mjs'
import { startHints } from './hint.mjs'
import { startStepsList } from './steps-list.mjs'

/** Count stops here: enough to say "many", quick enough to wait for. */
const COUNT_LIMIT = 1000000
/** Beyond this side, random jigsaw grids are hard to fill; such puzzles can still be pasted. */
const MAX_JIGSAW_GENERATE = 16
const JIGSAW_TRIES = 4

/**
 * Wire the panel. `worker` is a dlxkit worker (createWorker()). Options:
 * solveHash: solve a puzzle found in the URL hash (the extension's tab).
 */
export function startSudokuPanel (worker, { solveHash = false } = {}) {
  const $ = (id) => document.getElementById(id)
  const status = $('status')
  const tasks = new TaskRunner((busy, label) => {
    $('board').setAttribute('aria-busy', String(busy))
    // aria-disabled, not disabled: a focused Stop button keeps the focus when the search ends.
    $('stop')?.setAttribute('aria-disabled', String(!busy))
    if (busy) setStatus(`${label}…`, 'busy')
  })
  const board = new Board($('board'), {
    onEdit: afterEdit,
    onPaste: (text) => loadText(text),
    onMessage: (text) => setStatus(text, 'info')
  })
  let marksRequest = 0
  let textRequest = 0 // the latest text read: an older answer arriving later is dropped
  let ownJigsaw = false // a map applied from the text box: Generate keeps it
  const explanation = new Explanation()
  const hintArgs = { worker, board, explanation, $, run, setStatus }
  const hints = startHints({ ...hintArgs, ready: () => hintReady(), onError: (e) => hintError(e), afterApply: () => afterEdit() })
  const steps = startStepsList(hintArgs)

  // ---- status line ------------------------------------------------------------

  /** result: a word tests and styles can rely on (solved, unique, multiple, none, count, error...). */
  function setStatus (text, result = 'info') {
    if (!status) return
    status.textContent = text
    status.dataset.result = result
  }

  function searchFacts (nodes, ms) {
    return `${plural(nodes, 'search node')} · ${formatDuration(ms)}`
  }

  function showError (e) {
    if (e?.name === 'DlxError') {
      setStatus(e.message.charAt(0).toUpperCase() + e.message.slice(1), 'error')
      const d = e.details
      if (e.code === 'CLASH' && d?.row) board.setWrong([(d.row - 1) * board.size + d.col - 1, (d.row2 - 1) * board.size + d.col2 - 1])
    } else {
      setStatus(`Something went wrong: ${e?.message ?? e}`, 'error')
      console.warn(e)
    }
  }

  /** Run an action as the one search of the panel; errors go to the status line. */
  async function run (label, fn) {
    try {
      const r = await tasks.run(label, fn)
      if (r.aborted) setStatus(`Stopped after ${formatDuration(r.ms)}.`, 'stopped')
      return r
    } catch (e) {
      showError(e)
      return { failed: true, error: e }
    }
  }

  // ---- shape ------------------------------------------------------------------

  function fillSizeMenu (extra) {
    const select = $('size')
    if (!select) return
    const sizes = [...new Set([...SIZES, ...(extra ? [extra] : [])])].sort((a, b) => a - b)
    const chosen = Number(select.value) || board.size
    select.replaceChildren(...sizes.map((n) => {
      const { boxRows, boxCols } = defaultBox(n)
      const option = new Option(`${n} × ${n}  (boxes ${boxRows} × ${boxCols})`, n)
      option.selected = n === (extra ?? chosen)
      return option
    }))
  }

  /** The jigsaw map in the text box if it fits `size`, else a new random one (shown there). */
  function jigsawFor (size, { fresh = false } = {}) {
    const box = $('jigsaw-map')
    if (!fresh && box?.value.trim()) {
      try {
        const { size: n, map } = parseJigsaw(box.value)
        if (n === size) return map
      } catch { /* an unfinished edit: make a new map */ }
    }
    const { boxRows, boxCols } = defaultBox(size)
    const map = randomJigsaw(size, boxRows, boxCols, Math.floor(Math.random() * 2 ** 32))
    if (box) box.value = formatJigsaw(map, size)
    return map
  }

  /** The shape the controls describe. */
  function shapeFromControls ({ freshJigsaw = false } = {}) {
    const size = Number($('size')?.value ?? board.size)
    const jigsaw = $('variant-jigsaw')?.checked ? jigsawFor(size, { fresh: freshJigsaw }) : null
    return new Shape({ size, x: Boolean($('variant-x')?.checked), windoku: Boolean($('variant-windoku')?.checked), jigsaw })
  }

  function applyShape (shape) {
    board.setShape(shape)
    const details = $('jigsaw-details')
    if (details) details.hidden = !shape.jigsaw
    if ($('keypad')) buildKeypad($('keypad'), board)
    afterChange()
  }

  // ---- typing mode ------------------------------------------------------------

  function setMode (mode) {
    board.mode = mode
    const radio = $(mode === 'givens' ? 'typing-givens' : 'typing-answers')
    if (radio) radio.checked = true
  }

  // ---- after any change ---------------------------------------------------------

  function afterChange () {
    // A grid the explanation does not lead to (not a hint applied) starts the hints and steps again.
    if (explanation.sync(board)) {
      board.setOverlay(null)
      hints.reset()
    }
    steps.refresh()
    const clear = $('clear')
    if (clear) {
      const onlyGivens = board.values.every((v, i) => !v || board.kinds[i] === KIND.given)
      clear.textContent = onlyGivens ? 'Clear all' : 'Clear entries'
    }
    refreshMarks()
  }

  /** The clashes the board paints red, in words; null when there are none. */
  function clashText () {
    const cells = [...board.shape.clashes(board.values)].sort((a, b) => a - b)
    if (!cells.length) return null
    const names = cells.slice(0, 4).map((i) => cellName(i, board.size))
    const list = cells.length > 4 ? `${names.join('; ')} and ${cells.length - 4} more` : `${names.slice(0, -1).join('; ')} and ${names.at(-1)}`
    return `Clash, marked in red: ${list} repeat a digit in one row, column or region.`
  }

  function afterEdit () {
    afterChange()
    // The status says what the board shows: a clash as soon as it is painted, and when it is gone.
    const clash = clashText()
    if (clash) setStatus(clash, 'clash')
    else if (status?.dataset.result === 'clash') setStatus('No clashes left.', 'info')
    // A full board in play is checked at once: the moment of finishing deserves an answer.
    else if (board.mode === 'answers' && board.isFull()) check()
  }

  async function refreshMarks () {
    const on = $('candidates')?.getAttribute('aria-pressed') === 'true'
    const request = ++marksRequest
    if (!on || board.shape.clashes(board.values).size) {
      if (board.marks) board.setMarks(null)
      return
    }
    const ask = () => worker.sudoku.candidates(board.rows(), board.shape.apiOptions())
    try {
      // Asked again once if a stopped search restarted the worker under this request.
      const candidates = await ask().catch((e) => { if (e?.code === 'ABORTED') return ask(); throw e })
      // Without the candidates the hints applied removed (the grid cannot hold that).
      if (request === marksRequest) board.setMarks(explanation.follows(board) ? explanation.prune(candidates) : candidates)
    } catch (e) {
      if (request === marksRequest) board.setMarks(null)
      if (e?.code !== 'ABORTED' && e?.code !== 'CLASH') showError(e)
    }
  }

  // ---- actions ----------------------------------------------------------------

  function hasEntries () {
    return board.kinds.some((k) => k === KIND.entered || k === KIND.hint)
  }

  /**
   * The board has no solution: if the givens alone have one, mark the
   * entries that disagree with it; else say the puzzle itself has none.
   */
  async function explainNoSolution (facts) {
    if (hasEntries()) {
      const r = await worker.sudoku.solve(board.rows({ givensOnly: true }), { ...board.shape.apiOptions(), limit: 1 })
      if (r.solution) {
        const solution = r.solution.flat()
        const wrong = board.kinds.flatMap((k, i) => (k === KIND.entered || k === KIND.hint) && board.values[i] !== solution[i] ? [i] : [])
        board.setWrong(wrong)
        setStatus(`No solution with your entries: ${plural(wrong.length, 'entry', 'entries')} (marked) ${wrong.length === 1 ? 'disagrees' : 'disagree'} with the puzzle's solution. · ${facts}`, 'none')
        return
      }
    }
    setStatus(`No solution: these givens cannot all hold. · ${facts}`, 'none')
  }

  function boardIsEmpty () {
    if (board.values.some(Boolean)) return false
    setStatus('The board is empty: type or paste a puzzle, or press Generate.', 'info')
    return true
  }

  async function solve () {
    if (boardIsEmpty()) return
    const r = await run('Solving', (signal) =>
      worker.sudoku.solve(board.rows(), { ...board.shape.apiOptions(), limit: 2, signal }))
    if (!r.value) return
    const result = r.value
    const facts = searchFacts(result.nodes, r.ms)
    if (!result.solution) return explainNoSolution(facts)
    const solution = result.solution.flat()
    solution.forEach((v, i) => { if (!board.values[i]) board.set(i, v, KIND.solved) })
    board.render()
    afterChange()
    const which = result.status === 'unique' ? 'the unique solution' : 'one of several solutions'
    setStatus(`Solved: ${which}. · ${facts}`, 'solved')
  }

  async function check () {
    if (boardIsEmpty()) return
    const r = await run('Checking', (signal) =>
      worker.sudoku.solve(board.rows(), { ...board.shape.apiOptions(), limit: 2, signal }))
    if (!r.value) return
    const result = r.value
    const facts = searchFacts(result.nodes, r.ms)
    if (result.status === 'none') return explainNoSolution(facts)
    if (result.status === 'unique' && board.isFull()) setStatus(`Complete and correct: every cell is right. · ${facts}`, 'complete')
    else if (result.status === 'unique') setStatus(`Unique: exactly one solution. · ${facts}`, 'unique')
    else setStatus(`Not unique: more than one solution. · ${facts}`, 'multiple')
  }

  async function count () {
    if (boardIsEmpty()) return
    const r = await run('Counting', (signal) =>
      worker.sudoku.solve(board.rows(), { ...board.shape.apiOptions(), limit: COUNT_LIMIT, signal }))
    if (!r.value) return
    const { count: n, nodes } = r.value
    const facts = searchFacts(nodes, r.ms)
    if (n >= COUNT_LIMIT) setStatus(`At least ${plural(n, 'solution')} (counting stops there). · ${facts}`, 'count')
    else setStatus(`${n === 0 ? 'No' : formatNumber(n)} ${n === 1 ? 'solution' : 'solutions'}. · ${facts}`, 'count')
  }

  /** Whether the board can have a hint; if not, the status says why. */
  function hintReady () {
    if (boardIsEmpty()) return false
    if (board.shape.clashes(board.values).size) {
      setStatus('Some digits clash (marked in red): fix them first.', 'error')
      return false
    }
    if (board.isFull()) { check(); return false }
    return true
  }

  /** A hint refused: a board with wrong entries has them marked, as Check does. */
  function hintError (e) {
    if (e?.code === 'UNSOLVABLE' && hasEntries()) explainNoSolution('the hint needs a solution')
  }

  async function generate () {
    // Each new jigsaw puzzle gets a new layout, unless a person applied a map of their own.
    let shape = shapeFromControls({ freshJigsaw: !ownJigsaw })
    if (shape.jigsaw && shape.size > MAX_JIGSAW_GENERATE) {
      setStatus(`Generate makes jigsaw puzzles up to ${MAX_JIGSAW_GENERATE}×${MAX_JIGSAW_GENERATE}; bigger ones can be pasted with their map.`, 'error')
      return
    }
    const symmetric = Boolean($('symmetric')?.checked)
    const r = await run('Generating', async (signal) => {
      for (let attempt = 1; ; attempt++) {
        if (shape.jigsaw && attempt > 1) shape = shapeFromControls({ freshJigsaw: true })
        const seed = Math.floor(Math.random() * 2 ** 32)
        try {
          const made = await worker.sudoku.generate({ ...shape.apiOptions(), seed, symmetric, format: 'array', signal })
          // The difficulty by technique costs 0.1-0.5 s past 25x25: there, the search's level.
          const techniques = shape.size <= 25
          const rating = await worker.sudoku.rate(made.puzzle, { ...shape.apiOptions(), techniques, signal })
          return { made, rating, seed }
        } catch (e) {
          // Some random jigsaw layouts admit no grid: try another layout.
          if (!(shape.jigsaw && !ownJigsaw && e?.code === 'NO_SOLUTION' && attempt < JIGSAW_TRIES)) throw e
        }
      }
    })
    if (!r.value) return
    const { made, rating, seed } = r.value
    applyShape(shape)
    board.load(made.puzzle.flat(), KIND.given)
    const text = $('puzzle-text') // the text box shows the new puzzle, not the one before
    if (text) text.value = formatPuzzleLine(board.values)
    setMode('answers')
    afterChange()
    board.focus(board.values.indexOf(0))
    setStatus(`New ${shape.describe()} puzzle: ${made.clues} givens, ${rating.difficulty ?? rating.level}${symmetric ? ', symmetric' : ''} (seed ${seed}). · ${formatDuration(r.ms)}`, 'generated')
  }

  function clear () {
    tasks.cancel()
    const onlyGivens = board.values.every((v, i) => !v || board.kinds[i] === KIND.given)
    if (onlyGivens) {
      board.clearKinds([KIND.given, KIND.entered, KIND.solved, KIND.hint])
      setMode('givens')
      board.focus(0)
      setStatus('Board cleared: type a puzzle (digits move along; . or 0 leaves a cell empty) or paste one.', 'cleared')
    } else {
      board.clearKinds([KIND.entered, KIND.solved, KIND.hint])
      setStatus('Your entries and the solver’s digits are cleared; the givens stay.', 'cleared')
    }
    afterChange()
  }

  /**
   * Read pasted text onto the board as givens, by dlxkit's own reader (the
   * one solve uses): resolves to whether a puzzle was loaded.
   */
  async function loadText (text) {
    const request = ++textRequest
    setStatus('Reading the text…', 'reading') // (so a status seen next is this text's)
    let puzzle
    try {
      puzzle = await worker.sudoku.read(String(text))
    } catch (e) {
      if (request === textRequest) showError(e) // its message says what and where (line, column)
      return false
    }
    if (request !== textRequest) return false
    if (!puzzle) {
      setStatus('There is no puzzle in the text.', 'error')
      return false
    }
    if (puzzle.size < MIN_SIZE || puzzle.size > MAX_SIZE) {
      setStatus(`The text holds a ${puzzle.size}×${puzzle.size} puzzle; this page takes ${MIN_SIZE}×${MIN_SIZE} to ${MAX_SIZE}×${MAX_SIZE}.`, 'error')
      return false
    }
    const cells = puzzle.cells.flat()
    tasks.cancel()
    let shape = board.shape
    if (puzzle.size !== shape.size) {
      fillSizeMenu(puzzle.size)
      const jigsaw = $('variant-jigsaw')?.checked ? jigsawFor(puzzle.size) : null
      shape = new Shape({ size: puzzle.size, x: shape.x, windoku: shape.windoku, jigsaw })
      applyShape(shape)
    }
    board.load(cells, KIND.given)
    setMode('answers')
    afterChange()
    board.focus(Math.max(0, board.values.indexOf(0)))
    const loaded = `Loaded a ${shape.describe()} puzzle with ${plural(cells.filter(Boolean).length, 'given')}.`
    const clash = clashText()
    if (clash) setStatus(`${loaded} ${clash}`, 'clash')
    else setStatus(`${loaded} Press Check to see if its solution is unique.`, 'loaded')
    return true
  }

  function toggleCandidates () {
    const button = $('candidates')
    const on = button.getAttribute('aria-pressed') !== 'true'
    button.setAttribute('aria-pressed', String(on))
    refreshMarks()
  }

  // ---- wiring -------------------------------------------------------------------

  const on = (id, event, fn) => $(id)?.addEventListener(event, fn)
  on('solve', 'click', solve)
  on('check', 'click', check)
  on('count', 'click', count)
  on('generate', 'click', generate)
  on('clear', 'click', clear)
  on('candidates', 'click', toggleCandidates)
  on('stop', 'click', () => tasks.cancel())
  on('load-text', 'click', () => loadText($('puzzle-text').value))
  on('show-text', 'click', () => {
    $('puzzle-text').value = formatPuzzleLine(board.values)
    $('puzzle-text').select()
  })
  on('typing-givens', 'change', () => setMode('givens'))
  on('typing-answers', 'change', () => setMode('answers'))
  on('size', 'change', () => applyShape(shapeFromControls()))
  for (const id of ['variant-x', 'variant-windoku', 'variant-jigsaw']) on(id, 'change', () => applyShape(shapeFromControls()))
  on('apply-jigsaw', 'click', () => {
    try {
      const { size, map } = parseJigsaw($('jigsaw-map').value)
      if (size !== board.size) throw new Error(`The map is ${size}×${size} but the board is ${board.size}×${board.size}.`)
      const jigsawBox = $('variant-jigsaw')
      if (jigsawBox) jigsawBox.checked = true
      ownJigsaw = true
      applyShape(board.shape.with({ jigsaw: map }))
      setStatus('Jigsaw regions applied; Generate will use them.', 'info')
    } catch (e) {
      setStatus(e.message, 'error')
    }
  })
  on('new-jigsaw', 'click', () => {
    ownJigsaw = false
    applyShape(shapeFromControls({ freshJigsaw: true }))
  })
  on('puzzle-text', 'keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); loadText(e.target.value) }
  })

  fillSizeMenu()
  applyShape(shapeFromControls())
  setMode('givens')

  /** A puzzle in the URL hash (a shared link, or the extension's context menu) is loaded. */
  function loadHash () {
    let hash = ''
    try { hash = decodeURIComponent(location.hash.slice(1)) } catch { /* not a puzzle */ }
    if (!hash.trim()) return false
    loadText(hash).then((loaded) => { if (loaded && solveHash) solve() })
    return true
  }
  window.addEventListener('hashchange', loadHash)
  if (!loadHash()) setStatus('Ready: type a puzzle, paste one, or press Generate.', 'ready')
  return { board, loadText, solve }
}
