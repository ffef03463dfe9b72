// dlxkit core: the JavaScript API over dlxkit.wasm (one wrapper over the
// exported C functions, as sql.js does), the same in Node, browsers, workers
// and extensions. It imports nothing: what differs between them (reading a
// file, starting a worker, resolving a path) is the host that dlxkit.mjs
// (Node, and unbundled pages) or dlxkit-browser.mjs (bundlers) pass in.

import { ERROR_NAMES, ERR, RESULT, SLOT, SUDOKU_STATUS as STATUS } from './dlxkit-abi.mjs'

/** The one error class: `code` is stable (see README), `details` says where. */
export class DlxError extends Error {
  constructor (code, message, details = {}) {
    super(message)
    this.name = 'DlxError'
    this.code = code
    this.details = details
  }
}

const SEARCH = { [RESULT.SOLUTION]: 'solution', [RESULT.DONE]: 'done', [RESULT.BUDGET]: 'budget', [RESULT.LIMIT]: 'limit' }
const STYLE = { line: 0, grid: 1, numbers: 2 }
const DEFAULT_SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const SOLVER_CACHE_SIZE = 4

const utf8 = new TextEncoder()
const utf8Decoder = new TextDecoder()

/**
 * Bytes of the module, from what the caller gave or from where the host says
 * (a host is what differs between Node and browsers: see dlxkit.mjs and
 * dlxkit-browser.mjs). Every failure is a LOAD_FAILED saying why.
 */
async function wasmSource (wasm, host) {
  if (wasm instanceof WebAssembly.Module) return wasm
  if (wasm instanceof ArrayBuffer || ArrayBuffer.isView(wasm)) return wasm
  const url = await wasmUrl(wasm, host)
  let response
  try {
    if (url.protocol === 'file:' && host.readFile) return await host.readFile(url)
    response = await fetch(url)
  } catch (e) {
    throw new DlxError('LOAD_FAILED', `cannot read ${url}: ${errorText(e)}`)
  }
  if (!response.ok) throw new DlxError('LOAD_FAILED', `cannot fetch ${url}: HTTP ${response.status}`)
  try {
    return await response.arrayBuffer()
  } catch (e) {
    throw new DlxError('LOAD_FAILED', `cannot read ${url}: ${errorText(e)}`)
  }
}

/** The URL the host makes of a `wasm` option (its default when none). */
async function wasmUrl (wasm, host) {
  try {
    return await host.wasmUrl(wasm)
  } catch (e) {
    throw new DlxError('LOAD_FAILED', `cannot make a URL of the wasm option ${describe(wasm)}: ${errorText(e)}`)
  }
}

/**
 * Load the module. Options: `wasm` (bytes, a WebAssembly.Module or a URL; by
 * default the file next to this module) and `maxMemory` (bytes of linear
 * memory allowed; exhausting it is an OUT_OF_MEMORY error, never a trap).
 * The entry files pass their host.
 */
export async function loadWith (host, options = {}) {
  const source = await wasmSource(options?.wasm, host)
  let module, instance
  try {
    module = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(source)
    instance = await WebAssembly.instantiate(module, {})
  } catch (e) {
    throw new DlxError('LOAD_FAILED', `cannot instantiate dlxkit.wasm: ${e.message}`)
  }
  if (typeof instance.exports._initialize !== 'function' || typeof instance.exports.dk_alloc !== 'function') {
    throw new DlxError('LOAD_FAILED', 'this WebAssembly module is not dlxkit.wasm (it lacks the dk_* exports)')
  }
  const kit = new Dlxkit(instance.exports, options)
  kit._module = module // to start afresh when memory has grown (see releaseMemory)
  return kit
}

/**
 * A browser Worker's events wired to the client: an error event says what it
 * can (a script that fails to load gives a bare Event, with no message).
 */
export function wireWebWorker (worker, onMessage, onFailure, what) {
  worker.onmessage = (e) => onMessage(e.data)
  worker.onerror = (e) => {
    e?.preventDefault?.() // reported here, not also as an uncaught error
    onFailure(eventText(e, what))
  }
  worker.onmessageerror = () => onFailure('a message could not be read')
  return worker
}

function eventText (e, what) {
  let message, where
  try {
    message = typeof e?.message === 'string' && e.message ? e.message : null
    where = typeof e?.filename === 'string' && e.filename ? ` (${e.filename}${e.lineno ? `:${e.lineno}` : ''})` : ''
  } catch {}
  if (message) return message + where
  return `the worker script ${what} could not be started (missing, not JavaScript, or blocked by the page's policy)`
}

/** Memory beyond which an instance with no live problem starts afresh to give it back. */
const MEMORY_HIGH_WATER = 64 << 20

/** One loaded module: the Sudoku functions and the exact-cover problems. */
export class Dlxkit {
  constructor (exports, options = {}) {
    this._x = exports
    exports._initialize()
    this._buffer = null
    this._module = null
    this._live = 0 // problems not freed: while any lives, the instance cannot be replaced
    this._fresh = null // a fresh instance on its way (releaseMemory)
    this._solvers = new Map() // shape key -> solver handle, most recent last
    this._registry = typeof FinalizationRegistry === 'function'
      ? new FinalizationRegistry((free) => free())
      : null
    this.setMemoryLimit(options.maxMemory ?? 0)
    this.sudoku = new SudokuApi(this)
  }

  /** Cap the module's memory at `bytes` (0: no cap but wasm32's 4 GiB). */
  setMemoryLimit (bytes) {
    if (!(Number.isFinite(bytes) && bytes >= 0)) throw new DlxError('BAD_ARGUMENT', 'maxMemory must be a number of bytes, 0 or more')
    checkWhole(bytes, 'maxMemory (bytes)', Number.MAX_SAFE_INTEGER)
    this._cap = bytes
    this._x.dk_set_memory_cap(bytes)
  }

  /** Bytes of linear memory in use by the module now. */
  memorySize () { return this._x.memory.buffer.byteLength }

  /**
   * WebAssembly memory never shrinks. After a call that grew it past 64 MiB
   * (a huge text, say), the instance is replaced by a fresh one as soon as no
   * problem is alive (a live Problem, or a solutions() loop, holds on to the
   * old one). This does it now if it can; resolves to whether it did.
   */
  releaseMemory () {
    if (this._live > 0 || !this._module) return Promise.resolve(false)
    this._fresh ??= WebAssembly.instantiate(this._module, {}).then((instance) => {
      this._fresh = null
      if (this._live > 0) return false // a problem was made meanwhile: keep the old memory
      this._solvers.clear() // their handles die with the old instance
      this._x = instance.exports
      this._x._initialize()
      this._x.dk_set_memory_cap(this._cap)
      return true
    }, () => { this._fresh = null; return false })
    return this._fresh
  }

  /** After memory is freed: start afresh in the background if it grew too big. */
  _released () {
    if (this._live === 0 && !this._fresh && this._module && this._x.memory.buffer.byteLength > MEMORY_HIGH_WATER) {
      this.releaseMemory()
    }
  }
  // ---- memory helpers ------------------------------------------------------

  _u8 () { return new Uint8Array(this._x.memory.buffer) }
  _i32 () { return new Int32Array(this._x.memory.buffer) }
  _f64 () { return new Float64Array(this._x.memory.buffer) }

  _alloc (bytes) {
    // dk_alloc takes an int32_t: a larger request would wrap into a small block.
    if (!(bytes <= INT32_MAX)) throw new DlxError('OUT_OF_MEMORY', `out of memory (asked for ${bytes} bytes, more than the module can address)`)
    const p = this._x.dk_alloc(Math.max(bytes, 1))
    if (!p) throw new DlxError('OUT_OF_MEMORY', `out of memory (asked for ${bytes} bytes; raise maxMemory)`)
    return p
  }

  _free (p) {
    if (!p) return
    this._x.dk_free(p)
    this._released()
  }

  /** Run fn with temporary buffers of the given sizes, freed afterwards. */
  _with (sizes, fn) {
    const ptrs = []
    try {
      for (const s of sizes) ptrs.push(this._alloc(s))
      return fn(...ptrs)
    } finally {
      for (const p of ptrs) this._free(p)
    }
  }

