// A batch of puzzles from one input: read and split as a stream, spread
// over threads in chunks, reported in input order. Shared by `dlxkit sudoku`
// and `dlxkit rate`.
import { InputError, readLineBatches } from './input.mjs'
import { PuzzleSplitter } from './split-puzzles.mjs'
import { createRunner } from './pool.mjs'
import { runInOrder } from './ordered.mjs'
import { reportPuzzle } from './puzzle-report.mjs'

const MAX_CHUNK = 256
const MAX_CHUNK_CHARS = 1 << 20 // so that the chunks in flight stay small in memory

/**
 * input: { name, stream, size } (see input.mjs); settings: { mode, json,
 * opts, threads } (see puzzle-report.mjs). Returns the exit status: 0, or 1
 * if any puzzle failed or the input could not be read to its end.
 */
export async function runPuzzleBatch (input, settings, { out, terminal }) {
  const source = { puzzles: 0, ended: false }
  const chunks = chunksOf(input, settings, source)
  const runner = createRunner(settings.threads)
  const withChunks = { size: runner.size, run: async ({ task, chunk }) => ({ chunk, results: await runner.run(task) }) }
  let failed = false
  let done = 0
  try {
    await runInOrder(chunks, withChunks, ({ chunk, results }) => {
      results.forEach((result, j) => {
        const report = reportPuzzle(chunk[j], result, { ...settings, inputName: input.name })
        if (report.out !== null) out.item(report.out)
        if (report.message) { out.flush(); terminal.message(report.message) }
        failed ||= report.failed
      })
      done += results.length
      if (source.ended) terminal.count(done, source.puzzles, 'puzzles')
      else terminal.tally(done, 'puzzles', input.size ? input.bytesRead / input.size : null)
    })
    terminal.count(done, source.puzzles, 'puzzles')
  } catch (e) {
    if (!(e instanceof InputError)) throw e
    out.flush()
    terminal.message(e.message)
    return 1
  } finally {
    input.stream.destroy() // unread input (after an error) must not keep the process alive
    runner.close()
    out.flush()
    terminal.finish()
  }
  if (!source.puzzles) {
    terminal.message(`${input.name}: no puzzle found`)
    return 1
  }
  return failed ? 1 : 0
}

/**
 * Tasks for the runner, as the input comes: chunks of the puzzles read so
 * far, small enough to share the work out evenly, big enough to batch.
 * Each is { task, chunk }: the chunk's puzzles ({ text, line, index })
 * stay on this side of postMessage and come back with the results.
 */
async function * chunksOf (input, settings, source) {
  const { mode, opts, threads } = settings
  const splitter = new PuzzleSplitter({ size: opts.size, alphabet: opts.alphabet, name: input.name })
  const task = (chunk) => ({ kind: 'puzzles', mode, puzzles: chunk.map((p) => p.text), opts })
  const cut = function * (puzzles) {
    for (const p of puzzles) p.index = ++source.puzzles
    const size = Math.max(1, Math.min(MAX_CHUNK, Math.ceil(puzzles.length / (threads * 8))))
    let chunk = []
    let chars = 0
    for (const p of puzzles) {
      chunk.push(p)
      chars += p.text.length
      if (chunk.length >= size || chars >= MAX_CHUNK_CHARS) {
        yield chunk
        chunk = []
        chars = 0
      }
    }
    if (chunk.length) yield chunk
  }
  for await (const lines of readLineBatches(input)) {
    let failure = null
    try {
      for (const line of lines) splitter.push(line)
    } catch (e) {
      failure = e // after the puzzles before it
    }
    for (const chunk of cut(splitter.take())) yield { task: task(chunk), chunk }
    if (failure) throw failure
  }
  splitter.end()
  const last = [...cut(splitter.take())]
  source.ended = true
  for (const chunk of last) yield { task: task(chunk), chunk }
}
