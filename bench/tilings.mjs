// Tilings and packings as DLX text (Knuth's format): every placement of each
// shape in a box, for bench/memo-run.mjs and the memoized count's tests.

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

export const DOMINO = { D: [[0, 0], [0, 1]] }
export const TROMINO = { I: [[0, 0], [0, 1], [0, 2]], L: [[0, 0], [0, 1], [1, 0]] }
export const PENTOMINO = {
  F: [[0, 1], [0, 2], [1, 0], [1, 1], [2, 1]], I: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]],
  L: [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0]], N: [[0, 0], [0, 1], [0, 2], [1, 2], [1, 3]],
  P: [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]], T: [[0, 0], [0, 1], [0, 2], [1, 1], [2, 1]],
  U: [[0, 0], [0, 2], [1, 0], [1, 1], [1, 2]], V: [[0, 0], [0, 1], [0, 2], [1, 0], [2, 0]],
  W: [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2]], X: [[0, 1], [1, 0], [1, 1], [1, 2], [2, 1]],
  Y: [[0, 0], [0, 1], [0, 2], [0, 3], [1, 1]], Z: [[0, 0], [0, 1], [1, 1], [2, 1], [2, 2]]
}
