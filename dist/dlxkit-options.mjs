// An exact-cover spec ({ primary, secondary, options }) read into what the
// module takes: item counts, the options as one flat list of 32-bit values,
// the names of items and colors, and the user's data per option. An option
// is an item list, a 0/1 row (one entry per item), or { items | row, data }.
import { DlxError, INT32_MAX, checkWhole, describe, int32OrMinus1 } from './dlxkit-errors.mjs'

/**
 * The spec read: { nPrimary, nSecondary, pNames, sNames, colors (names, color
 * k + 1 at k), flat (per option: its length, its items, their colors), count,
 * data (per option, or null when no option carries any) }. Every mistake is
 * a DlxError naming the option; the module sees only checked values.
 */
export function readSpec (spec) {
  if (spec === null || typeof spec !== 'object') throw new DlxError('BAD_INPUT', 'exactCover needs { primary, secondary, options }')
  const { primary, secondary = [], options = [] } = spec
  const pNames = names(primary, 'primary')
  const sNames = names(secondary, 'secondary')
  const nPrimary = pNames ? pNames.length : primary
  const nSecondary = sNames ? sNames.length : secondary
  if (!Array.isArray(options)) throw new DlxError('BAD_INPUT', 'options must be an array (of item lists, 0/1 rows or { items | row, data })')
  const index = new Map()
  // Secondary names come after all primary items, named or counted.
  const declare = (list, first) => list?.forEach((n, i) => {
    if (index.has(n)) throw new DlxError('DUPLICATE_NAME', `item "${n}" is declared twice`, { item: n })
    index.set(n, first + i)
  })
  declare(pNames, 0)
  declare(sNames, nPrimary)
  const colors = new Map()
  const flat = []
  let data = null
  for (let k = 0; k < options.length; k++) { // not forEach: a hole is an option missing, not one to skip
    const opt = optionOf(options[k], k, nPrimary + nSecondary)
    if (opt.hasData) {
      data ??= new Array(options.length).fill(undefined)
      data[k] = opt.data
    }
    const items = []
    const cols = []
    for (const entry of opt.entries) {
      let item = entry
      let color = 0
      if (typeof entry === 'string') {
        const colon = entry.indexOf(':')
        const name = colon < 0 ? entry : entry.slice(0, colon)
        if (colon >= 0) {
          const c = entry.slice(colon + 1)
          if (!c) throw new DlxError('SYNTAX', `option ${k} has an empty color after "${name}:"`, { index: k, item: name })
          if (!colors.has(c)) colors.set(c, colors.size + 1)
          color = colors.get(c)
        }
        item = index.get(name)
        if (item === undefined) throw new DlxError('UNKNOWN_ITEM', `option ${k} names unknown item "${name}"`, { index: k, item: name })
      } else if (Array.isArray(entry)) {
        [item, color] = entry
      }
      if (!Number.isInteger(item) || !Number.isInteger(color)) {
        throw new DlxError('BAD_INPUT', `option ${k} has an entry that is not an item name or index: ${describe(entry)}`, { index: k })
      }
      // Beyond 32 bits the module would see the value wrapped: -1 gets its BAD_ITEM or BAD_COLOR.
      items.push(int32OrMinus1(item))
      cols.push(int32OrMinus1(color))
    }
    // Loops, not push(...items): an option of 100,000 entries would overflow the stack.
    flat.push(items.length)
    for (const v of items) flat.push(v)
    for (const v of cols) flat.push(v)
  }
  return { nPrimary, nSecondary, pNames, sNames, colors: [...colors.keys()], flat, count: options.length, data }
}

/** Item names (strings), or null for a count of unnamed items. */
function names (v, what) {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) {
    checkWhole(v, `${what} (a count of items)`, INT32_MAX) // beyond it the module would see it wrapped
    return null
  }
  if (Array.isArray(v)) {
    if (v.length > INT32_MAX) throw new DlxError('BAD_ARGUMENT', `${what} has more than ${INT32_MAX} items`)
    return v.map(String)
  }
  throw new DlxError('BAD_INPUT', `${what} must be an array of item names or a count`)
}

const isRow = (v) => ArrayBuffer.isView(v) && !(v instanceof DataView)

/**
 * Option k in any of its forms, as { entries (an item list), hasData, data }.
 * A plain array is an item list: [0, 1] names items 0 and 1, so a 0/1 row
 * says what it is, as { row } or a typed array.
 */
function optionOf (opt, k, nItems) {
  if (Array.isArray(opt)) return { entries: opt, hasData: false }
  if (isRow(opt)) return { entries: rowItems(opt, k, nItems), hasData: false }
  if (opt === null || typeof opt !== 'object') {
    throw new DlxError('BAD_INPUT', `option ${k} must be an item list, a 0/1 row ({ row } or a Uint8Array) or { items, data }, not ${describe(opt)}`, { index: k })
  }
  const { items, row } = opt
  const hasData = 'data' in opt
  if (items !== undefined && row !== undefined) throw new DlxError('BAD_INPUT', `option ${k} has both items and row: give one`, { index: k })
  if (row !== undefined) {
    if (!Array.isArray(row) && !isRow(row)) throw new DlxError('BAD_INPUT', `option ${k}: row must be an array of 0/1 (or booleans) or a Uint8Array, not ${describe(row)}`, { index: k })
    return { entries: rowItems(row, k, nItems), hasData, data: opt.data }
  }
  if (!Array.isArray(items)) throw new DlxError('BAD_INPUT', `option ${k} needs items (an item list) or row (0/1 per item)`, { index: k })
  return { entries: items, hasData, data: opt.data }
}

/** A 0/1 row as the indices of its 1s; one entry per item, primary then secondary. */
function rowItems (row, k, nItems) {
  if (row.length !== nItems) {
    throw new DlxError('BAD_LENGTH', `option ${k}: a row needs one entry per item (${nItems}), this one has ${row.length}`, { index: k, length: row.length, expected: nItems })
  }
  const out = []
  for (let j = 0; j < row.length; j++) { // not forEach: a hole is a value missing
    const v = row[j]
    if (v === 1 || v === true) out.push(j)
    else if (v !== 0 && v !== false) {
      throw new DlxError('BAD_VALUE', `option ${k}: row entry ${j} is ${describe(v)}; a row holds 0 or 1 (or false or true)`, { index: k, entry: j })
    }
  }
  return out
}
