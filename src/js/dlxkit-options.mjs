// An exact-cover spec ({ primary, secondary, options }) read into what the
// module takes: item counts, the options as flat lists of 32-bit values (a
// chunk at a time), the names of items and colors, and the user's data per
// option. An option is an item list, a 0/1 row (one entry per item), or
// { items | row, data, cost }.
import { DlxError, INT32_MAX, checkWhole, describe, errorText, int32OrMinus1 } from './dlxkit-errors.mjs'
import { checkOptions } from './dlxkit-option-names.mjs'

/**
 * Lower bounds of what the module's engine (src/core/dlx.c) takes, to refuse
 * at once a spec that cannot fit, before building anything as big as it: a
 * node (16 bytes) per item and per entry, one more per option, in one table
 * whose size doubles as it grows, and the module's malloc (src/wasm/heap.c)
 * hands out blocks below 2 GiB, so at most 2^26 nodes (1 GiB); per item at
 * least 76 more bytes (its header, counts and stacks), per option 4.
 */
export const MAX_NODES = 2 ** 26
const NODE_BYTES = 16
const ITEM_BYTES = 76
const OPTION_BYTES = 4
const WASM32_BYTES = 2 ** 32
/** Options go into the module in chunks of about this many 32-bit values (1 MiB). */
const CHUNK = 1 << 18

/**
 * The spec read up to its options: { nPrimary, nSecondary, pNames, sNames,
 * bounds, preferred (primary items named `#...`), count, options, index
 * (name -> item) }, checked against what the module
 * can hold (`memoryCap` bytes, 0: wasm32's 4 GiB) before anything big is
 * made. Its options go in with streamOptions. Every mistake is a DlxError.
 */
export function readSpec (spec, memoryCap = 0) {
  if (spec === null || typeof spec !== 'object') throw new DlxError('BAD_INPUT', 'exactCover needs { primary, secondary, options }')
  if (!Array.isArray(spec)) checkOptions('exactCover', spec) // a misspelt 'secndary' would drop the secondary items
  const { primary, secondary = [], options = [] } = spec
  const limit = memoryCap > 0 && memoryCap < WASM32_BYTES ? memoryCap : WASM32_BYTES
  const nPrimary = itemCount(primary, 'primary')
  const nSecondary = itemCount(secondary, 'secondary')
  const items = nPrimary + nSecondary
  if (items * ITEM_BYTES > limit) throw tooMuchMemory(`${items} items`, items * ITEM_BYTES, limit)
  if (!Array.isArray(options)) throw new DlxError('BAD_INPUT', 'options must be an array (of item lists, 0/1 rows or { items | row, data })')
  checkNodes(items, options, limit)
  const bounds = []
  const pNames = names(primary, 'primary', bounds)
  const sNames = names(secondary, 'secondary')
  const index = new Map()
  // Secondary names come after all primary items, named or counted.
  const declare = (list, first) => list?.forEach((n, i) => {
    if (index.has(n)) throw new DlxError('DUPLICATE_NAME', `item "${n}" is declared twice`, { item: n })
    index.set(n, first + i)
  })
  declare(pNames, 0)
  declare(sNames, nPrimary)
  // DLX2-sharp: primary items named `#...` are preferred for branching.
  const preferred = []
  pNames?.forEach((n, i) => { if (n.startsWith('#')) preferred.push(i) })
  return { nPrimary, nSecondary, pNames, sNames, bounds, preferred, count: options.length, options, index }
}

/** How many items `v` declares (names or a count), before reading any name. */
function itemCount (v, what) {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) {
    return checkWhole(v, `${what} (a count of items)`, INT32_MAX) // beyond it the module would see it wrapped
  }
  if (Array.isArray(v)) return v.length
  throw new DlxError('BAD_INPUT', `${what} must be an array of item names or a count`)
}

/**
 * Refuse options that need more nodes than the engine's table holds, or
 * more bytes than the module may have: counted from the lengths of their
 * item lists (a row's 1s are not counted, so the bound stays a lower one),
 * up to the first entry that is no option (streamOptions says what is wrong
 * with it).
 */
