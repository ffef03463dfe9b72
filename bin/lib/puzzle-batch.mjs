// A batch of puzzles from one input: split, spread over threads in chunks,
// reported in input order. Shared by `dlxkit sudoku` and `dlxkit rate`.
import { splitPuzzles } from './split-puzzles.mjs'
import { createRunner } from './pool.mjs'
import { runInOrder } from './ordered.mjs'
import { reportPuzzle } from './puzzle-report.mjs'

const MAX_CHUNK = 256

/**
 * input: { name, text }; settings: { mode, json, opts, threads } (see
 * puzzle-report.mjs). Returns the exit status: 0, or 1 if any puzzle failed.
 */
export async function runPuzzleBatch (input, settings, { out, terminal }) {
  const puzzles = splitPuzzles(input.text, { size: settings.opts.size, alphabet: settings.opts.alphabet })
    .map((p, i) => ({ ...p, index: i + 1 }))
  if (!puzzles.length) {
    terminal.message(`${input.name}: no puzzle found`)
    return 1
  }
  const chunks = chunksOf(puzzles, chunkSize(puzzles.length, settings.threads))
  const tasks = chunks.map((chunk) => ({ kind: 'puzzles', mode: settings.mode, puzzles: chunk.map((p) => p.text), opts: settings.opts }))
  const runner = createRunner(Math.min(settings.threads, chunks.length))
  let failed = false
  let done = 0
  try {
    await runInOrder(tasks, runner, (results, c) => {
      results.forEach((result, j) => {
        const report = reportPuzzle(chunks[c][j], result, { ...settings, inputName: input.name })
        if (report.out !== null) out.item(report.out)
        if (report.message) { out.flush(); terminal.message(report.message) }
        failed ||= report.failed
      })
      done += results.length
      terminal.count(done, puzzles.length, 'puzzles')
    })
  } finally {
    runner.close()
    out.flush()
    terminal.finish()
  }
  return failed ? 1 : 0
}

/** Small enough to share the work out evenly and stream, big enough to batch. */
function chunkSize (count, threads) {
  return Math.max(1, Math.min(MAX_CHUNK, Math.ceil(count / (threads * 8))))
}

function chunksOf (list, size) {
  const chunks = []
  for (let i = 0; i < list.length; i += size) chunks.push(list.slice(i, i + size))
  return chunks
}
