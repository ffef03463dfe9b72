// The Sudoku board: cells as an ARIA grid with one tab stop (arrow keys move),
// typing, pasting, pencil marks and the looks of givens, entries, solved
// digits, hints, clashes and wrong entries, and a step shown over it (cells
// lit, a digit to place, candidates struck). It knows nothing of dlxkit: the
// panel asks the solver and tells the board what to show.
import { Shape, toRows } from './shape.mjs'

/** What a cell holds: a given of the puzzle, a person's entry, the solver's answer, a hint. */
export const KIND = { given: 'given', entered: 'entered', solved: 'solved', hint: 'hint' }

const CLEAR_KEYS = new Set(['Backspace', 'Delete', '.', '0', ' '])

export class Board {
  /**
   * element: an empty element for the grid. Callbacks: onEdit() after a
   * person changes a cell, onPaste(text) for text pasted on the board,
   * onMessage(text) for a short explanation (e.g. a given cannot be typed over).
   */
  constructor (element, { onEdit = () => {}, onPaste = () => {}, onMessage = () => {} } = {}) {
    this.element = element
    this.onEdit = onEdit
    this.onPaste = onPaste
    this.onMessage = onMessage
    /** 'givens': typing sets the puzzle and moves on, as in a text line; 'answers': typing fills cells. */
    this.mode = 'givens'
    this.focusedCell = 0
    this.marks = null
    this.wrong = new Set()
    this.overlay = null
    this.cells = []
    element.setAttribute('role', 'grid')
    element.addEventListener('keydown', (e) => this._onKey(e))
    element.addEventListener('focusin', (e) => {
      const cell = this._cellIndexOf(e.target)
      if (cell >= 0) this._moveFocus(cell, false)
    })
    element.addEventListener('paste', (e) => {
      const text = e.clipboardData?.getData('text') ?? ''
      if (text.trim()) {
        e.preventDefault()
        this.onPaste(text)
      }
    })
    this.setShape(new Shape({ size: 9 }))
  }

  get size () { return this.shape.size }

  /** Change the geometry. Values stay when the side stays; otherwise the board empties. */
  setShape (shape) {
    const keep = this.shape && this.shape.size === shape.size
    this.shape = shape
    if (!keep) {
      this.values = new Array(shape.cellCount).fill(0)
      this.kinds = new Array(shape.cellCount).fill(null)
      this.marks = null
      this.overlay = null
      this.wrong.clear()
      this.focusedCell = 0
      this._build()
    }
    this._drawRegions()
    this.render()
  }

  /** Replace the whole grid: cells (N*N numbers, 0 empty) become `kind`. */
  load (cells, kind = KIND.given) {
    this.values = Array.from(cells)
    this.kinds = this.values.map((v) => v ? kind : null)
    this.wrong.clear()
    this.render()
  }

  set (cell, value, kind) {
    this.values[cell] = value
    this.kinds[cell] = value ? kind : null
    this.wrong.delete(cell)
  }

  /** Empty the cells of the given kinds. */
  clearKinds (kinds) {
    for (let i = 0; i < this.values.length; i++) {
      if (kinds.includes(this.kinds[i])) this.set(i, 0, null)
    }
    this.wrong.clear()
    this.render()
  }

  count (kind) { return this.kinds.filter((k) => k === kind).length }
  isFull () { return this.values.every(Boolean) }

  /** The grid as rows for dlxkit: everything filled in, or only the givens. */
  rows ({ givensOnly = false } = {}) {
    const values = givensOnly ? this.values.map((v, i) => this.kinds[i] === KIND.given ? v : 0) : this.values
    return toRows(values, this.size)
  }

  /** Pencil marks: candidates[row][col] lists of digits, or null to hide them. */
  setMarks (candidates) {
    this.marks = candidates ? candidates.flat() : null
    this.render()
  }

  /** Entries that disagree with the solution (cleared when edited). */
  setWrong (cells) {
    this.wrong = new Set(cells)
    this.render()
  }

  /**
   * A step shown over the grid, or null: sets of cells `house` (the houses
   * it looks at) and `cells` (the cells it uses), Maps cell -> digit `place`
   * (its move) and `earlier` (moves of steps before it, not on the board),
   * and cell -> digits `struck` (candidates it removes).
   */
  setOverlay (overlay) {
    this.overlay = overlay
    this.render()
  }

  focus (cell = this.focusedCell) {
    this._moveFocus(cell, true)
  }

  // ---- drawing --------------------------------------------------------------