function checkNodes (items, options, limit) {
  const count = options.length
  let nodes = items + 2 + count
  if (nodes <= MAX_NODES) {
    for (let k = 0; k < count; k++) {
      const opt = options[k]
      const list = Array.isArray(opt) ? opt : opt !== null && typeof opt === 'object' && Array.isArray(opt.items) ? opt.items : null
      if (list) nodes += list.length
      else if (!isRow(opt) && !(opt !== null && typeof opt === 'object' && opt.row !== undefined)) break
      if (nodes > MAX_NODES) break
    }
  }
  if (nodes > MAX_NODES) {
    throw new DlxError('TOO_BIG', `${count} options over ${items} items need more than ${MAX_NODES} nodes, the most the module's node table holds: split the problem`, { options: count, nodes })
  }
  const bytes = nodes * NODE_BYTES + count * OPTION_BYTES + items * ITEM_BYTES
  if (bytes > limit) throw tooMuchMemory(`${count} options over ${items} items`, bytes, limit)
}

function tooMuchMemory (what, bytes, limit) {
  const mib = (b) => `${Math.ceil(b / 2 ** 20)} MiB`
  const room = limit < WASM32_BYTES ? `maxMemory (${mib(limit)}): raise it` : 'the 4 GiB a wasm32 module can have'
  return new DlxError('OUT_OF_MEMORY', `out of memory: ${what} need at least ${mib(bytes)} of the module's memory, more than ${room}`, { bytes })
}

/**
 * Read the options of a spec (from readSpec) and hand them to send(flat,
 * first, n) in chunks, never all at once (40 million options would make a
 * JS array longer than V8 allows): flat holds, for each of options first ..
 * first + n - 1, its length, its items, their colors. Returns { colors
 * (names, color k + 1 at k), data (per option, or null when no option
 * carries any), costs ([option, cost] for each option with a cost above 0) }. Every mistake is a DlxError naming the option; the module
 * sees only checked values.
 */
export function streamOptions (read, send) {
  const { options, count, index, nPrimary, nSecondary } = read
  const colors = new Map()
  const costs = []
  let data = null
  let chunk = new Int32Array(CHUNK)
  let fill = 0 // values in chunk
  let first = 0 // the first option in chunk
  const flush = (end) => {
    if (end > first) send(chunk.subarray(0, fill), first, end - first)
    fill = 0
    first = end
  }
  for (let k = 0; k < count; k++) { // not forEach: a hole is an option missing, not one to skip
    const opt = optionOf(options[k], k, nPrimary + nSecondary)
    if (opt.hasData) {
      data ??= new Array(count).fill(undefined)
      data[k] = opt.data
    }
    if (opt.cost) costs.push([k, opt.cost])
    const entries = opt.entries
    const n = entries.length
    if (fill + 1 + 2 * n > chunk.length) {
      flush(k)
      if (1 + 2 * n > chunk.length) chunk = new Int32Array(1 + 2 * n) // one long option: a chunk of its own
    }
    chunk[fill] = n
    for (let j = 0; j < n; j++) {
      const [item, color] = entry(entries[j], k, index, colors)
      chunk[fill + 1 + j] = item
      chunk[fill + 1 + n + j] = color
    }
    fill += 1 + 2 * n
  }
  flush(count)
  return { colors: [...colors.keys()], data, costs }
}

/** Entry `e` of option k as [item, color], 32-bit values for the module. */
function entry (e, k, index, colors) {
  let item = e
  let color = 0
  if (typeof e === 'string') {
    const colon = e.indexOf(':')
    const name = colon < 0 ? e : e.slice(0, colon)
    if (colon >= 0) {
      const c = e.slice(colon + 1)
      if (!c) throw new DlxError('SYNTAX', `option ${k} has an empty color after "${name}:"`, { index: k, item: name })
      if (!colors.has(c)) colors.set(c, colors.size + 1)
      color = colors.get(c)
    }
    item = index.get(name)
    if (item === undefined) throw new DlxError('UNKNOWN_ITEM', `option ${k} names unknown item "${name}"`, { index: k, item: name })
  } else if (Array.isArray(e)) {
    [item, color] = e
  }
  if (!Number.isInteger(item) || !Number.isInteger(color)) {
    throw new DlxError('BAD_INPUT', `option ${k} has an entry that is not an item name or index: ${describe(e)}`, { index: k })
  }
  // Beyond 32 bits the module would see the value wrapped: -1 gets its BAD_ITEM or BAD_COLOR.
  return [int32OrMinus1(item), int32OrMinus1(color)]
}