  _string (p) {
    if (!p) return null
    const u8 = this._u8()
    let end = p
    while (u8[end] !== 0) end++
    return utf8Decoder.decode(u8.subarray(p, end))
  }

  /** Copy a string in as UTF-8; returns [pointer, byte length] (free it). */
  _putString (s) {
    const bytes = utf8.encode(s)
    const p = this._alloc(bytes.length + 1)
    const u8 = this._u8()
    u8.set(bytes, p)
    u8[p + bytes.length] = 0
    return [p, bytes.length]
  }

  /** The last C error as a DlxError. */
  _error (code) {
    const e = this._x.dk_error() >> 2
    const i32 = this._i32()
    const message = this._string((e + SLOT.error.message) << 2) || this._string(this._x.dk_strerror(code))
    const details = { errno: code }
    for (const [name, k] of Object.entries(SLOT.error)) {
      if (name !== 'code' && name !== 'message' && i32[e + k]) details[name] = i32[e + k]
    }
    return new DlxError(ERROR_NAMES[code] ?? 'UNKNOWN', message, details)
  }

  _check (rc) {
    if (rc < 0) throw this._error(rc)
    return rc
  }

  _track (owner, free) {
    if (this._registry) this._registry.register(owner, free, owner)
  }

  _untrack (owner) {
    if (this._registry) this._registry.unregister(owner)
  }

  // ---- exact cover -----------------------------------------------------------

