// The memo family: tilings and packings (dominoes, trominoes, pentominoes
// on boards and in long boxes) as DLX texts, for bench/memo-run.mjs (counts
// beside DLX6) and bench/zdd-check.mjs (ZDDs beside DLX6's).
// Every placement of each shape (cells [row, col]) in a rows x cols box;
// with `named`, each shape is a primary item used once.
export function packing (rows, cols, shapes, named) {
  const cell = (r, c) => `${r}.${c}`
  const lines = [[...(named ? Object.keys(shapes) : []), ...Array.from({ length: rows * cols },
    (_, k) => cell(k % rows, Math.floor(k / rows)))].join(' ')]
  for (const [name, base] of Object.entries(shapes)) {
    const seen = new Set()
    for (let t = 0; t < 8; t++) {
      let s = base.map(([r, c]) => (t & 1 ? [c, r] : [r, c])).map(([r, c]) => [t & 2 ? -r : r, t & 4 ? -c : c])
      const r0 = Math.min(...s.map((p) => p[0])), c0 = Math.min(...s.map((p) => p[1]))
      s = s.map(([r, c]) => [r - r0, c - c0]).sort((a, b) => a[0] - b[0] || a[1] - b[1])
      const key = JSON.stringify(s)
      if (seen.has(key)) continue
      seen.add(key)
      for (let c = 0; c < cols; c++) {
        for (let r = 0; r < rows; r++) {
          const at = s.map(([dr, dc]) => [r + dr, c + dc])
          if (at.every(([x, y]) => x < rows && y < cols)) lines.push([...(named ? [name] : []), ...at.map(([x, y]) => cell(x, y))].join(' '))
        }
      }
    }
  }
  return lines.join('\n') + '\n'
}

const DOMINO = { D: [[0, 0], [0, 1]] }
const TROMINO = { I: [[0, 0], [0, 1], [0, 2]], L: [[0, 0], [0, 1], [1, 0]] }
const PENTOMINO = {
  F: [[0, 1], [0, 2], [1, 0], [1, 1], [2, 1]], I: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]],
  L: [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0]], N: [[0, 0], [0, 1], [0, 2], [1, 2], [1, 3]],
  P: [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]], T: [[0, 0], [0, 1], [0, 2], [1, 1], [2, 1]],
  U: [[0, 0], [0, 2], [1, 0], [1, 1], [1, 2]], V: [[0, 0], [0, 1], [0, 2], [1, 0], [2, 0]],
  W: [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2]], X: [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]],
  Y: [[0, 0], [0, 1], [0, 2], [0, 3], [1, 1]], Z: [[0, 0], [0, 1], [1, 1], [2, 1], [2, 2]]
}
export const ROWS = [
  ['dominoes-8x8', packing(8, 8, DOMINO, false)],
  ['dominoes-10x10', packing(10, 10, DOMINO, false)],
  ['dominoes-12x12', packing(12, 12, DOMINO, false)],
  ['trominoes-6x12', packing(6, 12, TROMINO, false)],
  ['pentominoes-4x15', packing(4, 15, PENTOMINO, true)],
  ['pentominoes-5x12', packing(5, 12, PENTOMINO, true)]
]
