// Runners of tasks (see tasks.mjs): in this thread, or on a pool of worker
// threads, each of which loads the module once.
import { Worker } from 'node:worker_threads'
import os from 'node:os'
import { loadKit } from './kit.mjs'
import { runTask } from './tasks.mjs'

const WORKER_URL = new URL('./worker.mjs', import.meta.url)

export function processorCount () {
  return os.availableParallelism?.() ?? os.cpus().length
}

/**
 * Threads for --jobs N: 0 means one per processor, and more than one per
 * processor is capped (it would not go faster, and each thread loads its
 * own module: --jobs 100000 would exhaust memory). terminal, if given, is
 * told when the number is capped.
 */
export function threadCount (jobs, terminal = null) {
  const processors = processorCount()
  if (jobs === 0) return processors
  if (jobs <= processors) return jobs
  terminal?.message(`--jobs ${jobs}: using ${processors} threads, one per processor`)
  return processors
}

/** A runner for `threads` threads: this one when 1, workers otherwise. */
export function createRunner (threads) {
  return threads > 1 ? new WorkerPool(threads) : new LocalRunner()
}

export class LocalRunner {
  get size () { return 1 }
  async run (task) { return runTask(await loadKit(), task) }
  close () {}
}

export class WorkerPool {
  constructor (size) {
    this.size = size
    this._idle = []
    this._all = []
    this._waiting = [] // tasks waiting for a worker: { task, resolve, reject }
  }

  run (task) {
    return new Promise((resolve, reject) => {
      this._waiting.push({ task, resolve, reject })
      this._dispatch()
    })
  }

  close () {
    for (const w of this._all) w.terminate()
    this._all = []
    this._idle = []
  }

  _dispatch () {
    while (this._waiting.length) {
      const worker = this._idle.pop() ?? this._spawn()
      if (!worker) return
      this._start(worker, this._waiting.shift())
    }
  }

  /** A new worker while under the size, else null. */
  _spawn () {
    if (this._all.length >= this.size) return null
    const worker = new Worker(WORKER_URL)
    worker.on('error', (e) => worker.job?.reject(e))
    worker.on('exit', (code) => worker.job?.reject(new Error(`a worker thread stopped (exit code ${code})`)))
    worker.on('message', ({ result, error }) => {
      const job = worker.job
      worker.job = null
      this._idle.push(worker)
      if (error) job.reject(Object.assign(new Error(error.message), { stack: error.stack }))
      else job.resolve(result)
      this._dispatch()
    })
    this._all.push(worker)
    return worker
  }

  _start (worker, job) {
    worker.job = job
    worker.postMessage({ id: 0, task: job.task })
  }
}