  /**
   * A problem from items and options. `primary` and `secondary` are arrays of
   * names or counts; each option is an array of names (secondary ones may be
   * 'item:color') or of item indices (a secondary index may be [index, color]
   * with a positive integer color).
   */
  exactCover (spec = {}) {
    if (spec === null || typeof spec !== 'object') throw new DlxError('BAD_INPUT', 'exactCover needs { primary, secondary, options }')
    const { primary, secondary = [], options = [] } = spec
    const names = (v, what) => {
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
    const pNames = names(primary, 'primary')
    const sNames = names(secondary, 'secondary')
    const nPrimary = pNames ? pNames.length : primary
    const nSecondary = sNames ? sNames.length : secondary
    if (!Array.isArray(options)) throw new DlxError('BAD_INPUT', 'options must be an array of arrays')
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
    for (let k = 0; k < options.length; k++) { // not forEach: a hole is an option missing, not one to skip
      const opt = options[k]
      if (!Array.isArray(opt)) throw new DlxError('BAD_INPUT', `option ${k} must be an array`, { index: k })
      const items = []
      const cols = []
      for (const entry of opt) {
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
    const p = this._x.dk_problem_new(nPrimary, nSecondary)
    if (!p) throw this._error(this._i32()[this._x.dk_error() >> 2])
    const problem = new Problem(this, p, { names: pNames || sNames?.length ? { primary: pNames, secondary: sNames, nPrimary } : null, colors: [...colors.keys()] })
    try {
      this._with([flat.length * 4], (buf) => {
        this._i32().set(flat, buf >> 2)
        const rc = this._x.dk_problem_add_options(p, buf, options.length)
        if (rc < 0) {
          const err = this._error(rc)
          err.details.index ??= 0 // _error drops zeros, but option 0 is an option
          err.message = `option ${err.details.index}: ${err.message}`
          throw err
        }
      })
    } catch (e) {
      problem.free()
      throw e
    }
    return problem
  }

  /** A problem in Knuth's DLX format; errors carry line and column. */
  parseDlx (text) {
    if (typeof text !== 'string') throw new DlxError('BAD_INPUT', 'parseDlx needs the text of a DLX file (a string)')
    const [s, len] = this._putString(text)
    let p
    try {
      p = this._x.dk_problem_parse(s, len)
    } finally {
      this._free(s)
    }
    if (!p) {
      const err = this._error(this._i32()[this._x.dk_error() >> 2])
      if (err.details.line) err.message = `line ${err.details.line}, column ${err.details.column}: ${err.message}`
      throw err
    }
    return new Problem(this, p, { fromText: true })
  }
}

/** An exact-cover problem in the module. Free it when done (or let GC). */
export class Problem {
  constructor (kit, handle, { names = null, colors = [], fromText = false } = {}) {
    this._kit = kit
    this._x = kit._x
    this._h = handle
    this._names = names
    this._colors = colors
    this._fromText = fromText
    this._items = -1 // the item count, once asked (it never changes)
    this._iterating = false // a solutions() loop is under way
    kit._live++
    kit._track(this, () => { kit._live--; kit._x.dk_problem_free(handle) })
  }

  _handle () {
    if (!this._h) throw new DlxError('FREED', 'this problem was freed')
    return this._h
  }

  /**
   * The handle, for calls that move or reset the search: a solutions() loop
   * under way owns the search, and such a call would derail it (restart it
   * forever, end it, or mix two loops' places), so it is refused.
   */
  _idle () {
    const h = this._handle()
    if (this._iterating) {
      throw new DlxError('BUSY', 'a solutions() loop over this problem is under way; finish or break it first (or call its return())')
    }
    return h
  }

  /** Counts: primary items, items, options, forced options. */
  get shape () {
    return this._kit._with([4 * SLOT.shape.length], (out) => {
      this._x.dk_problem_shape(this._handle(), out)
      const i = this._kit._i32()
      const o = out >> 2
      const at = SLOT.shape
      return { primary: i[o + at.primary], items: i[o + at.items], options: i[o + at.options], forced: i[o + at.forced] }
    })
  }

  /** Item i's name (its index as a string when the problem has no names). */
  itemName (i) {
    checkIndex(i, 'item index')
    if (this._items < 0) this._items = this.shape.items
    if (i < 0 || i >= this._items) throw new DlxError('BAD_ITEM', `item ${i} does not exist: items are 0..${this._items - 1}`, { index: i })
    return this._itemName(i)
  }

  _itemName (i) {
    const names = this._names
    if (names) {
      const list = i < names.nPrimary ? names.primary : names.secondary
      return list ? list[i < names.nPrimary ? i : i - names.nPrimary] : String(i)
    }
    if (this._fromText) return this._kit._string(this._x.dk_problem_item_name(this._handle(), i))
    return String(i)
  }

  /** Option k as item names (with ':color' where it has one). */
  option (k) {
    k = checkIndex(k, 'option index')
    const n = this._x.dk_problem_option_items(this._handle(), k, 0, 0, 0)
    this._kit._check(n)
    return this._kit._with([n * 4, n * 4], (items, colors) => {
      this._x.dk_problem_option_items(this._h, k, items, colors, n)
      const i32 = this._kit._i32()
      const out = []
      for (let j = 0; j < n; j++) {
        const name = this._itemName(i32[(items >> 2) + j])
        const c = i32[(colors >> 2) + j]
        out.push(c ? `${name}:${this._colorName(c)}` : name)
      }
      return out
    })
  }

  _colorName (c) {
    if (this._fromText) return this._kit._string(this._x.dk_problem_color_name(this._h, c))
    return this._colors[c - 1] ?? String(c)
  }

  /** One step of the resumable search: 'solution', 'done' or 'budget'. */
  search (maxNodes = 0) {
    return SEARCH[this._kit._check(this._x.dk_problem_search(this._idle(), checkCount(maxNodes, 'maxNodes')))]
  }

  /** The same with an absolute limit on the node counter (0: none). */
  searchUntil (nodeLimit = 0) {
    return SEARCH[this._kit._check(this._x.dk_problem_search_until(this._idle(), checkCount(nodeLimit, 'nodeLimit')))]
  }

  /** The solution the search is at: option indices (forced ones first). */
  solution () {
    const cap = this.shape.primary + 1
    return this._kit._with([cap * 4], (buf) => {
      const n = this._kit._check(this._x.dk_problem_solution(this._handle(), buf, cap))
      return Array.from(this._kit._i32().subarray(buf >> 2, (buf >> 2) + n))
    })
  }

  /** The first solution (sorted option indices), or null. */
  solve ({ maxNodes = 0 } = {}) {
    this.restart()
    const r = this.search(maxNodes)
    if (r === 'budget') throw new DlxError('STOPPED', `no solution found within ${maxNodes} nodes`, { nodes: this.stats().nodes })
    const s = r === 'solution' ? this.solution().sort((a, b) => a - b) : null
    this.restart()
    return s
  }

  /** How many solutions, up to `limit` (0: all). Throws STOPPED at maxNodes. */
  count ({ limit = 0, maxNodes = 0 } = {}) {
    const r = this.countDetailed({ limit, maxNodes })
    if (r.status === 'stopped') {
      throw new DlxError('STOPPED', `counting stopped after ${r.nodes} nodes with ${r.count} solutions so far`, r)
    }
    return r.count
  }

  /** { count, status: 'done' | 'limit' | 'stopped', nodes } */
  countDetailed ({ limit = 0, maxNodes = 0 } = {}) {
    return this._kit._with([8], (out) => {
      const rc = this._kit._check(this._x.dk_problem_count(this._idle(), checkCount(limit, 'limit'), checkCount(maxNodes, 'maxNodes'), out))
      const count = this._kit._f64()[out >> 3]
      return { count, status: rc === RESULT.DONE ? 'done' : rc === RESULT.LIMIT ? 'limit' : 'stopped', nodes: this.stats().nodes }
    })
  }

  /** Every solution in turn (sorted option indices), up to `limit`. */
  * solutions ({ limit = 0, maxNodes = 0 } = {}) {
    checkCount(limit, 'limit')
    checkCount(maxNodes, 'maxNodes')
    this.restart()
    // While the loop runs, calls that move the search are refused (BUSY);
    // the loop ending in any way (done, break, throw, return()) frees it.
    this._iterating = true
    try {
      let found = 0
      for (;;) {
        const left = maxNodes ? maxNodes - this.stats().nodes : 0
        if (maxNodes && left <= 0) throw new DlxError('STOPPED', `stopped after ${maxNodes} nodes`, { found })
        const r = SEARCH[this._kit._check(this._x.dk_problem_search(this._handle(), left))]
        if (r === 'done') return
        if (r === 'budget') throw new DlxError('STOPPED', `stopped after ${maxNodes} nodes`, { found })
        yield this.solution().sort((a, b) => a - b)
        if (limit && ++found >= limit) return
      }
    } finally {
      this._iterating = false
    }
  }

  /** { nodes, updates, solutions, progress, level, maxLevel, guesses } */
  stats () {
    return this._kit._with([8 * SLOT.stats.length], (out) => {
      this._x.dk_problem_stats(this._handle(), out)
      const f = this._kit._f64().subarray(out >> 3, (out >> 3) + SLOT.stats.length)
      const at = SLOT.stats
      return { nodes: f[at.nodes], updates: f[at.updates], solutions: f[at.solutions], progress: f[at.progress], level: f[at.level], maxLevel: f[at.maxLevel], guesses: f[at.guesses] }
    })
  }

  restart () { this._x.dk_problem_restart(this._idle()) }

  /** Try options in a reproducible random order (seed 0: natural order). */
  setSeed (seed) { this._kit._check(this._x.dk_problem_set_seed(this._idle(), checkCount(seed, 'seed'))) }

  /** Put option k in every solution; a clash throws CONFLICT naming the other. */
  force (k) {
    k = checkIndex(k, 'option index')
    const rc = this._x.dk_problem_force(this._idle(), k)
    if (rc < 0) {
      const err = this._kit._error(rc)
      if (rc === ERR.CONFLICT) {
        err.details = { option: k, other: err.details.index ?? 0, item: this._itemName(err.details.value ?? 0) }
        err.message = `option ${k} clashes with forced option ${err.details.other} on item ${err.details.item}`
      }
      throw err
    }
  }

  unforce () { this._kit._check(this._x.dk_problem_unforce(this._idle())) }

  /** Options holding item i that agree with the forced ones. */
  itemOptions (i) {
    i = checkIndex(i, 'item index')
    const n = this._kit._check(this._x.dk_problem_item_options(this._idle(), i, 0, 0)) // it restarts the search
    return this._kit._with([n * 4], (buf) => {
      this._x.dk_problem_item_options(this._h, i, buf, n)
      return Array.from(this._kit._i32().subarray(buf >> 2, (buf >> 2) + n))
    })
  }

  /** The item the search would branch on first, or -1. */
  branchItem () { return this._x.dk_problem_branch_item(this._idle()) } // it restarts the search

  /**
   * Split the search into `parts` independent pieces: lists of options to
   * force, taken from the first levels of the tree, dealt round-robin. The
   * counts of all shards add up to the whole count.
   */
  shardPrefixes (shard, parts) {
    this._idle()
    if (!(Number.isInteger(parts) && parts >= 1 && Number.isInteger(shard) && shard >= 0 && shard < parts)) {
      throw new DlxError('BAD_ARGUMENT', `shard must be K/N with 1 <= K <= N (got ${shard + 1}/${parts})`)
    }
    let prefixes = [[]]
    // Deepen until there are enough pieces to deal (or nothing to split).
    for (let depth = 0; depth < 8 && prefixes.length < parts * 4; depth++) {
      const next = []
      let split = false
      for (const prefix of prefixes) {
        for (const k of prefix) this.force(k)
        const item = this.branchItem()
        if (item < 0) next.push(prefix)
        else {
          split = true
          for (const k of this.itemOptions(item)) next.push([...prefix, k])
        }
        for (let j = 0; j < prefix.length; j++) this.unforce()
      }
      prefixes = next
      if (!split) break
    }
    return prefixes.filter((_, i) => i % parts === shard)
  }

  /** Count only the given shard (see shardPrefixes). */
  countShard (shard, parts, { maxNodes = 0 } = {}) {
    let total = 0
    for (const prefix of this.shardPrefixes(shard, parts)) {
      for (const k of prefix) this.force(k)
      try {
        total += this.count({ maxNodes })
      } finally {
        for (let j = 0; j < prefix.length; j++) this.unforce()
      }
    }
    return total
  }

  /** Option k as a line of Knuth's format. */
  formatOption (k) { return this.option(k).join(' ') }

  free () {
    if (!this._h) return
    this._kit._untrack(this)
    this._x.dk_problem_free(this._h)
    this._h = 0
    this._kit._live--
    this._kit._released()
  }

  [Symbol.dispose] () { this.free() }
}

/** An index for the module: an integer; one beyond 32 bits becomes -1 (out of range there). */
function checkIndex (v, what) {
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw new DlxError('BAD_ARGUMENT', `${what} must be a whole number (got ${describe(v)})`)
  }
  return int32OrMinus1(v)
}

function int32OrMinus1 (v) {
  return v >= -(2 ** 31) && v < 2 ** 31 ? v : -1
}

/** A value for a message, whatever it is (JSON.stringify throws on BigInt and cycles). */
function describe (v) {
  if (typeof v === 'string') return JSON.stringify(v)
  if (typeof v === 'bigint') return `${v}n`
  try {
    return JSON.stringify(v) ?? String(v)
  } catch {
    return Object.prototype.toString.call(v)
  }
}

/**
 * The one check of numbers bound for the module: a whole number within the
 * C parameter's range, or a coded error (the module would see a wrapped or
 * truncated value: 2^32 + 2 items would be 2).
 */
function checkWhole (v, what, max, code = 'BAD_ARGUMENT', min = 0) {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new DlxError(code, `${what} must be a whole number ${min}..${max} (got ${describe(v)})`)
  }
  return v
}

/** A count, budget or seed (a double in C, read as a uint64_t). */
function checkCount (v, what) { return checkWhole(v, what, UINT64_DOUBLE_MAX) }

/** The largest double below 2^64 (the C side's bound for counts). */
const UINT64_DOUBLE_MAX = 18446744073709549568
const INT32_MAX = 2 ** 31 - 1

/** Bytes that mean something in puzzle text, which no alphabet may take (as in the C reader). */
const RESERVED_SYMBOLS = '.-_|,#:+='

/**
 * The alphabet option, checked by the C reader's rules (src/core/sudoku_text.c,
 * alphabet_check): 1..64 printable ASCII symbols, none reserved, none
 * repeated, at least `want` of them. Returns null for the default.
 * Every path that takes an alphabet goes through this one check.
 */
function checkAlphabet (alphabet, want = 0) {
  if (alphabet == null) return null
  const bad = (why) => new DlxError('BAD_ALPHABET', why, { alphabet: typeof alphabet === 'string' ? alphabet.slice(0, 80) : describe(alphabet) })
  if (typeof alphabet !== 'string') throw bad(`the alphabet must be a string of symbols (got ${describe(alphabet)})`)
  if (!alphabet.length) throw bad('the alphabet is empty; give one symbol per digit')
  if (alphabet.length > 64) throw bad('the alphabet has more than 64 symbols')
  for (let i = 0; i < alphabet.length; i++) {
    const c = alphabet.charCodeAt(i)
    const ch = alphabet[i]
    if (c <= 0x20 || c >= 0x7f) throw bad(`the alphabet may only hold printable ASCII symbols; symbol ${i + 1} is U+${c.toString(16).toUpperCase().padStart(4, '0')}`)
    if (RESERVED_SYMBOLS.includes(ch)) throw bad(`the alphabet may not use '${ch}' (symbol ${i + 1}): it marks empty cells, separators or comments in puzzle text`)
    const first = alphabet.indexOf(ch)
    if (first < i) throw bad(`the alphabet repeats '${ch}' (symbols ${first + 1} and ${i + 1})`)
  }
  if (want > alphabet.length) throw bad(`the alphabet has ${alphabet.length} symbols; a ${want}x${want} puzzle needs ${want}`)
  return alphabet
}

// ---- Sudoku -------------------------------------------------------------------

/** Variant names to flags. */
function variantFlags (variant) {
  const list = variant == null ? [] : Array.isArray(variant) ? variant : String(variant).split(/[,+ ]+/).filter(Boolean)
  let flags = 0
  for (const v of list) {
    const name = String(v).toLowerCase()
    if (name === 'x' || name === 'diagonal') flags |= 1
    else if (name === 'windoku' || name === 'hyper') flags |= 2
    else if (name === 'jigsaw' || name === 'standard' || name === 'none') continue
    else throw new DlxError('BAD_ARGUMENT', `unknown variant "${v}": use x, windoku (or jigsaw with a map)`)
  }
  return flags
}

class SudokuApi {
  constructor (kit) {
    this._kit = kit
  }

