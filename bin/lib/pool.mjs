// Runners of tasks (see tasks.mjs): in this thread, or on a pool of worker
// threads, each of which loads the module once.
import { Worker } from 'node:worker_threads'
import os from 'node:os'
import { loadKit } from './kit.mjs'
import { runTask } from './tasks.mjs'

const WORKER_URL = new URL('./worker.mjs', import.meta.url)

/** --jobs 0 means one thread per processor. */
export function threadCount (jobs) {
  return jobs === 0 ? (os.availableParallelism?.() ?? os.cpus().length) : jobs
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
