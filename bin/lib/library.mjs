// The one place the CLI loads the library, and parallel work through the
// library's own workers: --jobs N runs on N dlxkit workers (createWorker),
// one job on the module in this thread. Both answer the same calls (a
// worker's are async; `await` takes either), and results are handed on in
// task order whatever order they finish in.
import os from 'node:os'
import { load, createWorker, runSearch, DlxError, defaultBox } from '../../src/js/dlxkit.mjs'

export { DlxError, createWorker, runSearch, defaultBox }
export { MAX_PARTS } from '../../src/js/dlxkit-split.mjs' // the most parts a split makes (--shard K/N)
export { VARIANT } from '../../src/js/dlxkit-abi.mjs' // the variants by name, as sudoku.h numbers them
export { optionsFor } from '../../src/js/dlxkit-option-names.mjs' // a call's own options of the command's (a call refuses others)

let loading = null

/** The module loaded in this thread, shared by the whole process. */
export function loadKit () {
  loading ??= load()
  return loading
}

export function processorCount () {
  return os.availableParallelism?.() ?? os.cpus().length
}

/**
 * Threads for --jobs N: 0 means one per processor, and more than one per
 * processor is capped (it would not go faster, and each worker loads its own
 * module: --jobs 100000 would exhaust memory). terminal, if given, is told
 * when the number is capped.
 */
export function threadCount (jobs, terminal = null) {
  const processors = processorCount()
  if (jobs === 0) return processors
  if (jobs <= processors) return jobs
  terminal?.message(`--jobs ${jobs}: using ${processors} threads, one per processor`)
  return processors
}

/**
 * Up to `size` APIs to run work on: the module in this thread when size is
 * 1, else library workers, started as work needs them. offThread: workers
 * even for one (while a progress bar is up, this thread must stay free to
 * redraw it and to answer Ctrl-C: see Terminal.cleanUpOnExit). run(fn)
 * calls fn(api) on a free one; close() ends the workers. maxMemory: each
 * worker's module cap (0: none; workers only).
 */
export class Pool {
  constructor (size, { offThread = false, maxMemory = 0 } = {}) {
    this.size = Math.max(1, size)
    this.maxMemory = maxMemory
    this.offThread = offThread || this.size > 1
    this._idle = []
    this._started = 0
    this._workers = []
    this._waiting = [] // resolvers of runs waiting for a free API
  }

  async run (fn) {
    // In this thread the work is one microtask after another: give the event
    // loop a turn first, or a reader that went away (stdout's EPIPE, an
    // 'error' event: stdio-errors.mjs) goes unseen to the end of the work.
    if (!this.offThread) await new Promise(setImmediate)
    const api = await this._acquire()
    try {
      return await fn(api)
    } finally {
      this._release(api)
    }
  }

  close () {
    for (const w of this._workers) w.terminate()
    this._workers = []
  }

  async _acquire () {
    if (this._idle.length) return this._idle.pop()
    if (this._started < this.size) {
      this._started++
      if (!this.offThread) return loadKit()
      const worker = await createWorker({ maxMemory: this.maxMemory })
      this._workers.push(worker)
      return worker
    }
    return new Promise((resolve) => this._waiting.push(resolve))
  }

  _release (api) {
    const next = this._waiting.shift()
    if (next) next(api)
    else this._idle.push(api)
  }
}

/**
 * Run `tasks` (an array, or any iterable or async iterable, pulled only as
 * fast as the work goes) with work(task) on the pool, at most pool.size at a
 * time and at most `window` ahead of the oldest unfinished one (so memory
 * stays bounded however long the stream); onResult(result, i) is called in
 * task order. When the task source throws (bad input), the tasks before
 * are finished and handed on first, then the error is thrown; when
 * onResult throws, no more tasks are taken and the error is thrown.
 */
export async function runInOrder (tasks, pool, work, onResult, { window = pool.size * 4 } = {}) {
  const source = tasks[Symbol.asyncIterator]?.() ?? tasks[Symbol.iterator]()
  const done = new Map()
  const waiting = [] // lanes waiting for the window to move
  let next = 0 // the next index to hand on
  let started = 0
  let over = false // the source ended or failed: take no more
  let failure = null
  let halted = false // onResult threw: hand nothing more on
  const deliver = () => {
    while (done.has(next)) {
      const r = done.get(next)
      done.delete(next)
      onResult(r, next++)
    }
    while (waiting.length) waiting.shift()()
  }
  const lane = async () => {
    while (!over) {
      while (started - next >= window && !over) await new Promise((resolve) => waiting.push(resolve))
      if (over) return
      const i = started++ // async generators answer next() calls in call order
      let item
      try {
        item = await source.next()
      } catch (e) {
        failure ??= e
        over = true
        return
      }
      if (item.done) { over = true; return }
      const result = await pool.run((api) => work(api, item.value))
      if (halted) return
      done.set(i, result)
      try {
        deliver()
      } catch (e) {
        failure = e
        over = halted = true
        while (waiting.length) waiting.shift()()
        return
      }
    }
  }
  await Promise.all(Array.from({ length: pool.size }, lane))
  if (failure) throw failure
}