  get _x () { return this._kit._x } // the instance may be replaced (releaseMemory)

  /** A solver for the shape (cached: building the matrix is the costly part). */
  _solver (size, opts) {
    const box = [checkSide(opts.boxRows, 'boxRows'), checkSide(opts.boxCols, 'boxCols')]
    if (box[0] && !box[1]) box[1] = size / box[0]
    if (box[1] && !box[0]) box[0] = size / box[1]
    const flags = variantFlags(opts.variant)
    const given = opts.regions ?? []
    if (!Array.isArray(given) || given.length > 4 * 64) {
      throw new DlxError('BAD_REGION', 'regions must be an array of at most 256 regions, each an array of cells')
    }
    const regions = given.map((region, k) => {
      if (!Array.isArray(region)) throw new DlxError('BAD_REGION', `region ${k + 1} must be an array of cells`)
      return region.map((cell) => {
        const c = Array.isArray(cell) && Number.isInteger(cell[0]) && Number.isInteger(cell[1]) && cell[1] >= 0 && cell[1] < size ? cell[0] * size + cell[1] : cell
        if (!Number.isInteger(c) || c < 0 || c >= size * size) {
          throw new DlxError('BAD_REGION', `region ${k + 1}: ${describe(cell)} is not a cell of the ${size}x${size} grid`)
        }
        return c
      })
    })
    let jigsaw = opts.jigsaw ?? null
    if (jigsaw) {
      jigsaw = Array.isArray(jigsaw[0]) ? jigsaw.flat() : Array.from(jigsaw)
      const bad = jigsaw.findIndex((piece) => !(Number.isInteger(piece) && piece >= 0 && piece < size))
      if (bad >= 0) throw new DlxError('BAD_REGION', `the jigsaw map's cell ${bad + 1} holds ${describe(jigsaw[bad])}; pieces are numbered 0..${size - 1}`)
      if (jigsaw.length !== size * size) throw new DlxError('BAD_REGION', `the jigsaw map needs ${size * size} cells (${size} rows of ${size}), got ${jigsaw.length}`)
    }
    const key = JSON.stringify([size, box, flags, regions, jigsaw])
    const cache = this._kit._solvers
    let h = cache.get(key)
    if (h) {
      cache.delete(key)
      cache.set(key, h)
      return h
    }
    const flatRegions = regions.flat()
    if (flatRegions.some((c) => !Number.isInteger(c))) throw new DlxError('BAD_REGION', 'region cells must be [row, col] pairs or cell numbers')
    h = this._kit._with([(jigsaw?.length ?? 0) * 4 + 4, flatRegions.length * 4 + 4], (jp, rp) => {
      const i32 = this._kit._i32()
      if (jigsaw) i32.set(jigsaw, jp >> 2)
      i32.set(flatRegions, rp >> 2)
      const ok = regions.every((r) => r.length === size)
      if (!ok) throw new DlxError('BAD_REGION', `every extra region needs ${size} cells`)
      return this._x.dk_sudoku_new(size, box[0], box[1], flags, jigsaw ? jp : 0, rp, regions.length)
    })
    if (!h) throw this._kit._error(this._kit._i32()[this._x.dk_error() >> 2])
    cache.set(key, h)
    while (cache.size > SOLVER_CACHE_SIZE) {
      const [oldKey, old] = cache.entries().next().value
      cache.delete(oldKey)
      this._x.dk_sudoku_free(old)
    }
    return h
  }

  /**
   * A puzzle in: a string in any format the C reader knows, or a 2D array
   * (numbers, digit strings, '' / null / 0 for blanks). Returns the cells and
   * what is needed to give an answer back in the same form.
   */
  _read (puzzle, opts) {
    checkTextSize(opts.size)
    // A box of side 2 or 3 fixes the side: one line of 4 or 9 cells is then
    // that puzzle, not the first row of a 4x4 or 9x9 grid. (Larger boxes
    // leave the reader alone, so a mismatch is still reported as BAD_SIZE.)
    const { boxRows: br, boxCols: bc } = opts
    if (opts.size == null && Number.isInteger(br) && Number.isInteger(bc) && br > 0 && bc > 0 && br * bc <= 3) {
      opts = { ...opts, size: br * bc }
    }
    const alphabet = checkAlphabet(opts.alphabet, opts.size)
    if (Array.isArray(puzzle)) return readArray(puzzle, opts)
    if (typeof puzzle !== 'string') throw new DlxError('BAD_INPUT', 'a puzzle is a string or a 2D array of cells')
    checkPuzzleLength(puzzle)
    const fast = readLine(puzzle, opts.size, alphabet)
    if (fast) return fast
    const kit = this._kit
    const [s, len] = kit._putString(puzzle)
    let a = 0
    try {
      if (alphabet) [a] = kit._putString(alphabet) // inside: s is freed if this fails
      const t = this._x.dk_text_parse(s, len, opts.size ?? 0, a)
      if (!t) throw kit._error(kit._i32()[this._x.dk_error() >> 2])
      const size = this._x.dk_text_size(t)
      if (!size) {
        this._x.dk_text_free(t)
        throw new DlxError('BAD_LENGTH', 'the text holds no puzzle')
      }
      const cells = kit._u8().slice(this._x.dk_text_cells(t), this._x.dk_text_cells(t) + size * size)
      try {
        this._checkNothingAfter(s, len, this._x.dk_text_consumed(t), opts, a)
      } catch (e) {
        this._x.dk_text_free(t)
        throw e
      }
      return { size, cells, kind: 'text', text: t, style: this._x.dk_text_style(t) }
    } finally {
      kit._free(s)
      kit._free(a)
    }
  }

  /** One puzzle means one: text after it (but blanks and comments) is an error. */
  _checkNothingAfter (s, len, consumed, opts, alphabet) {
    if (consumed >= len) return
    const kit = this._kit
    const rest = this._x.dk_text_parse(s + consumed, len - consumed, opts.size ?? 0, alphabet)
    if (!rest) {
      const err = kit._error(kit._i32()[this._x.dk_error() >> 2])
      err.message = `after the puzzle: ${err.message}`
      throw err
    }
    const more = this._x.dk_text_size(rest) > 0
    this._x.dk_text_free(rest)
    if (more) throw new DlxError('BAD_INPUT', 'the text holds more than one puzzle; pass them to solveMany one by one')
  }

