// dlxkit-worker-memo.mjs: the memoized count in a worker (countDetailed of
// dlxkit-worker-core.mjs), with progress and an abort read between its
// parts. A whole problem's runs in slices of nodes (the worker's Slices),
// each going on where the last one stopped (dlx_count_resume): the work of
// one count (with bounds too). A shard's (a count per prefix, runSearch) or
// one with its own restarts setting (set and put back around each call) runs in rounds, each
// from the start with MEMO_GROWTH times the last one's nodes: about 4/3 of
// one count's work.

const MEMO_GROWTH = 4
const MEMO_FIRST = 4096
const MEMO_AUTO_NODES = 2 ** 18

/**
 * The count { count, nodes, status }, or null: memo true goes on to the end
 * (or maxNodes); 'auto' (the default; a shard gets the whole problem's
 * share) takes the share the engine's rule gives the memo within maxNodes
 * (dlx_memo_share, search_choice.c: from Knuth's estimate), at most
 * MEMO_AUTO_NODES (it reports nothing, so it stays short: the progress bar
 * of a long count comes from the search); not done within it, the count
 * goes on by the search in slices (null). Node counts, not clocks, decide:
 * the same problem takes the same path on any machine. run: { slices (a
 * Slices), report (progress), pauseIfDue () and pause () (each then reads
 * an abort) }.
 */
export async function memoCount (p, { maxNodes, memo, ...opts }, run) {
  let share = Infinity
  if (memo !== true) {
    share = Math.min(p._memoShare(maxNodes), MEMO_AUTO_NODES)
    if (!(share > 0)) return null
  }
  const cap = Math.ceil(Math.min(share, maxNodes || Infinity))
  const resumes = opts.shard === 0 && opts.parts === 1 && opts.restarts === undefined
  const r = await (resumes ? inSlices : inRounds)(p, opts, cap, memo === true ? run.report : () => {}, run)
  return r.status === 'stopped' && cap !== maxNodes ? null : r // not within its share: the search
}

async function inSlices (p, opts, cap, report, { slices, pauseIfDue }) {
  for (let r = null; ;) {
    slices.start()
    const budget = Math.min(slices.size, cap - (r?.nodes ?? 0))
    r = r ? p._countResume(budget) : p._countDetailed({ ...opts, maxNodes: budget, memo: true })
    if (r.status !== 'stopped' || r.nodes >= cap) return r
    report({ nodes: r.nodes, progress: 0, solutions: 0 })
    slices.update()
    await pauseIfDue()
  }
}

async function inRounds (p, opts, cap, report, { pause }) {
  let spent = 0
  for (let round = MEMO_FIRST; ; round *= MEMO_GROWTH) {
    const r = p._countDetailed({ ...opts, maxNodes: Math.min(round, cap), memo: true })
    if (r.status !== 'stopped' || round >= cap) return r
    spent += r.nodes
    report({ nodes: spent, progress: 0, solutions: 0 }) // nodes spent, which only grow
    await pause()
  }
}
