// Searching an exact-cover problem, whole or one shard of it, with a node
// budget per step so that long searches can report progress.

const STEP_NODES = 100000
const SOLUTIONS_BETWEEN_LOOKS = 64 // how often to look at the node counter between budget steps

/**
 * Search `problem` as it stands (with any forced options).
 * { limit, maxNodes }: stop at that many solutions or nodes (0: never).
 * onSolution(sortedOptionIndices) sees each solution; onProgress(fraction)
 * is called every STEP_NODES nodes with the engine's estimate.
 * Returns { count, nodes, status: 'done' | 'limit' | 'stopped' }.
 */
export function walk (problem, { limit = 0, maxNodes = 0, onSolution = null, onProgress = null } = {}) {
  // Counting alone runs in one call into the module: the fast path.
  if (!onSolution && !onProgress) return problem.countDetailed({ limit, maxNodes })
  problem.restart()
  let count = 0
  let status = 'done'
  let reportAt = STEP_NODES
  for (;;) {
    // The budget is per call; a solution ends a call early, so with a node
    // limit the nodes spent so far are asked for every time.
    const left = maxNodes ? maxNodes - problem.stats().nodes : STEP_NODES
    if (left <= 0) { status = 'stopped'; break }
    const r = problem.search(Math.min(left, STEP_NODES))
    if (r === 'done') break
    if (r === 'solution') {
      count++
      onSolution?.(problem.solution().sort((a, b) => a - b))
      if (limit && count >= limit) { status = 'limit'; break }
      if (!onProgress || count % SOLUTIONS_BETWEEN_LOOKS) continue
    }
    const stats = problem.stats()
    if (onProgress && (r === 'budget' || stats.nodes >= reportAt)) {
      onProgress(stats.progress)
      reportAt = stats.nodes + STEP_NODES
    }
  }
  const { nodes } = problem.stats()
  problem.restart()
  return { count, nodes, status }
}

/**
 * Search only part `shard` (0-based) of `parts` (Problem.shardPrefixes: the
 * options of the first levels of the tree, dealt round-robin): for each
 * prefix, force it, walk, unforce. The counts of all parts add up to the
 * whole count. Limits and budgets apply to the part as a whole.
 */
export function searchPart (problem, { shard = 0, parts = 1, limit = 0, maxNodes = 0, onSolution = null, onProgress = null } = {}) {
  const prefixes = parts === 1 ? [[]] : problem.shardPrefixes(shard, parts)
  const total = { count: 0, nodes: 0, status: 'done' }
  for (const [i, prefix] of prefixes.entries()) {
    if (maxNodes && total.nodes >= maxNodes) { total.status = 'stopped'; break }
    for (const k of prefix) problem.force(k)
    try {
      const r = walk(problem, {
        limit: limit ? limit - total.count : 0,
        maxNodes: maxNodes ? maxNodes - total.nodes : 0,
        onSolution,
        onProgress: onProgress && ((f) => onProgress((i + f) / prefixes.length))
      })
      total.count += r.count
      total.nodes += r.nodes
      if (r.status !== 'done') { total.status = r.status; break }
    } finally {
      for (let j = 0; j < prefix.length; j++) problem.unforce()
    }
    onProgress?.((i + 1) / prefixes.length)
  }
  return total
}