  /** The answer in the form the puzzle came in. */
  _write (input, values, opts = {}) {
    const { size } = input
    if (input.kind === 'array') {
      const rows = []
      for (let r = 0; r < size; r++) rows.push(Array.from(values.subarray(r * size, r * size + size)))
      return rows
    }
    const style = opts.format ? styleOf(opts.format) : input.kind === 'line' ? 0 : input.style
    if (input.kind === 'line' && style === 0) return writeLine(values, input.symbols, input.blank)
    const kit = this._kit
    const cap = size * size * 8 + 4096
    return kit._with([size * size, cap], (v, buf) => {
      kit._u8().set(values, v)
      const n = kit._check(this._x.dk_text_format(input.text ?? 0, size, v, style, buf, cap))
      return utf8Decoder.decode(kit._u8().slice(buf, buf + Math.min(n, cap - 1)))
    })
  }

  _release (input) {
    if (input.text) this._x.dk_text_free(input.text)
  }

  _withPuzzle (puzzle, opts, fn) {
    const input = this._read(puzzle, opts)
    try {
      return fn(input, this._solver(input.size, opts))
    } finally {
      this._release(input)
    }
  }

  /** Solve: { status, solution, count, nodes, guesses }. limit 2 proves uniqueness. */
  solve (puzzle, opts = {}) {
    const limit = checkCount(opts.limit ?? 2, 'limit')
    const maxNodes = checkCount(opts.maxNodes ?? 0, 'maxNodes')
    return this._withPuzzle(puzzle, opts, (input, h) => {
      const n2 = input.size * input.size
      const kit = this._kit
      const at = SLOT.solve
      return kit._with([n2, n2, 8 * at.length], (grid, sol, out) => {
        kit._u8().set(input.cells, grid)
        kit._check(this._x.dk_sudoku_solve(h, grid, limit, maxNodes, sol, out))
        const f = kit._f64().slice(out >> 3, (out >> 3) + at.length)
        const found = f[at.count] > 0
        const values = kit._u8().slice(sol, sol + n2)
        return {
          status: STATUS[f[at.status]],
          solution: found ? this._write(input, values, opts) : null,
          count: f[at.count],
          nodes: f[at.nodes],
          guesses: f[at.guesses]
        }
      })
    })
  }

  /** The number of solutions, up to `limit` (default 2). */
  count (puzzle, opts = {}) {
    return this.solve(puzzle, { ...opts, limit: opts.limit ?? 2 }).count
  }

  /** Many puzzles of one shape in one call into the module. */
  solveMany (puzzles, opts = {}) {
    if (!Array.isArray(puzzles)) throw new DlxError('BAD_INPUT', 'solveMany needs an array of puzzles')
    const limit = checkCount(opts.limit ?? 2, 'limit')
    const maxNodes = checkCount(opts.maxNodes ?? 0, 'maxNodes')
    checkTextSize(opts.size)
    checkAlphabet(opts.alphabet, opts.size) // an error of the call, not of each puzzle
    const inputs = []
    const results = new Array(puzzles.length)
    try {
      puzzles.forEach((p, k) => {
        try {
          inputs.push({ k, input: this._read(p, opts) })
        } catch (e) {
          if (!(e instanceof DlxError)) throw e
          results[k] = { status: 'invalid', error: e, solution: null, count: 0, nodes: 0 }
        }
      })
      // Puzzles of one size go together; a batch of mixed sizes makes groups.
      const groups = new Map()
      for (const it of inputs) {
        if (!groups.has(it.input.size)) groups.set(it.input.size, [])
        groups.get(it.input.size).push(it)
      }
      for (const [size, group] of groups) this._solveGroup(size, group, limit, maxNodes, opts, results)
    } finally {
      for (const it of inputs) this._release(it.input)
    }
    return results
  }

  _solveGroup (size, group, limit, maxNodes, opts, results) {
    const kit = this._kit
    const h = this._solver(size, opts)
    const n2 = size * size
    const at = SLOT.solve
    kit._with([n2 * group.length, n2 * group.length, 8 * at.length * group.length], (grids, sols, out) => {
      const u8 = kit._u8()
      group.forEach((it, j) => u8.set(it.input.cells, grids + j * n2))
      kit._check(this._x.dk_sudoku_solve_many(h, grids, group.length, limit, maxNodes, sols, out))
      // Copies: writing answers and asking about errors allocate, which can
      // grow the memory and detach any view of it.
      const f = kit._f64().slice(out >> 3, (out >> 3) + at.length * group.length)
      const all = kit._u8().slice(sols, sols + n2 * group.length)
      group.forEach((it, j) => {
        const o = at.length * j
        if (f[o + at.status] < 0) { // rare: ask again alone for the full message and details
          results[it.k] = { status: 'invalid', error: this._errorOf(it.input, opts), solution: null, count: 0, nodes: 0 }
          return
        }
        const values = all.subarray(j * n2, (j + 1) * n2)
        results[it.k] = {
          status: STATUS[f[o + at.status]],
          solution: f[o + at.count] > 0 ? this._write(it.input, values, opts) : null,
          count: f[o + at.count],
          nodes: f[o + at.nodes],
          guesses: f[o + at.guesses]
        }
      })
    })
  }

  /** The error solving this (already read) puzzle alone raises. */
  _errorOf (input, opts) {
    const kit = this._kit
    const n2 = input.size * input.size
    return kit._with([n2, n2, 32], (grid, sol, out) => {
      kit._u8().set(input.cells, grid)
      const rc = this._x.dk_sudoku_solve(this._solver(input.size, opts), grid, 1, 1, sol, out)
      return rc < 0 ? kit._error(rc) : new DlxError('UNKNOWN', 'the puzzle could not be solved')
    })
  }

  /**
   * A text of many puzzles cut into one text per puzzle, by the same reader
   * that solve() uses: [{ text, line }], line being where the puzzle starts
   * (1-based). A piece the reader rejects is still a piece (solving it says
   * what is wrong); it ends where the reader would go on, which for a bad
   * first row of a grid is after the rows the grid would have. Blank and
   * comment lines before a puzzle are left out. Options: size, alphabet (as
   * for solve).
   */
  split (text, opts = {}) {
    if (typeof text !== 'string') throw new DlxError('BAD_INPUT', `split needs a string (got ${describe(text)})`)
    checkTextSize(opts.size)
    const alphabet = checkAlphabet(opts.alphabet, opts.size)
    const kit = this._kit
    const [s, len] = kit._putString(text)
    let a = 0
    try {
      if (alphabet) [a] = kit._putString(alphabet)
      const pieces = []
      let at = 0
      let line = 1
      while (at < len) {
        const t = this._x.dk_text_parse(s + at, len - at, opts.size ?? 0, a)
        let used
        if (t) {
          const size = this._x.dk_text_size(t)
          used = this._x.dk_text_consumed(t)
          this._x.dk_text_free(t)
          if (!size) break // only blank, comment or title lines are left
        } else {
          used = kit._i32()[(this._x.dk_error() >> 2) + SLOT.error.index] // the reader's place after the problem
          if (!(used > 0)) throw kit._error(kit._i32()[this._x.dk_error() >> 2]) // about the options
        }
        const piece = utf8Decoder.decode(kit._u8().slice(s + at, s + at + used))
        const lines = piece.split('\n')
        const first = lines.findIndex((l) => l.trim() && !l.trimStart().startsWith('#'))
        pieces.push({ text: lines.slice(Math.max(first, 0)).join('\n'), line: line + Math.max(first, 0) })
        line += lines.length - 1
        at += used
      }
      return pieces
    } finally {
      kit._free(s)
      kit._free(a)
    }
  }