  _build () {
    const n = this.size
    this.element.replaceChildren()
    this.element.style.setProperty('--n', n)
    this.element.setAttribute('aria-rowcount', n)
    this.element.setAttribute('aria-colcount', n)
    this.cells = []
    for (let r = 0; r < n; r++) {
      const row = document.createElement('div')
      row.setAttribute('role', 'row')
      row.className = 'board-row'
      for (let c = 0; c < n; c++) {
        const cell = document.createElement('div')
        cell.setAttribute('role', 'gridcell')
        cell.className = 'cell'
        cell.dataset.row = r
        cell.dataset.col = c
        cell.tabIndex = r === 0 && c === 0 ? 0 : -1
        row.append(cell)
        this.cells.push(cell)
      }
      this.element.append(row)
    }
  }

  /** Thick lines between boxes or jigsaw pieces, tints for pieces, diagonals and windows. */
  _drawRegions () {
    const shape = this.shape
    const n = shape.size
    const windowCells = new Set(shape.windoku ? shape.windows().flat() : [])
    this.element.classList.toggle('jigsaw', Boolean(shape.jigsaw))
    this.cells.forEach((el, i) => {
      const r = Math.floor(i / n)
      const c = i % n
      const piece = shape.piece(i)
      // Each cell draws its top and left lines; the frame draws the outside.
      el.classList.toggle('edge-top', r > 0 && shape.piece(i - n) !== piece)
      el.classList.toggle('edge-left', c > 0 && shape.piece(i - 1) !== piece)
      el.classList.toggle('diagonal', shape.x && shape.onDiagonal(i))
      el.classList.toggle('window', windowCells.has(i))
      // Golden-angle steps: pieces with neighbouring numbers get far-apart hues.
      if (shape.jigsaw) el.style.setProperty('--piece-hue', Math.round((piece * 137.5) % 360))
      else el.style.removeProperty('--piece-hue')
    })
  }

  /** Bring every cell up to date with the state. */
  render () {
    const shape = this.shape
    const clashes = shape.clashes(this.values)
    const focusValue = this.values[this.focusedCell]
    const peers = this._peersOf(this.focusedCell)
    const o = this.overlay
    this.cells.forEach((el, i) => {
      const v = this.values[i]
      const kind = this.kinds[i]
      el.dataset.kind = kind ?? 'empty'
      el.classList.toggle('clash', clashes.has(i))
      el.classList.toggle('wrong', this.wrong.has(i))
      el.classList.toggle('peer', peers.has(i))
      el.classList.toggle('same', Boolean(v) && v === focusValue && i !== this.focusedCell)
      if (clashes.has(i) || this.wrong.has(i)) el.setAttribute('aria-invalid', 'true')
      else el.removeAttribute('aria-invalid')
      const marks = !v && this.marks ? this.marks[i] : null
      const step = this._stepAt(i, o)
      el.classList.toggle('in-house', step.house)
      el.classList.toggle('hinted', step.cell)
      for (const key of ['place', 'struck']) {
        if (step[key]) el.dataset[key] = step[key]
        else delete el.dataset[key]
      }
      if (v) {
        if (el.textContent !== shape.symbol(v) || el.firstElementChild) el.textContent = shape.symbol(v)
      } else if (step.move) {
        const move = document.createElement('span')
        move.className = `move${step.move.earlier ? ' earlier' : ''}`
        move.textContent = shape.symbol(step.move.digit)
        el.replaceChildren(move)
      } else if (marks || step.struckDigits) {
        el.replaceChildren(this._marksElement(marks ?? [], step.struckDigits ?? []))
      } else if (el.firstChild) {
        el.replaceChildren()
      }
      el.setAttribute('aria-label', this._describe(i, clashes.has(i), marks, step))
    })
  }

  /** What the overlay shows in cell i (digits as symbols in `place` and `struck`, for tests and styles). */
  _stepAt (i, o) {
    if (!o) return { house: false, cell: false }
    const digit = o.place?.get(i) ?? o.earlier?.get(i)
    const move = digit ? { digit, earlier: !o.place?.has(i) } : null
    const struckDigits = o.struck?.get(i)
    return {
      house: Boolean(o.house?.has(i)),
      cell: Boolean(o.cells?.has(i)),
      move,
      struckDigits,
      place: move && !move.earlier ? this.shape.symbol(digit) : '',
      struck: struckDigits ? struckDigits.map((d) => this.shape.symbol(d)).join(' ') : ''
    }
  }

