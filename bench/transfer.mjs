// An exact count of tilings by a transfer matrix, in BigInt: the reference
// of the memo family's rows past 2^64 (bench/memo-rows.mjs), where DLX6's
// 64-bit count overflows. Independent of dlxkit's search and of
// bench/tilings.mjs: its own orientations of the shapes, no DLX text.
// The cells of a rows x cols box are taken column by column (k = c * rows + r);
// the state is a bitmask of the next cells already covered by pieces placed
// earlier (bit 0: cell k). At cell k, a covered cell is passed; an uncovered
// one is the first uncovered cell, so some piece has it as its first cell in
// that order: each orientation placed there that fits (in the box, on free
// cells) gives a new state. Any number of copies of each shape (a tiling,
// not a packing with each shape once).
//   countTilings(rows, cols, shapes) -> bigint

/** The distinct orientations (rotations and reflections) of a shape's cells [row, col], each as offsets from its first cell in column order. */
export function orientations (cells) {
  const out = new Map()
  let s = cells
  for (let flip = 0; flip < 2; flip++) {
    for (let turn = 0; turn < 4; turn++) {
      s = s.map(([r, c]) => [c, -r]) // a quarter turn
      // the first cell in column order (least column, then least row) is the anchor
      const [ar, ac] = [...s].sort((a, b) => a[1] - b[1] || a[0] - b[0])[0]
      const rel = s.map(([r, c]) => [r - ar, c - ac]).sort((a, b) => a[1] - b[1] || a[0] - b[0])
      out.set(JSON.stringify(rel), rel)
    }
    s = s.map(([r, c]) => [r, -c]) // a mirror image
  }
  return [...out.values()]
}

/** The number of tilings of a rows x cols box by copies of `shapes` ({ name: cells }), exactly. */
export function countTilings (rows, cols, shapes) {
  if (!(Number.isInteger(rows) && rows > 0 && Number.isInteger(cols) && cols > 0)) throw new RangeError(`countTilings: bad box ${rows} x ${cols}`)
  const pieces = Object.values(shapes).flatMap(orientations)
    .map((rel) => rel.map(([dr, dc]) => ({ dr, dc, bit: dc * rows + dr }))) // bit: the cell's distance ahead of the anchor, in cell order
  const width = Math.max(...pieces.flatMap((p) => p.map((x) => x.bit))) + 1
  if (width > 30) throw new RangeError(`countTilings: a window of ${width} cells (at most 30)`)
  let states = new Map([[0, 1n]])
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      const next = new Map()
      const add = (state, n) => next.set(state, (next.get(state) ?? 0n) + n)
      for (const [state, n] of states) {
        if (state & 1) { add(state >>> 1, n); continue }
        for (const p of pieces) {
          let mask = 0
          for (const { dr, dc, bit } of p) {
            const rr = r + dr, cc = c + dc
            if (rr < 0 || rr >= rows || cc >= cols || (state & (1 << bit))) { mask = -1; break }
            mask |= 1 << bit
          }
          if (mask >= 0) add((state | mask) >>> 1, n)
        }
      }
      states = next
    }
  }
  return states.get(0) ?? 0n
}