  /**
   * One puzzle read from the start of a text by the C reader (the one solve()
   * uses): { size, boxRows, boxCols, cells (rows of numbers, 0 empty), style
   * ('line' | 'grid' | 'numbers'), offset, line }. offset is where the reader
   * stopped (text.slice(offset) is the rest, to read the next puzzle) and line
   * the 1-based line there. null when the text holds no puzzle (only blank,
   * comment or title lines). A bad text throws the reader's DlxError, its
   * details holding line and column. Options: size, alphabet, boxRows, boxCols.
   */
  read (text, opts = {}) {
    if (typeof text !== 'string') throw new DlxError('BAD_INPUT', `read needs a string (got ${describe(text)})`)
    checkTextSize(opts.size)
    const br = checkSide(opts.boxRows, 'boxRows')
    const bc = checkSide(opts.boxCols, 'boxCols')
    const alphabet = checkAlphabet(opts.alphabet, opts.size)
    checkPuzzleLength(text)
    const kit = this._kit
    const [s, len] = kit._putString(text)
    let a = 0
    try {
      if (alphabet) [a] = kit._putString(alphabet)
      const t = this._x.dk_text_parse(s, len, opts.size ?? 0, a)
      if (!t) throw kit._error(kit._i32()[this._x.dk_error() >> 2])
      try {
        const size = this._x.dk_text_size(t)
        if (!size) return null
        const flat = kit._u8().slice(this._x.dk_text_cells(t), this._x.dk_text_cells(t) + size * size)
        const used = utf8Decoder.decode(kit._u8().slice(s, s + this._x.dk_text_consumed(t)))
        const style = Object.keys(STYLE).find((k) => STYLE[k] === this._x.dk_text_style(t)) ?? 'grid'
        const cells = []
        for (let r = 0; r < size; r++) cells.push(Array.from(flat.subarray(r * size, r * size + size)))
        const [boxRows, boxCols] = boxOf(size, br, bc)
        const bom = used && text.charCodeAt(0) === 0xfeff ? 1 : 0 // the decoder drops a leading BOM
        return { size, boxRows, boxCols, cells, style, offset: used.length + bom, line: used.split('\n').length }
      } finally {
        this._x.dk_text_free(t)
      }
    } finally {
      kit._free(s)
      kit._free(a)
    }
  }

  /** Pencil marks: for every cell, the digits still possible after the givens. */
  candidates (puzzle, opts = {}) {
    return this._withPuzzle(puzzle, opts, (input, h) => {
      const { size } = input
      const kit = this._kit
      return kit._with([size * size, size * size * 8], (grid, out) => {
        kit._u8().set(input.cells, grid)
        kit._check(this._x.dk_sudoku_candidates(h, grid, out))
        const u32 = new Uint32Array(kit._x.memory.buffer, out, size * size * 2)
        const rows = []
        for (let r = 0; r < size; r++) {
          const row = []
          for (let c = 0; c < size; c++) {
            const lo = u32[2 * (r * size + c)]
            const hi = u32[2 * (r * size + c) + 1]
            const digits = []
            for (let d = 0; d < size; d++) if ((d < 32 ? lo >>> d : hi >>> (d - 32)) & 1) digits.push(d + 1)
            row.push(digits)
          }
          rows.push(row)
        }
        return rows
      })
    })
  }

  /**
   * A new puzzle with a unique solution: opts size (or boxRows/boxCols),
   * variant, regions, jigsaw, seed, minimal, symmetric, clues (a target),
   * maxNodes, format ('line' | 'grid' | 'numbers' | 'array').
   */
  generate (opts = {}) {
    let size = opts.size ?? (opts.boxRows && opts.boxCols ? opts.boxRows * opts.boxCols : 9)
    if (!Number.isInteger(size) || size < 1 || size > 64) throw new DlxError('BAD_SIZE', `size must be 1..64 (got ${size})`)
    const seed = checkCount(opts.seed ?? Math.floor(Math.random() * 2 ** 32), 'seed')
    const alphabet = checkAlphabet(opts.alphabet)
    const style = !opts.format ? STYLE.line : opts.format === 'array' ? -1 : styleOf(opts.format)
    const clues = checkCount(opts.clues ?? 0, 'clues')
    if (clues > size * size) throw new DlxError('BAD_ARGUMENT', `clues must be 0..${size * size} for a ${size}x${size} puzzle (got ${clues})`)
    const maxNodes = checkCount(opts.maxNodes ?? 0, 'maxNodes')
    // Every option is checked before the work (a 64x64 takes seconds).
    const h = this._solver(size, opts)
    size = this._x.dk_sudoku_size(h)
    if (style === STYLE.line) { // one symbol per cell: enough of them, before the work
      if (alphabet) checkAlphabet(alphabet, size)
      else if (size > DEFAULT_SYMBOLS.length) throw new DlxError('BAD_ALPHABET', `a ${size}x${size} puzzle has no one-symbol-per-cell form; use format 'numbers' or 'array'`)
    }
    const kit = this._kit
    const n2 = size * size
    return kit._with([n2, n2], (puzzle, solution) => {
      kit._check(this._x.dk_sudoku_generate(h, seed, opts.minimal ? 1 : 0, opts.symmetric ? 1 : 0, clues, maxNodes, puzzle, solution))
      const p = kit._u8().slice(puzzle, puzzle + n2)
      const s = kit._u8().slice(solution, solution + n2)
      const form = style < 0
        ? { kind: 'array', size }
        : { kind: style ? 'text' : 'line', size, style, symbols: alphabet ?? DEFAULT_SYMBOLS, blank: '.' }
      return {
        puzzle: this._write(form, p, { format: form.kind === 'text' ? opts.format : undefined }),
        solution: this._write(form, s, { format: form.kind === 'text' ? opts.format : undefined }),
        clues: p.reduce((a, v) => a + (v ? 1 : 0), 0),
        seed
      }
    })
  }

  /** Difficulty: { level, score, nodes, guesses, status }. */
  rate (puzzle, opts = {}) {
    return this._withPuzzle(puzzle, opts, (input, h) => {
      const kit = this._kit
      const n2 = input.size * input.size
      const at = SLOT.rate
      return kit._with([n2, 8 * at.length], (grid, out) => {
        kit._u8().set(input.cells, grid)
        kit._check(this._x.dk_sudoku_rate(h, grid, out))
        const f = kit._f64().slice(out >> 3, (out >> 3) + at.length)
        return { level: kit._string(this._x.dk_sudoku_level_name(f[at.level])), score: Math.round(f[at.score] * 100) / 100, nodes: f[at.nodes], guesses: f[at.guesses], status: STATUS[f[at.status]] }
      })
    })
  }
}

/** The box of a size: as given (one side gives the other), else the C default (rows <= cols, nearest square). */
function boxOf (size, br, bc) {
  if (br && !bc) bc = size / br
  if (bc && !br) br = size / bc
  if (br && bc) {
    if (br * bc !== size || !Number.isInteger(bc) || !Number.isInteger(br)) throw new DlxError('BAD_SIZE', `a ${br}x${bc} box does not tile a ${size}x${size} grid`)
    return [br, bc]
  }
  let r = 1
  for (let k = 1; k * k <= size; k++) if (size % k === 0) r = k
  return [r, size / r]
}

/** boxRows or boxCols: absent, or a whole number 1..64. */
/** The size option of puzzle text: unset, 0 to infer it, or 1..64. */
function checkTextSize (size) {
  if (size != null && !(Number.isInteger(size) && size >= 0 && size <= 64)) {
    throw new DlxError('BAD_SIZE', `size must be a whole number 1..64, or 0 to infer it (got ${describe(size)})`)
  }
}

function checkSide (v, what) {
  if (v == null || v === 0) return 0
  if (!(Number.isInteger(v) && v >= 1 && v <= 64)) throw new DlxError('BAD_SIZE', `${what} must be a whole number 1..64 (got ${describe(v)})`)
  return v
}

/** A format name to its style number; own keys only ('toString' is no format). */
function styleOf (format) {
  if (typeof format === 'string' && Object.hasOwn(STYLE, format)) return STYLE[format]
  throw new DlxError('BAD_ARGUMENT', `format must be line, grid or numbers (got ${describe(format)})`)
}

/**
 * The longest puzzle text taken: a 64x64 grid drawn with every separator
 * is about 50 KB, so 1 MiB leaves room for comments; beyond it a string is
 * refused before it is copied into the module (a 100 MB one costs nothing).
 */
const MAX_PUZZLE_TEXT = 1 << 20

function checkPuzzleLength (text) {
  if (text.length > MAX_PUZZLE_TEXT) {
    throw new DlxError('BAD_LENGTH', `the puzzle text has ${text.length} characters, more than one puzzle takes (the largest puzzle, 64x64, fits in ${MAX_PUZZLE_TEXT} with room for comments)`, { length: text.length })
  }
}

/**
 * The common case without a trip into the module: one line of N*N symbols
 * (and nothing else). Anything else goes to the C reader.
 */
function readLine (s, size, alphabet) {
  const line = s.endsWith('\n') ? s.slice(0, s.endsWith('\r\n') ? -2 : -1) : s
  const n = Math.round(Math.sqrt(line.length))
  if (n * n !== line.length || n < 4 || n > 61 || (size && size !== n)) return null
  const symbols = alphabet ?? DEFAULT_SYMBOLS // checked by checkAlphabet
  if (symbols.length < n) return null // the C reader says the alphabet is short, and where
  // a 16x16 with '0' and '.', '_' or '-' blanks and no G is 0-F to the C reader
  if (!alphabet && n === 16 && line.includes('0') && /[._-]/.test(line) && !line.includes('G')) return null
  const cells = new Uint8Array(n * n)
  const byCode = symbols === DEFAULT_SYMBOLS // a table lookup, not a search, per cell
  let blank = ''
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i)
    const d = byCode ? (code < 128 ? DEFAULT_INDEX[code] : -1) : symbols.indexOf(line[i])
    if (d >= 0 && d < n) {
      cells[i] = d + 1
    } else if (d < 0 && (code === 46 || code === 95 || code === 45 || code === 48)) { // . _ - and '0' (blank unless a symbol)
      if (!blank) blank = line[i]
    } else {
      return null // let the C reader say what is wrong, and where
    }
  }
  return { size: n, cells, kind: 'line', symbols, blank: blank || '.' }
}

