// Example problems in Knuth's DLX format, written out by small generators so
// that their sizes can change. Item names follow the shared data sets: queens
// have rows rN, columns cN (diagonals aN, bN secondary); pentomino cells are
// "x.y"; Langford pairs place values vK at positions sN. cover-picture.mjs
// draws solutions that use these names.

/** n queens: every row and column once, every diagonal at most once. */
export function queens (n) {
  const range = (k, prefix) => Array.from({ length: k }, (_, i) => prefix + i)
  const lines = [
    `| ${n} queens: one queen in every row and column, at most one on each diagonal`,
    [...range(n, 'r'), ...range(n, 'c'), '|', ...range(2 * n - 1, 'a'), ...range(2 * n - 1, 'b')].join(' ')
  ]
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) lines.push(`r${r} c${c} a${r + c} b${n - 1 - r + c}`)
  }
  return lines.join('\n') + '\n'
}

// The twelve pentominoes, each as [column, row] cells of one orientation.
const PENTOMINOES = {
  F: [[1, 0], [2, 0], [0, 1], [1, 1], [1, 2]],
  I: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]],
  L: [[0, 0], [0, 1], [0, 2], [0, 3], [1, 3]],
  N: [[0, 0], [0, 1], [0, 2], [1, 2], [1, 3]],
  P: [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]],
  T: [[0, 0], [1, 0], [2, 0], [1, 1], [1, 2]],
  U: [[0, 0], [2, 0], [0, 1], [1, 1], [2, 1]],
  V: [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]],
  W: [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2]],
  X: [[1, 0], [0, 1], [1, 1], [2, 1], [1, 2]],
  Y: [[1, 0], [0, 1], [1, 1], [1, 2], [1, 3]],
  Z: [[0, 0], [1, 0], [1, 1], [1, 2], [2, 2]]
}

/** The distinct rotations and reflections of a piece, each moved to the origin. */
function orientations (cells) {
  const seen = new Map()
  let shape = cells
  for (let flip = 0; flip < 2; flip++) {
    for (let turn = 0; turn < 4; turn++) {
      shape = shape.map(([x, y]) => [y, -x])
      const minX = Math.min(...shape.map(([x]) => x))
      const minY = Math.min(...shape.map(([, y]) => y))
      const moved = shape.map(([x, y]) => [x - minX, y - minY]).sort((a, b) => a[1] - b[1] || a[0] - b[0])
      seen.set(JSON.stringify(moved), moved)
    }
    shape = shape.map(([x, y]) => [-x, y])
  }
  return [...seen.values()]
}

/** The twelve pentominoes packed into a width x height box (60 cells). */
export function pentominoes (width, height) {
  const cells = []
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) cells.push(`${x}.${y}`)
  const lines = [
    `| the twelve pentominoes in a ${width} x ${height} box (rotations and reflections of the box count apart)`,
    [...Object.keys(PENTOMINOES), ...cells].join(' ')
  ]
  for (const [name, piece] of Object.entries(PENTOMINOES)) {
    for (const shape of orientations(piece)) {
      const w = Math.max(...shape.map(([x]) => x)) + 1
      const h = Math.max(...shape.map(([, y]) => y)) + 1
      for (let y = 0; y + h <= height; y++) {
        for (let x = 0; x + w <= width; x++) {
          lines.push([name, ...shape.map(([dx, dy]) => `${x + dx}.${y + dy}`)].join(' '))
        }
      }
    }
  }
  return lines.join('\n') + '\n'
}

/** Langford pairs: 1 1 2 2 ... n n in a row with k numbers between the two k's. */
export function langford (n) {
  const lines = [
    `| Langford pairs, n = ${n}: two copies of each k = 1..${n}, with k others between them`,
    [...Array.from({ length: n }, (_, k) => `v${k + 1}`), ...Array.from({ length: 2 * n }, (_, i) => `s${i + 1}`)].join(' ')
  ]
  for (let k = 1; k <= n; k++) {
    for (let i = 1; i + k + 1 <= 2 * n; i++) lines.push(`v${k} s${i} s${i + k + 1}`)
  }
  return lines.join('\n') + '\n'
}

/** Knuth's toy problem with colors (TAOCP 7.2.2.1): secondary items x and y agree on colors. */
const COLORS_EXAMPLE = `| Knuth's example with colors: options may share a secondary item if they give it the same color
p q r | x y
p q x y:A
p r x:A y
p x:B
q x:A
r y:B
`

export const EXAMPLES = [
  { id: 'queens-8', label: '8 queens (92 solutions)', text: () => queens(8) },
  { id: 'pentominoes-3x20', label: 'Pentominoes in a 3 × 20 box (8 solutions)', text: () => pentominoes(20, 3) },
  { id: 'langford-7', label: 'Langford pairs, n = 7 (52 solutions)', text: () => langford(7) },
  { id: 'colors', label: 'Secondary items with colors (1 solution)', text: () => COLORS_EXAMPLE },
  { id: 'queens-12', label: '12 queens (14,200 solutions)', text: () => queens(12) },
  { id: 'pentominoes-6x10', label: 'Pentominoes in a 6 × 10 box (9,356 solutions: a long search)', text: () => pentominoes(10, 6) },
  { id: 'queens-16', label: '16 queens (14,772,512 solutions: try Cancel)', text: () => queens(16) }
]
