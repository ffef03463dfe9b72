// The worker client: createWorker()'s DlxWorker (and its RemoteProblems,
// dlxkit-remote-problem.mjs), the same API, async, over a worker
// (dlxkit-worker-core.mjs) that the host starts.
import { DlxError, errorText, invalidWith } from './dlxkit-errors.mjs'
import { adviseDefault, wasmUrl } from './dlxkit-load.mjs'
import { OPERATIONS, operationsOf } from './dlxkit-operations.mjs'
import { RemoteProblem, isOptions, rejecting } from './dlxkit-remote-problem.mjs'
import { checkCallArgs, checkOptions } from './dlxkit-option-names.mjs'

// A worker that has not read an abort this long after it was sent is stuck
// in one long call: it is replaced. (One that searches in slices reads its
// messages every 20 ms or so.) The time is the host's busy clock: in Node the
// process's CPU time, so that a worker starved of CPU by a loaded machine is
// not taken for a stuck one; elsewhere the wall clock. A second, not less:
// the process's CPU time holds V8's compiling threads too, and a search's first
// slice builds its tables (a problem of 6,000 options of 40 items: 80 ms
// quiet, past 250 ms on a busy machine, where 250 ms lost the worker).
const ABORT_GRACE_MS = 1000
const wallMs = () => Date.now()

/**
 * The same API, async, in a worker (a browser module Worker or a Node worker
 * thread). Every method takes, besides its options, `signal` (an AbortSignal:
 * the promise rejects with ABORTED and the search stops within a slice) and
 * `onProgress` (called with { nodes, progress, solutions } or { done, total }).
 * Options: `wasm` (bytes or a WebAssembly.Module to load in the worker),
 * `maxMemory`, `workerUrl` (where dlxkit-worker.mjs is).
 */
export async function createWorkerWith (host, options = {}) {
  checkOptions('createWorker', options)
  const w = new DlxWorker(options, host)
  try {
    await w._start()
  } catch (e) {
    w.terminate() // a worker that could not load must not keep the process alive
    throw e
  }
  return w
}

/**
 * A browser Worker's events wired to the client: an error event says what it
 * can (a script that fails to load gives a bare Event, with no message);
 * `advice`, when given, says what to do about a script that did not start.
 */
export function wireWebWorker (worker, onMessage, onFailure, what, advice) {
  worker.onmessage = (e) => onMessage(e.data)
  worker.onerror = (e) => {
    e?.preventDefault?.() // reported here, not also as an uncaught error
    onFailure(eventText(e, what, advice))
  }
  worker.onmessageerror = () => onFailure('a message could not be read')
  return worker
}

