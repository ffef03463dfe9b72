// dlxkit cover --zdd OUT, --random N [--seed S], --nth K: the ZDD of all
// solutions (Knuth's DLX6; problem.zdd() of the library) built on a library
// worker, then what was asked of it: DLX6's text into OUT (- for standard
// output), N solutions drawn uniformly, solution K (0-based, in the ZDD's
// order). The same flags as build/dlx's, and the same output; --max-nodes
// bounds the build (past it: exit status 1, nothing written).
import { writeFileSync } from 'node:fs'
import { DlxError } from './library.mjs'
import { SolutionPrinter } from './cover-problem.mjs'

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
      if (settings.nth >= count) return { failed: `--nth ${settings.nth}: no such solution: there are ${count} (0 .. ${count - 1n})` }
      await print(await zdd.nth(settings.nth))
    }
    if (settings.draws && count) for (const s of await zdd.sample(settings.draws, { seed: settings.seed })) await print(s)
    return { count, nodes: null, status: 'done' }
  } finally {
    await zdd.free()
  }
}
