// Buttons for every digit of the board and Erase, for mouse and touch: they
// fill the board's selected cell. Out of the tab order, since the keyboard
// types straight into the board.

/** Fill `pad` with keys for `board` (call again when its size changes). */
export function buildKeypad (pad, board) {
  const key = (label, value, ariaLabel) => {
    const button = document.createElement('button')
    button.type = 'button'
    button.tabIndex = -1
    button.textContent = label
    if (ariaLabel) button.setAttribute('aria-label', ariaLabel)
    button.addEventListener('click', () => {
      board.enter(board.focusedCell, value, { advance: false })
      board.focus()
    })
    return button
  }
  const keys = []
  for (let v = 1; v <= board.size; v++) keys.push(key(board.shape.symbol(v), v, `Enter ${board.shape.symbol(v)}`))
  const erase = key('Erase', 0)
  erase.className = 'erase'
  keys.push(erase)
  pad.replaceChildren(...keys)
  // One row up to 12x12 (Erase is two keys wide), two rows beyond.
  pad.style.setProperty('--keys', board.size <= 12 ? board.size + 2 : Math.ceil((board.size + 2) / 2))
}