/** Per ASCII code, its index in DEFAULT_SYMBOLS, or -1. */
const DEFAULT_INDEX = Int8Array.from({ length: 128 }, (_, c) => DEFAULT_SYMBOLS.indexOf(String.fromCharCode(c)))

function writeLine (values, symbols, blank) {
  const codes = new Array(values.length) // one string made at once, not one per cell
  for (let i = 0; i < values.length; i++) codes[i] = values[i] ? symbols.charCodeAt(values[i] - 1) : blank.charCodeAt(0)
  return String.fromCharCode.apply(null, codes)
}

/** A 2D array as spreadsheets pass ranges. */
function readArray (rows, opts) {
  const n = rows.length
  if (n < 1 || n > 64) throw new DlxError('BAD_SIZE', `a puzzle range needs 1 to 64 rows (got ${n})`)
  if (opts.size && opts.size !== n) throw new DlxError('BAD_SIZE', `expected ${opts.size} rows, got ${n}`)
  const cells = new Uint8Array(n * n)
  for (let r = 0; r < n; r++) { // not forEach: a hole in the array is a missing row, not one to skip
    const row = rows[r]
    if (!Array.isArray(row) || row.length !== n) {
      throw new DlxError('BAD_LENGTH', `row ${r + 1} has ${Array.isArray(row) ? row.length : 'no'} cells; a ${n}x${n} puzzle needs ${n} in every row`, { row: r + 1 })
    }
    row.forEach((v, c) => {
      if (v === null || v === undefined || v === '' || v === 0 || v === '0' || v === '.') return
      const d = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN
      if (!Number.isInteger(d) || d < 1 || d > n) {
        throw new DlxError('BAD_VALUE', `row ${r + 1}, column ${c + 1} holds ${describe(v)}; cells hold 1..${n} or stay empty`, { row: r + 1, col: c + 1 })
      }
      cells[r * n + c] = d
    })
  }
  return { size: n, cells, kind: 'array' }
}

// ---- the worker -----------------------------------------------------------------

const ABORT_GRACE_MS = 100
// Solutions a worker may send ahead of the consumer of solutions(); it gets
// more as they are taken, so memory stays bounded however slow the loop.
const SOLUTION_WINDOW = 256

/**
 * The same API, async, in a worker (a browser module Worker or a Node worker
 * thread). Every method takes, besides its options, `signal` (an AbortSignal:
 * the promise rejects with ABORTED and the search stops within 100 ms) and
 * `onProgress` (called with { nodes, progress, solutions } or { done, total }).
 * Options: `wasm` (bytes or a WebAssembly.Module to load in the worker),
 * `maxMemory`, `workerUrl` (where dlxkit-worker.mjs is).
 */
export async function createWorkerWith (host, options = {}) {
  const w = new DlxWorker(options, host)
  try {
    await w._start()
  } catch (e) {
    w.terminate() // a worker that could not load must not keep the process alive
    throw e
  }
  return w
}

/** Requests that name a problem of the worker (they cannot outlive it). */
const needsProblem = (op) => op.startsWith('problem.') && op !== 'problem.exactCover' && op !== 'problem.parseDlx'

class DlxWorker {
  constructor (options, host) {
    this._options = options ?? {}
    this._host = host
    this._pending = new Map() // id -> request not answered yet (sent or waiting for a restart)
    this._stopping = new Set() // aborted requests the worker has not answered yet
    this._nextId = 1
    this._generation = 0 // a restarted worker holds none of the old problems
    this._restarting = false
    this._closed = null // the error every call gets once terminated (or crashed)
    const call = (op) => (...args) => this._call(op, args)
    this.sudoku = {
      solve: call('sudoku.solve'),
      count: call('sudoku.count'),
      solveMany: (...args) => this._call('sudoku.solveMany', args).then((results) => results.map((r) =>
        r.error ? { ...r, error: new DlxError(r.error.code, r.error.message, r.error.details) } : r)),
      candidates: call('sudoku.candidates'),
      split: call('sudoku.split'),
      read: call('sudoku.read'),
      generate: call('sudoku.generate'),
      rate: call('sudoku.rate')
    }
  }

  async _start () {
    this._generation++
    let ready, failed
    const readyPromise = new Promise((resolve, reject) => { ready = resolve; failed = reject })
    let worker
    // Messages from a worker that was replaced or terminated are ignored.
    const onMessage = (m) => worker !== this._worker ? undefined : m.ready ? ready() : this._receive(m)
    const onFailure = (message) => {
      if (worker !== this._worker) return
      const err = new DlxError('WORKER_FAILED', `the worker failed: ${message}`)
      failed(err)
      this._died(err)
    }
    try {
      worker = await this._host.startWorker(this._options.workerUrl, onMessage, onFailure)
    } catch (e) {
      throw new DlxError('WORKER_FAILED', `cannot start the worker: ${errorText(e)}`)
    }
    this._worker = worker
    this._post = (m) => worker.postMessage(m)
    this._kill = () => worker.terminate()
    await readyPromise
    const { wasm, maxMemory } = this._options
    // A URL object does not survive postMessage; its text does. A URL (or
    // none) is resolved here, so the worker reads what this side would.
    const sent = wasm == null || typeof wasm === 'string' || wasm instanceof URL ? (await wasmUrl(wasm, this._host)).href : wasm
    await this._call('init', [{ wasm: sent, maxMemory }])
  }

  /**
   * In Node, hold the process open while requests are under way, and not
   * otherwise (an idle worker must not keep a script from ending).
   */
  _hold () {
    if (this._pending.size || this._restarting) this._worker?.ref?.()
    else this._worker?.unref?.()
  }

  _receive (m) {
    if (this._stopping.has(m.id) && m.ok !== undefined) return this._stopping.delete(m.id)
    const entry = this._pending.get(m.id)
    if (!entry) return
    if (m.progress) return entry.onProgress?.(m.progress)
    if (m.item) return entry.onItem?.(m.item)
    this._settle(m.id)
    if (m.ok) entry.resolve(m.result)
    else entry.reject(new DlxError(m.error.code, m.error.message, m.error.details))
  }

  /** Forget request id (answered or given up); returns its entry. */
  _settle (id) {
    const entry = this._pending.get(id)
    this._pending.delete(id)
    entry?.done?.()
    this._hold()
    return entry
  }

  _failAll (err) {
    for (const id of [...this._pending.keys()]) this._settle(id).reject(err)
  }

  /**
   * The worker died (an uncaught error, out of memory, exit, terminated from
   * outside): the calls under way fail with err, its problems are gone, and
   * the next call starts a fresh worker.
   */
  _died (err) {
    const worker = this._worker
    this._worker = null
    this._generation++ // the dead worker's problems now reject with FREED
    this._stopping.clear()
    this._failAll(err)
    try { worker?.terminate() } catch {} // a browser worker may live on after an error
  }

