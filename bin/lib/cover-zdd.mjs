// dlxkit cover --zdd OUT, --random N [--seed S], --nth K: the ZDD of all
// solutions (Knuth's DLX6; problem.zdd() of the library) built on a library
// worker, then what was asked of it: DLX6's text into OUT (- for standard
// output), N solutions drawn uniformly, solution K (0-based, in the ZDD's
// order). The same flags as build/dlx's, and the same output; --max-nodes
// bounds the build (past it: exit status 1, nothing written).
import { writeFileSync } from 'node:fs'
import { DlxError } from './library.mjs'
import { SolutionPrinter } from './cover-problem.mjs'

// --random N: the draws come from the worker a batch at a time, each printed
// as it comes (Output writes it within its 200 ms), so that the first shows
// at once, Ctrl-C keeps what was printed and a reader that went away (| head)
// ends the run at the next write. A batch grows while it takes less than
// BATCH_MS (the worker's round trip is then a small share) and shrinks past it.
const BATCH_MS = 50
const MAX_BATCH = 4096

/**
 * Returns { count (the ZDD's), nodes, status } as searchOnWorker does, or
 * { failed: a message } when the ZDD cannot be built or read as asked.
 */
export async function searchZdd (problem, settings, { out, terminal }) {
  let zdd
  try {
    // the build's progress bar: its search nodes (the worker builds in slices)
    const onProgress = terminal.showsProgress ? (p) => terminal.tally(p.nodes, 'nodes') : undefined
    zdd = await problem.zdd({ maxMemory: settings.maxMemory, maxNodes: settings.maxNodes, onProgress })
  } catch (e) {
    // --max-nodes: an unfinished ZDD has no count, no text and no solutions to give
    if (e instanceof DlxError && e.code === 'STOPPED') return { count: 0n, nodes: e.details.nodes, status: 'stopped' }
    if (e instanceof DlxError && e.code === 'OUT_OF_MEMORY' && settings.maxMemory) return { failed: `building the ZDD: it does not fit in --max-memory ${settings.maxMemory} bytes` }
    if (e instanceof DlxError && ['OUT_OF_MEMORY', 'TOO_BIG', 'COUNT_OVERFLOW'].includes(e.code)) return { failed: `building the ZDD: ${e.message}` }
    throw e
  }
  try {
    const count = await zdd.countBig()
    if (!settings.quiet) terminal.message(`ZDD: ${zdd.size} nodes, ${zdd.bytes} bytes, ${count} solution${count === 1n ? '' : 's'}`)
    if (settings.zddOut !== undefined) {
      const text = await zdd.toText()
      if (settings.zddOut === '-') {
        out.block(text)
        out.flush()
      } else {
        try {
          writeFileSync(settings.zddOut, text)
        } catch (e) {
          return { failed: `cannot write ${settings.zddOut}: ${e.message}` }
        }
      }
    }
    const printer = new SolutionPrinter(problem, settings.json, out)
    const print = async (s) => {
      await printer.prepare(s)
      printer.print(s)
    }
    if (settings.nth !== undefined && count) {
      if (settings.nth >= count) return { failed: `--nth ${settings.nth}: no such solution: there ${count === 1n ? 'is 1' : `are ${count}`} (0 .. ${count - 1n})` }
      await print(await zdd.nth(settings.nth))
    }
    if (settings.draws && count) await printDraws(zdd, settings, print)
    return { count, nodes: null, status: 'done' }
  } finally {
    await zdd.free()
  }
}

/** settings.draws solutions from settings.seed, the generator's state carried from batch to batch: sample(N)'s, byte for byte. */
async function printDraws (zdd, { draws, seed }, print) {
  let batch = 1
  for (let left = draws; left > 0;) {
    const n = Math.min(batch, left)
    const began = Date.now()
    const drawn = await zdd.draw(n, { seed })
    const took = Date.now() - began
    seed = drawn.seed
    left -= n
    for (const s of drawn.solutions) await print(s)
    if (took < BATCH_MS && n === batch) batch = Math.min(MAX_BATCH, batch * 2)
    else if (took > 2 * BATCH_MS) batch = Math.max(1, batch >> 1)
  }
}
