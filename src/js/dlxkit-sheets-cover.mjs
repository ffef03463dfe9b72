// dlxkit/sheets: the exact-cover functions. A 0/1 matrix (rows are options,
// columns are items), how often each column is covered (Knuth's
// multiplicities) and what each row costs (Knuth's DLX5) come in as ranges.
import { bad, cellNumber, gaveUp, isBlank, none, outOfRange, rowsOf, show } from './dlxkit-sheets-cells.mjs'


/**
 * A 0/1 matrix: rows are options, columns are items; a cell holds 1 (TRUE)
 * when the option covers the item, 0, FALSE or nothing when not. A row
 * without a 1 is no option at all (it could join any cover and count it twice).
 */
function readMatrix (range) {
  const rows = rowsOf(range, 'an exact-cover matrix')
  const width = rows[0].length
  if (!width) throw bad('an exact-cover matrix needs at least one column (an item to cover); the range has none')
  const options = []
  const covered = new Array(width).fill(false)
  rows.forEach((row, r) => {
    const items = []
    row.forEach((v, c) => {
      if (v === true || cellNumber(v) === 1) {
        items.push(c)
        covered[c] = true
      } else if (!(v === false || isBlank(v) || cellNumber(v) === 0)) {
        throw bad(`R${r + 1}C${c + 1} holds ${show(v)}; the matrix holds 1 where an option (row) covers an item (column), else 0 or nothing`)
      }
    })
    if (items.length) options.push({ row: r + 1, items })
  })
  return { width, height: rows.length, options, covered }
}

/**
 * How many times each column is to be covered (Knuth's multiplicities): a
 * range as wide as the matrix, one row (or a column as tall as the matrix
 * is wide); each cell blank (once), a whole number n (exactly n times) or
 * "a:b" (a to b times, as DLX3 writes it). Omitted: every column once.
 */
function readTimes (range, width) {
  if (range === null || range === undefined || range === '') return null
  let cells = rowsOf(range, 'the times range')
  if (cells.length > 1 && cells.every((row) => row.length === 1)) cells = [cells.map((row) => row[0])]
  if (cells.length !== 1 || cells[0].length !== width) {
    throw bad(`the times range is ${cells.length} x ${cells[0].length}; it needs one row of ${width} cells, one per column of the matrix`)
  }
  return cells[0].map((v, c) => {
    const where = `times, cell ${c + 1} (column ${c + 1} of the matrix)`
    if (isBlank(v)) return { min: 1, max: 1 }
    const n = cellNumber(v)
    const m = typeof v === 'string' && /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(v)
    const [min, max] = m ? [Number(m[1]), Number(m[2])] : [n, n]
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 0) {
      throw bad(`${where} holds ${show(v)}; write a whole number of times (2) or a range "a:b" (0:2)`)
    }
    if (max < 1 || min > max) throw bad(`${where} holds ${show(v)}: the most times must be at least 1 and at least the fewest`)
    return { min, max }
  })
}

/**
 * What each row of the matrix costs (Knuth's DLX5): a column as tall as the
 * matrix (or one row as wide as it is tall); each cell a whole number from 0
 * to 2^53 - 1, blank for 0.
 */
function readCosts (range, height) {
  let cells = rowsOf(range, 'the costs range')
  const shape = `${cells.length} x ${cells[0].length}`
  if (cells.length === 1 && cells[0].length > 1) cells = cells[0].map((v) => [v])
  if (cells.length !== height || cells[0].length !== 1) {
    throw bad(`the costs range is ${shape}; it needs one column of ${height} cells, one per row of the matrix`)
  }
  return cells.map(([v], r) => {
    if (isBlank(v)) return 0
    const n = cellNumber(v)
    if (!Number.isSafeInteger(n) || n < 0) throw bad(`costs, cell ${r + 1} (row ${r + 1} of the matrix) holds ${show(v)}; a cost is a whole number from 0 to 2^53 - 1`)
    return n
  })
}

function withProblem (kit, matrix, times, fn, costs) {
  const m = readMatrix(matrix)
  const bounds = readTimes(times, m.width)
  const price = costs === undefined ? null : readCosts(costs, m.height)
  const uncovered = bounds ? m.covered.findIndex((hit, c) => !hit && bounds[c].min > 0) : m.covered.indexOf(false)
  if (uncovered >= 0) return { uncovered: uncovered + 1 }
  const primary = bounds ? bounds.map((b, c) => ({ name: `c${c + 1}`, ...b })) : m.width
  const options = m.options.map((o) => price ? { items: o.items, cost: price[o.row - 1] } : o.items)
  const p = kit.exactCover({ primary, options })
  try {
    return fn(p, m)
  } finally {
    p.free()
  }
}

export function coverCount (kit, matrix, times, budget) {
  const r = withProblem(kit, matrix, times, (p) => p.countDetailed({ limit: 0, maxNodes: budget.maxNodes, bigint: true }))
  if (r.uncovered) return 0
  if (r.status === 'stopped') return gaveUp(budget)
  // a cell's number is a double: past 2^53 - 1 it would show another count
  if (r.count > BigInt(Number.MAX_SAFE_INTEGER)) return outOfRange(`${r.count} exact covers, more than a cell's number holds exactly (2^53 - 1)`)
  return Number(r.count)
}

/** One cover as a column of 1-based row numbers of the matrix. */
export function coverSolve (kit, matrix, times, budget) {
  const r = withProblem(kit, matrix, times, (p, m) => {
    const s = p.solve({ maxNodes: budget.maxNodes })
    return { rows: s && s.map((k) => m.options[k].row) }
  })
  if (r.uncovered) return none(`no exact cover: column ${r.uncovered} has a 1 in no row`)
  if (!r.rows) return none(noCover(times))
  return r.rows.map((row) => [row])
}

const noCover = (times) => `no exact cover: no set of rows has ${times == null || times === '' ? 'exactly one 1' : 'as many 1s as times says'} in every column`

/**
 * The cheapest cover (each row costing its cell of `costs`): { rows, cost }
 * or { uncovered } or { stopped }. Of covers of equal cost, the one the
 * search meets first (the JS API's best()).
 */
function cheapest (kit, matrix, costs, times, budget) {
  if (costs === null || costs === undefined || costs === '') throw bad('the costs range is missing: one cost per row of the matrix')
  return withProblem(kit, matrix, times, (p, m) => {
    let best
    try {
      best = p.best({ maxNodes: budget.maxNodes })
    } catch (e) {
      if (e?.code === 'STOPPED') return { stopped: true }
      throw e
    }
    return best.length ? { rows: best[0].options.map((k) => m.options[k].row), cost: best[0].cost } : {}
  }, costs)
}

/** The cheapest cover as a column of 1-based row numbers of the matrix. */
export function coverBest (kit, matrix, costs, times, budget) {
  const r = cheapest(kit, matrix, costs, times, budget)
  if (r.uncovered) return none(`no exact cover: column ${r.uncovered} has a 1 in no row`)
  if (r.stopped) return gaveUp(budget)
  if (!r.rows) return none(noCover(times))
  return r.rows.map((row) => [row])
}

/** What the cheapest cover costs. */
export function coverCost (kit, matrix, costs, times, budget) {
  const r = cheapest(kit, matrix, costs, times, budget)
  if (r.uncovered) return none(`no exact cover: column ${r.uncovered} has a 1 in no row`)
  if (r.stopped) return gaveUp(budget)
  if (!r.rows) return none(noCover(times))
  if (typeof r.cost === 'bigint') return outOfRange(`the cheapest cover costs ${r.cost}, more than a cell's number holds exactly (2^53 - 1)`)
  return r.cost
}