  /**
   * Post a request; signal and onProgress stay on this side. `stream`
   * ({ onItem }) takes streamed items and learns the request's id.
   */
  _call (op, args, stream) {
    if (this._closed) return Promise.reject(this._closed)
    let opts, signal, onProgress, sent
    try {
      opts = args.length && isOptions(args[args.length - 1]) ? args[args.length - 1] : null
      let plain
      ({ signal, onProgress, ...plain } = opts ?? {})
      sent = opts ? [...args.slice(0, -1), plain] : args
    } catch { // a getter or a Proxy that throws: sent as what can be read of it
      signal = onProgress = undefined
      sent = args
    }
    if (!this._worker && !this._restarting && op !== 'init') this._restart()
    const id = this._nextId++
    if (stream) stream.id = id
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new DlxError('ABORTED', 'the operation was aborted'))
      const entry = { resolve, reject, onProgress, onItem: stream?.onItem, message: { id, op, args: sent }, sent: false }
      if (signal) {
        const onAbort = () => this._abort(id)
        signal.addEventListener('abort', onAbort, { once: true })
        entry.done = () => signal.removeEventListener('abort', onAbort)
      }
      this._pending.set(id, entry)
      this._hold()
      // While a worker restarts, requests wait for it (init goes first).
      if (!this._restarting || op === 'init') this._send(entry)
    })
  }

  /**
   * Post a request. What structured clone refuses (a Symbol or a function
   * where a value belongs, a Proxy) is sent as a plain copy with {} in its
   * place, so the worker's checks reject it as the direct API would; what
   * cannot even be read rejects the call with BAD_ARGUMENT (never a call left
   * pending for ever).
   */
  _send (entry) {
    entry.sent = true
    try {
      this._post(entry.message)
      return
    } catch (e) {
      try {
        this._post(transferable(entry.message, new Map()))
        return
      } catch {}
      this._settle(entry.message.id)?.reject(new DlxError('BAD_ARGUMENT', `an argument cannot be sent to the worker: ${errorText(e)}`))
    }
  }

  /**
   * Ask the worker to stop; searches see it within a slice. A worker that
   * has not answered within the grace time (stuck in one long call) is
   * replaced by a fresh one; its problems are lost (their methods then
   * reject with FREED), other requests waiting for it go to the new one.
   */
  _abort (id) {
    const entry = this._settle(id)
    if (!entry) return
    entry.reject(new DlxError('ABORTED', 'the operation was aborted'))
    if (!entry.sent) return
    this._stopping.add(id)
    this._post({ abort: id })
    setTimeout(() => {
      if (this._stopping.delete(id) && !this._closed && !this._restarting) this._restart()
    }, ABORT_GRACE_MS)
  }

  /** Let the worker send n more solutions for request id. */
  _grant (id, n) {
    if (this._pending.get(id)?.sent) this._post({ more: id, n })
  }

  _restart () {
    if (this._worker) this._kill()
    this._worker = null
    this._stopping.clear()
    this._restarting = true
    for (const [id, entry] of [...this._pending]) {
      if (needsProblem(entry.message.op)) this._settle(id).reject(new DlxError('FREED', 'this problem was lost when its worker restarted'))
      else entry.sent = false
    }
    this._start().then(() => {
      this._restarting = false
      for (const entry of this._pending.values()) if (!entry.sent) this._send(entry)
      this._hold()
    }, (e) => {
      // The calls that waited fail; the next call tries a fresh worker again.
      this._restarting = false
      const err = e instanceof DlxError ? e : new DlxError('WORKER_FAILED', `the worker could not restart: ${errorText(e)}`)
      if (this._worker) this._died(err)
      else this._failAll(err)
      this._hold()
    })
  }

  /** A problem living in the worker; its methods return promises. */
  async exactCover (spec) { return new RemoteProblem(this, await this._call('problem.exactCover', [spec])) }
  async parseDlx (text) { return new RemoteProblem(this, await this._call('problem.parseDlx', [text])) }

  /** A request about a problem of this worker generation. */
  _problemCall (p, op, args, stream) {
    if (this._closed) return Promise.reject(this._closed)
    if (p._generation !== this._generation) return Promise.reject(new DlxError('FREED', 'this problem was lost when its worker restarted or failed: create it again'))
    return this._call(op, [p._pid, ...args], stream)
  }

  /** Stop the worker for good: pending and later calls reject with err. */
  _close (err) {
    if (this._closed) return
    this._closed = err
    const worker = this._worker
    this._worker = null
    this._failAll(err)
    worker?.terminate()
  }

  terminate () {
    this._close(new DlxError('FREED', 'this worker was terminated'))
  }
}

function isOptions (v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}

/**
 * v as plain arrays and objects, with {} for what structured clone refuses
 * or what cannot be read (a Proxy whose traps throw, a throwing getter).
 */
function transferable (v, seen) {
  if (typeof v === 'function' || typeof v === 'symbol') return {}
  if (v === null || typeof v !== 'object') return v
  try {
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer || v instanceof WebAssembly.Module) return v
    if (seen.has(v)) return seen.get(v)
    const out = Array.isArray(v) ? new Array(v.length) : {}
    seen.set(v, out)
    for (const k of Object.keys(v)) out[k] = transferable(readKey(v, k), seen)
    return out
  } catch {
    return {}
  }
}

function readKey (v, k) {
  try {
    return v[k]
  } catch {
    return {}
  }
}

/** A thrown value as text, whatever it is (its message getter may throw). */
function errorText (e) {
  try {
    return String(e?.message ?? e)
  } catch {
    return 'an unreadable error'
  }
}

/**
 * The options of a remote search, checked by the direct API's own checks
 * before they are posted (the worker's sliced count and solutions take them
 * apart themselves), so both give the same error.
 */
function checkSearchOptions (opts, names) {
  if (!isOptions(opts)) return
  for (const name of names) if (opts[name] !== undefined) checkCount(opts[name], name)
}

/** fn's promise, or its thrown error as a rejection. */
function rejecting (fn) {
  try {
    return fn()
  } catch (e) {
    return Promise.reject(e)
  }
}

/** An exact-cover problem held by a worker. */
class RemoteProblem {
  constructor (worker, pid) {
    this._w = worker
    this._pid = pid
    this._generation = worker._generation
  }

  _call (op, args, stream) { return this._w._problemCall(this, op, args, stream) }
  shape () { return this._call('problem.shape', []) }
  solve (opts = {}) { return this._call('problem.solve', [opts]) }
  /** { count, status: 'done' | 'limit' | 'stopped', nodes } */
  count (opts = {}) {
    return rejecting(() => {
      checkSearchOptions(opts, ['limit', 'maxNodes'])
      return this._call('problem.count', [opts])
    })
  }

  countShard (shard, parts, opts = {}) { return this._call('problem.countShard', [shard, parts, opts]) }
  option (k) { return this._call('problem.option', [k]) }
  formatOption (k) { return this._call('problem.formatOption', [k]) }
  free () { return this._call('problem.free', []) }

  /**
   * Solutions as they are found (an async iterator). The worker sends at
   * most SOLUTION_WINDOW ahead of the loop; leaving the loop (break, throw,
   * return) stops its search, and the problem takes other calls again.
   */
  async * solutions (opts = {}) {
    checkSearchOptions(opts, ['limit', 'maxNodes'])
    const queue = []
    let wake = null
    let finished = false
    let failure = null
    let taken = 0
    const stream = { onItem: (s) => { queue.push(s); wake?.() } }
    this._call('problem.solutions', [SOLUTION_WINDOW, opts], stream)
      .then(() => { finished = true; wake?.() }, (e) => { failure = e; wake?.() })
    try {
      for (;;) {
        if (queue.length) {
          // Grant room again once half the window has been taken.
          if (++taken >= SOLUTION_WINDOW / 2) {
            this._w._grant(stream.id, taken)
            taken = 0
          }
          yield queue.shift()
          continue
        }
        if (failure) throw failure
        if (finished) return
        await new Promise((resolve) => { wake = resolve })
        wake = null
      }
    } finally {
      if (!finished && !failure) this._w._abort(stream.id)
    }
  }
}
