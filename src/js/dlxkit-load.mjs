// Loading dlxkit.wasm and the instance over it (Dlxkit): its memory cap,
// giving memory back, the solver cache; every call into the module goes
// through its binding (dlxkit-native.mjs). It imports nothing of the host: what
// differs between Node and browsers (reading a file, resolving a path) is the
// host that the entries (dlxkit.mjs, dlxkit-browser.mjs) pass in.
import { DlxError, checkWhole, describe, errorText } from './dlxkit-errors.mjs'
import { Native, checkExports } from './dlxkit-native.mjs'
import { exactCover, parseDlx } from './dlxkit-problem.mjs'
import { SudokuApi } from './dlxkit-sudoku.mjs'
import { checkOptions } from './dlxkit-option-names.mjs'

/**
 * What to do when dlxkit.wasm is not where the entry looks by default: first
 * ../../dist/dlxkit.wasm from src/js/ (the package's layout, which webpack
 * and Vite follow), then next to the script (where a bundle that leaves the
 * URL alone, esbuild's or Rollup's, finds it once copied there).
 */
const DEFAULT_WASM_ADVICE = 'dlxkit.wasm is neither at ../../dist/dlxkit.wasm from the script that loads it nor next to it. ' +
  'If your bundler does not copy it (esbuild, Rollup), copy node_modules/dlxkit/dist/dlxkit.wasm next to the bundle, ' +
  'or pass its URL: load({ wasm: url }), createWorker({ wasm: url }); or import dlxkit/inline, which carries the bytes'

/** A LOAD_FAILED in getting the default module (its URL in details), with what to do about it. */
export function adviseDefault (e) {
  if (!(e instanceof DlxError) || e.code !== 'LOAD_FAILED' || !e.details?.url || e.message.includes(DEFAULT_WASM_ADVICE)) return e
  return new DlxError('LOAD_FAILED', `${e.message}. ${DEFAULT_WASM_ADVICE}`, e.details)
}

/**
 * Modules compiled from a URL, by URL: another load() of the same URL in this
 * process or page neither reads nor compiles it again (in Node 20 a load()
 * 2-3 ms -> 0.6-0.8 ms of CPU time).
 */
const COMPILED = new Map()

/**
 * Bytes of the module (or the module compiled from the same URL before),
 * from what the caller gave or from where the host says (a host is what
 * differs between Node and browsers: see dlxkit.mjs and dlxkit-browser.mjs),
 * and the URL they came from. Every failure is a
 * LOAD_FAILED naming the URL.
 */
async function wasmSource (wasm, host) {
  if (wasm instanceof WebAssembly.Module) return { source: wasm }
  if (wasm instanceof ArrayBuffer || ArrayBuffer.isView(wasm)) return { source: wasm }
  const url = await wasmUrl(wasm, host)
  const compiled = COMPILED.get(url.href)
  if (compiled) return { source: compiled, url }
  let response
  try {
    if (url.protocol === 'file:' && host.readFile) return { source: await host.readFile(url), url }
    response = await fetch(url)
  } catch (e) {
    throw new DlxError('LOAD_FAILED', `cannot read ${url}: ${errorText(e)}`, { url: String(url) })
  }
  if (!response.ok) throw new DlxError('LOAD_FAILED', `cannot fetch ${url}: HTTP ${response.status}`, { url: String(url) })
  try {
    return { source: await response.arrayBuffer(), url, type: response.headers.get('content-type') }
  } catch (e) {
    throw new DlxError('LOAD_FAILED', `cannot read ${url}: ${errorText(e)}`, { url: String(url) })
  }
}

/** Why bytes that came from a URL are not a module: a server's page for a missing file, say. */
function notAModule (url, type, e) {
  const sent = type && !/wasm|octet-stream/i.test(type) ? ` (the server sent ${type}: a page in place of a missing file?)` : ''
  return new DlxError('LOAD_FAILED', `cannot compile ${url}: ${errorText(e)}${sent}`, { url: String(url) })
}

/** The URL the host makes of a `wasm` option (its default when none). */
export async function wasmUrl (wasm, host) {
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
  checkOptions('load', options)
  try {
    return await instantiate(host, options)
  } catch (e) {
    if (options?.wasm != null) throw e
    const beside = e instanceof DlxError && e.code === 'LOAD_FAILED' ? host.besideUrl?.() : null
    if (beside) {
      try {
        return await instantiate(host, { ...options, wasm: beside })
      } catch { /* the first failure is the one to report */ }
    }
    throw adviseDefault(e)
  }
}

async function instantiate (host, options) {
  const { source, url, type } = await wasmSource(options?.wasm, host)
  let module, instance
  try {
    module = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(source)
    if (url) COMPILED.set(url.href, module)
  } catch (e) {
    if (url) throw notAModule(url, type, e)
    throw new DlxError('LOAD_FAILED', `cannot compile dlxkit.wasm: ${errorText(e)}`)
  }
  try {
    instance = await WebAssembly.instantiate(module, {})
  } catch (e) {
    throw new DlxError('LOAD_FAILED', `cannot instantiate ${url ?? 'dlxkit.wasm'}: ${errorText(e)}`)
  }
  checkExports(instance.exports, url)
  const kit = new Dlxkit(instance.exports, options)
  kit._module = module // to start afresh when memory has grown (see releaseMemory)
  return kit
}

/** Memory beyond which an instance with no live problem starts afresh to give it back. */
const MEMORY_HIGH_WATER = 64 << 20

/** One loaded module: the Sudoku functions and the exact-cover problems. */
export class Dlxkit {
  constructor (exports, options = {}) {
    this._native = new Native(exports, () => this._released()) // every call into the module
    this._module = null
    this._live = 0 // problems not freed and solves in steps under way: while any lives, the instance cannot be replaced
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
    this._native.setMemoryCap(bytes)
  }

  /** Bytes of linear memory in use by the module now. */
  memorySize () { return this._native.memoryBytes() }

  /**
   * WebAssembly memory never shrinks. After a call that grew it past 64 MiB
   * (a huge text, say), the instance is replaced by a fresh one as soon as no
   * problem is alive (a live Problem, a solutions() loop, or a worker's solve
   * in steps holds on to the old one). This does it now if it can; resolves
   * to whether it did. Every cache of the old instance's handles goes with it.
   */
  releaseMemory () {
    if (this._live > 0 || !this._module) return Promise.resolve(false)
    this._fresh ??= WebAssembly.instantiate(this._module, {}).then((instance) => {
      this._fresh = null
      if (this._live > 0) return false // a problem was made meanwhile: keep the old memory
      this._solvers.clear() // their handles die with the old instance (and the kept buffers with its binding)
      this._native.bind(instance.exports)
      this._native.setMemoryCap(this._cap)
      return true
    }, () => { this._fresh = null; return false })
    return this._fresh
  }

  /** After memory is freed: start afresh in the background if it grew too big. */
  _released () {
    if (this._live === 0 && !this._fresh && this._module && this._native.memoryBytes() > MEMORY_HIGH_WATER) {
      this.releaseMemory()
    }
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
  exactCover (spec = {}) { return exactCover(this, spec) }

  /** A problem in Knuth's DLX format; errors carry line and column. */
  parseDlx (text, opts) {
    checkOptions('parseDlx', opts) // it takes none: a second argument of options is a mistake
    return parseDlx(this, text)
  }
}
