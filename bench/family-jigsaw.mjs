// A jigsaw for Knuth's polyomino-dlx (bench/family.mjs): a rows x cols board
// cut at random into connected pieces of minSize..maxSize cells, every piece
// a different name; polyomino-dlx then places every piece everywhere it fits,
// turned and flipped, so that the options run into the tens of thousands
// while the cut itself stays a solution. Deterministic: a seed gives the same
// cut anywhere.
//   node bench/family-jigsaw.mjs ROWS COLS MIN MAX [SEED]   prints polyomino-dlx's input

import { pathToFileURL } from 'node:url'

// polyomino-dlx's coordinates: one "extended hexadecimal" digit each.
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'

function rng (seed) {
  let s = (seed >>> 0) || 0x9e3779b9
  return () => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s / 4294967296
  }
}

/**
 * The cut: an array of pieces, each an array of cells [r, c]; every cell of
 * the board in exactly one piece. Pieces grow from a random free cell into
 * free neighbours; a piece that cannot reach minSize joins a neighbour.
 */
export function cut ({ rows, cols, minSize, maxSize, seed = 1 }) {
  if (!(rows > 0 && cols > 0 && rows <= DIGITS.length && cols <= DIGITS.length)) {
    throw new Error(`family-jigsaw: the board must be at most ${DIGITS.length} x ${DIGITS.length}`)
  }
  if (!(minSize >= 1 && maxSize >= minSize)) throw new Error('family-jigsaw: need 1 <= minSize <= maxSize')
  const rand = rng(seed)
  const owner = new Int32Array(rows * cols).fill(-1)
  const pieces = []
  const near = (k) => {
    const r = Math.floor(k / cols); const c = k % cols
    return [r > 0 && k - cols, r + 1 < rows && k + cols, c > 0 && k - 1, c + 1 < cols && k + 1].filter((x) => x !== false)
  }
  for (let start = 0; start < rows * cols; start++) {
    if (owner[start] !== -1) continue
    const id = pieces.length
    const want = minSize + Math.floor(rand() * (maxSize - minSize + 1))
    const cells = [start]
    owner[start] = id
    while (cells.length < want) {
      const frontier = [...new Set(cells.flatMap(near))].filter((k) => owner[k] === -1)
      if (!frontier.length) break
      const k = frontier[Math.floor(rand() * frontier.length)]
      owner[k] = id
      cells.push(k)
    }
    if (cells.length < minSize) {
      // Too small to stand alone: the cells join a neighbouring piece.
      const other = cells.flatMap(near).map((k) => owner[k]).find((o) => o !== id && o !== -1)
      if (other !== undefined) {
        for (const k of cells) owner[k] = other
        pieces[other].push(...cells)
        continue
      }
    }
    pieces.push(cells)
  }
  return pieces.map((cells) => cells.map((k) => [Math.floor(k / cols), k % cols]))
}

/**
 * polyomino-dlx's input for the cut: the box, then one line per piece (pc0,
 * pc1, ...: three characters, never a cell). Each name carries the
 * multiplicity 1 written out: polyomino-dlx copies a line's start into an
 * 8-byte buffer until it meets `|`, so a long piece line without one
 * overwrites its other tables.
 */
export function jigsawInput (spec) {
  const pieces = cut(spec)
  const cell = ([r, c]) => DIGITS[r] + DIGITS[c]
  const box = `[0-${DIGITS[spec.rows - 1]}][0-${DIGITS[spec.cols - 1]}]`
  return [`| jigsaw ${spec.rows}x${spec.cols}, pieces of ${spec.minSize}-${spec.maxSize}, seed ${spec.seed ?? 1} (bench/family-jigsaw.mjs)`,
    box, ...pieces.map((p, i) => `1|pc${i} ${p.map(cell).join(' ')}`)].join('\n') + '\n'
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [rows, cols, minSize, maxSize, seed] = process.argv.slice(2).map(Number)
  process.stdout.write(jigsawInput({ rows, cols, minSize, maxSize, seed: seed || 1 }))
}
