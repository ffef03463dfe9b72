// Every kind of task a worker thread can run, by name.
import { runPuzzleChunk } from './puzzle-work.mjs'
import { runGenerateChunk } from './generate-work.mjs'
import { runCoverPart } from './cover-work.mjs'

const HANDLERS = { puzzles: runPuzzleChunk, generate: runGenerateChunk, cover: runCoverPart }

/** task: { kind, ...arguments of the handler }. */
export function runTask (kit, task) {
  const handler = HANDLERS[task.kind]
  if (!handler) throw new Error(`unknown task kind ${task.kind}`)
  return handler(kit, task)
}
