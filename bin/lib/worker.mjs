// Worker thread entry: loads the module once, then runs tasks as they come.
import { parentPort } from 'node:worker_threads'
import { loadKit } from './kit.mjs'
import { runTask } from './tasks.mjs'

const kit = await loadKit()

parentPort.on('message', ({ id, task }) => {
  try {
    parentPort.postMessage({ id, result: runTask(kit, task) })
  } catch (e) {
    parentPort.postMessage({ id, error: { message: e.message, stack: e.stack } })
  }
})
