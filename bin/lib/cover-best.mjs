// dlxkit cover --best K: the K cheapest solutions (options' costs `|n`, as
// in Knuth's DLX5) searched on a library worker, cheapest first, each after
// a line `cost C`; with --json each improvement as the search finds it, then
// the K cheapest and a last line saying whether the search was complete.
import { SolutionPrinter } from './cover-problem.mjs'

/** Returns { count (of the K cheapest printed), nodes, status } as searchOnWorker does. */
export async function searchBest (problem, settings, { out, terminal }) {
  const printer = new SolutionPrinter(problem, settings.json, out)
  const lines = async (s) => {
    await printer.prepare(s.options)
    return s.options.map((k) => printer._line(k))
  }
  // JSON by hand: a cost past 2^53 - 1 is a bigint, printed in full.
  const json = (key, n, s, options) => `{"${key}":${n},"cost":${s.cost},"solution":${JSON.stringify(s.options)},"options":${JSON.stringify(options)}}`
  let improvements = 0
  let pending = Promise.resolve()
  const onImprovement = settings.json
    ? (s) => { const n = ++improvements; pending = pending.then(async () => { out.line(json('improvement', n, s, await lines(s))); out.flush() }) }
    : undefined
  let nodes = 0
  const onProgress = (p) => {
    nodes = p.nodes
    if (terminal.showsProgress) terminal.search(p.progress ?? 0, p.nodes)
  }
  let best
  let status = 'done'
  try {
    best = await problem.best({ k: settings.best, maxNodes: settings.maxNodes, onImprovement, onProgress })
  } catch (e) {
    if (e?.code !== 'STOPPED') throw e
    best = e.details.best
    status = 'stopped'
    nodes = e.details.nodes
  }
  await pending
  for (const [j, s] of best.entries()) {
    const text = await lines(s)
    if (settings.json) out.line(json('rank', j + 1, s, text))
    else out.block([`cost ${s.cost}`, ...text].join('\n'))
  }
  if (settings.json && best.length) out.line(JSON.stringify({ complete: status === 'done', nodes }))
  return { count: best.length, nodes, status }
}