function eventText (e, what, advice) {
  let message, where
  try {
    message = typeof e?.message === 'string' && e.message ? e.message : null
    where = typeof e?.filename === 'string' && e.filename ? ` (${e.filename}${e.lineno ? `:${e.lineno}` : ''})` : ''
  } catch {}
  if (message) return message + where
  return `the worker script ${what} could not be started (missing, not JavaScript, or blocked by the page's policy)${advice ? `. ${advice}` : ''}`
}


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
    // One method per 'sudoku.*' operation, its options checked here as the
    // direct call checks them (the same error); solveMany's errors come back as DlxErrors.
    this.sudoku = {}
    for (const [op, name] of operationsOf('sudoku')) {
      this.sudoku[name] = (...args) => rejecting(() => { checkCallArgs(op, args); return this._call(op, args) })
    }
    const solveMany = this.sudoku.solveMany
    this.sudoku.solveMany = (...args) => solveMany(...args).then((results) => results.map((r) =>
      r.error ? invalidWith(new DlxError(r.error.code, r.error.message, r.error.details)) : r))
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
    try {
      await this._call('init', [{ wasm: sent, maxMemory }])
    } catch (e) {
      if (wasm != null) throw e
      // The worker was sent a URL: only this side knows it was the default,
      // and where else to look (next to the entry, as load() does).
      const beside = this._host.besideUrl?.()
      if (beside) {
        try {
          await this._call('init', [{ wasm: beside.href, maxMemory }])
          return
        } catch { /* the first failure is the one to report */ }
      }
      throw adviseDefault(e)
    }
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
    if (m.aborting !== undefined) return this._stopping.delete(m.aborting) // the worker read the abort
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
   * ({ onItem }) takes streamed items and learns the request's id; its
   * `refuse` (see _send) may name what of the request cannot be sent.
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
      // (progress is sent only to a caller who listens)
      const message = typeof onProgress === 'function' ? { id, op, args: sent, report: true } : { id, op, args: sent }
      const entry = { resolve, reject, onProgress, onItem: stream?.onItem, refuse: stream?.refuse, message, sent: false }
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
   * pending for ever). A request's `refuse` may instead give the error: the
   * user's own values (option data) are never silently replaced.
   */
  _send (entry) {
    entry.sent = true
    try {
      this._post(entry.message)
      return
    } catch (e) {
      const refused = entry.refuse?.()
      if (!refused) {
        try {
          this._post(transferable(entry.message, new Map()))
          return
        } catch {}
      }
      this._settle(entry.message.id)?.reject(refused ?? new DlxError('BAD_ARGUMENT', `an argument cannot be sent to the worker: ${errorText(e)}`))
    }
  }

  /**
   * Ask the worker to stop; searches see it within a slice. A worker that
   * has not read it within the grace time (it says so at once when it does:
   * { aborting }), being stuck in one long call, is replaced by a fresh one;
   * its problems are lost (their methods then reject with FREED), other
   * requests waiting for it go to the new one.
   */
  _abort (id) {
    const entry = this._settle(id)
    if (!entry) return
    entry.reject(new DlxError('ABORTED', 'the operation was aborted'))
    if (!entry.sent) return
    this._stopping.add(id)
    this._post({ abort: id })
    const busyMs = this._host.busyMs ?? wallMs
    const since = busyMs()
    const check = () => {
      if (!this._stopping.has(id)) return // it read the abort
      if (!this._closed && !this._restarting && busyMs() - since < ABORT_GRACE_MS) return setTimeout(check, ABORT_GRACE_MS)
      if (this._stopping.delete(id) && !this._closed && !this._restarting) this._restart()
    }
    setTimeout(check, ABORT_GRACE_MS)
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
      if (OPERATIONS[entry.message.op].problem) this._settle(id).reject(new DlxError('FREED', 'this problem was lost when its worker restarted'))
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
  async exactCover (spec) {
    if (isOptions(spec)) checkOptions('exactCover', spec, true) // else the worker says what is wrong, as the direct call does
    return new RemoteProblem(this, await this._call('problem.exactCover', [spec], { refuse: () => unsendableData(spec) }))
  }
  async parseDlx (text, opts) {
    checkOptions('parseDlx', opts, true)
    return new RemoteProblem(this, await this._call('problem.parseDlx', [text, opts]))
  }

  /** { memory: bytes of the worker's module memory, problems and zdds: how many it holds }. */
  usage () { return this._call('worker.usage', []) }

  /** A problem of this worker collected without free(): free it in the worker. */
  _forget (pid, generation) {
    if (this._closed || !this._worker || generation !== this._generation) return
    this._call('problem.free', [pid]).catch(() => {})
  }

  /** A request about a problem of this worker generation. */
  _problemCall (p, op, args, stream) {
    if (this._closed) return Promise.reject(this._closed)
    if (p._generation !== this._generation) return Promise.reject(new DlxError('FREED', `this ${p._what ?? 'problem'} was lost when its worker restarted or failed: create it again`))
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

/**
 * The error for the first option whose data structured clone refuses (a
 * function, a Symbol, a class with private state...), or null: such data
 * cannot live in a worker, and {} in its place would be a wrong answer.
 */
function unsendableData (spec) {
  try {
    const options = spec.options
    for (let k = 0; k < options.length; k++) {
      const opt = options[k]
      if (opt === null || typeof opt !== 'object' || Array.isArray(opt) || !('data' in opt)) continue
      try {
        structuredClone(opt.data)
      } catch (e) {
        return new DlxError('BAD_ARGUMENT', `option ${k}: its data cannot be sent to a worker (${errorText(e)}); give data that structured clone copies (plain values, arrays, objects, Map, Date...)`, { index: k })
      }
    }
  } catch {}
  return null
}

function readKey (v, k) {
  try {
    return v[k]
  } catch {
    return {}
  }
}