/**
 * Multiplicity bounds of a primary item given as { name, min, max }: min
 * defaults to 1 and max to the larger of min and 1 (so { max: 3 } is 1 to 3
 * times, { min: 0 } at most once); [item, min, max] goes on `bounds` unless
 * it is 1:1. Secondary items (no `bounds`) take none.
 */
function readBounds (entry, i, what, bounds) {
  const other = Object.keys(entry).find((key) => key !== 'name' && key !== 'min' && key !== 'max')
  if (other !== undefined) { // a typo ({ mni: 2 }) would drop its bound without a word
    throw new DlxError('BAD_INPUT', `${what}[${i}] has the key ${describe(other)}: an item takes name, min and max`, { index: i, key: other })
  }
  const { min = 1, max = Math.max(min, 1) } = entry
  if (!bounds) throw new DlxError('BAD_BOUND', `${what}[${i}] has bounds, but only primary items take them`, { index: i })
  for (const [key, v] of [['min', min], ['max', max]]) {
    checkWhole(v, `${what}[${i}].${key}`, INT32_MAX >> 1, 'BAD_BOUND')
  }
  if (max < 1) throw new DlxError('BAD_BOUND', `${what}[${i}].max is 0: the item could never be covered`, { index: i })
  if (min > max) throw new DlxError('BAD_BOUND', `${what}[${i}].min ${min} is above its max ${max}`, { index: i })
  if (min !== 1 || max !== 1) bounds.push([i, min, max])
}

/**
 * Item names (strings), or null for a count of unnamed items. A hole is a
 * name missing, and a name with ':' could never be named in an option (it
 * separates an item from its color there, as in Knuth's format). A primary
 * item may be { name, min, max } (readBounds).
 */
const isPlain = (v) => v !== null && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v))

function names (v, what, bounds) {
  if (!Array.isArray(v)) return null
  const out = new Array(v.length)
  for (let i = 0; i < v.length; i++) { // not map: it skips holes
    if (!(i in v)) throw new DlxError('BAD_INPUT', `${what}[${i}] is missing (a hole in the array of names)`, { index: i })
    let name
    let entry = v[i]
    if (entry !== null && typeof entry === 'object' && 'name' in entry) {
      readBounds(entry, i, what, bounds)
      entry = entry.name
    } else if (isPlain(entry)) { // { min: 2 } without its name: never the item "[object Object]", its bounds dropped
      throw new DlxError('BAD_INPUT', `${what}[${i}] is an object without a name: give ${bounds ? '{ name, min, max } or ' : ''}a name`, { index: i })
    }
    try {
      name = String(entry)
    } catch (e) {
      throw new DlxError('BAD_INPUT', `${what}[${i}] is not a name: ${errorText(e)}`, { index: i })
    }
    if (name.includes(':')) {
      throw new DlxError('BAD_CHARACTER', `item name ${describe(name)} holds ':', which parts an item from its color in an option: no option could name it`, { index: i, item: name })
    }
    out[i] = name
  }
  return out
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
  const { items, row, cost = 0 } = opt
  const hasData = 'data' in opt
  if (items !== undefined && row !== undefined) throw new DlxError('BAD_INPUT', `option ${k} has both items and row: give one`, { index: k })
  try {
    checkWhole(cost, `option ${k}: cost`, Number.MAX_SAFE_INTEGER, 'BAD_COST')
  } catch (e) {
    e.details = { index: k }
    throw e
  }
  if (row !== undefined) {
    if (!Array.isArray(row) && !isRow(row)) throw new DlxError('BAD_INPUT', `option ${k}: row must be an array of 0/1 (or booleans) or a Uint8Array, not ${describe(row)}`, { index: k })
    return { entries: rowItems(row, k, nItems), hasData, data: opt.data, cost }
  }
  if (!Array.isArray(items)) throw new DlxError('BAD_INPUT', `option ${k} needs items (an item list) or row (0/1 per item)`, { index: k })
  return { entries: items, hasData, data: opt.data, cost }
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