  /** Pencil marks, with the candidates a step removes struck through (shown even when marks are off). */
  _marksElement (digits, struck = []) {
    const box = document.createElement('span')
    box.className = 'marks'
    box.style.setProperty('--mark-cols', this.shape.boxCols)
    const set = new Set(digits)
    const gone = new Set(struck)
    for (let d = 1; d <= this.size; d++) {
      const mark = document.createElement('span')
      mark.textContent = set.has(d) || gone.has(d) ? this.shape.symbol(d) : ''
      if (gone.has(d)) mark.className = 'struck'
      box.append(mark)
    }
    return box
  }

  /** What a screen reader says for a cell. */
  _describe (i, clash, marks, step = {}) {
    const n = this.size
    const where = `Row ${Math.floor(i / n) + 1}, column ${(i % n) + 1}`
    const v = this.values[i]
    let what = v ? `${this.shape.symbol(v)}, ${this.kinds[i]}` : 'empty'
    if (marks) what += `, candidates ${marks.map((d) => this.shape.symbol(d)).join(' ')}`
    if (clash) what += ', clashes'
    if (this.wrong.has(i)) what += ', wrong'
    if (step.move) what += `, ${step.move.earlier ? 'an earlier step' : 'the step'} places ${this.shape.symbol(step.move.digit)}`
    if (step.struck) what += `, the step removes ${step.struck}`
    if (step.cell) what += ', used by the step'
    else if (step.house) what += ', in the step\'s house'
    return `${where}: ${what}`
  }

  /** Cells sharing a row, column, box or region with `cell`, to highlight around the focus. */
  _peersOf (cell) {
    const peers = new Set()
    for (const unit of this.shape.units()) if (unit.includes(cell)) for (const c of unit) peers.add(c)
    peers.delete(cell)
    return peers
  }

  // ---- keyboard and focus ---------------------------------------------------

  _cellIndexOf (target) {
    const el = target.closest?.('.cell')
    return el ? this.cells.indexOf(el) : -1
  }

  _moveFocus (cell, focusElement) {
    const n2 = this.shape.cellCount
    const next = Math.max(0, Math.min(n2 - 1, cell))
    const old = this.cells[this.focusedCell]
    if (old) old.tabIndex = -1
    this.focusedCell = next
    this.cells[next].tabIndex = 0
    if (focusElement && document.activeElement !== this.cells[next]) this.cells[next].focus()
    this.render()
  }

  _onKey (e) {
    const cell = this._cellIndexOf(e.target)
    if (cell < 0 || e.altKey || e.metaKey) return
    const n = this.size
    const r = Math.floor(cell / n)
    const c = cell % n
    const moves = {
      ArrowUp: r > 0 ? cell - n : cell,
      ArrowDown: r < n - 1 ? cell + n : cell,
      ArrowLeft: c > 0 ? cell - 1 : cell,
      ArrowRight: c < n - 1 ? cell + 1 : cell,
      Home: e.ctrlKey ? 0 : r * n,
      End: e.ctrlKey ? n * n - 1 : r * n + n - 1
    }
    if (e.key in moves) {
      e.preventDefault()
      this._moveFocus(moves[e.key], true)
      return
    }
    if (e.ctrlKey) return // leave copy, paste and the browser's shortcuts alone
    const value = this.shape.valueOfKey(e.key)
    if (value) {
      e.preventDefault()
      this.enter(cell, value)
    } else if (CLEAR_KEYS.has(e.key)) {
      e.preventDefault()
      if (e.key === 'Backspace' && this.mode === 'givens' && !this.values[cell] && cell > 0) {
        this._moveFocus(cell - 1, true) // like deleting in a line of text
        this.enter(cell - 1, 0, { advance: false })
      } else {
        this.enter(cell, 0, { advance: e.key !== 'Backspace' && e.key !== 'Delete' })
      }
    }
  }

  /**
   * Put `value` (0: erase) in a cell as a person does: a given in givens
   * mode (then move on, so a puzzle can be typed as a line), an entry otherwise.
   */
  enter (cell, value, { advance = true } = {}) {
    if (this.mode === 'answers' && this.kinds[cell] === KIND.given) {
      this.onMessage('That cell is a given of the puzzle. Choose “Typing: givens” to change the puzzle.')
      return
    }
    this.set(cell, value, this.mode === 'givens' ? KIND.given : KIND.entered)
    if (this.mode === 'givens' && advance && cell < this.shape.cellCount - 1) this._moveFocus(cell + 1, true)
    else this.render()
    this.onEdit(cell)
  }
}
