// One part of an exact-cover search in a worker thread (or the main thread).
import { searchPart } from './cover-search.mjs'

const parsed = { text: null, problem: null } // the last problem, kept for the next part

/**
 * { text, shard, parts, limit, maxNodes, keep }: count part `shard` of
 * `parts`, keeping its solutions (option indices) when `keep`.
 */
export function runCoverPart (kit, { text, shard, parts, limit, maxNodes, keep }) {
  const problem = problemOf(kit, text)
  const solutions = keep ? [] : null
  const result = searchPart(problem, { shard, parts, limit, maxNodes, onSolution: keep ? (s) => solutions.push(s) : null })
  return { ...result, solutions }
}

function problemOf (kit, text) {
  if (parsed.text !== text) {
    parsed.problem?.free()
    parsed.problem = kit.parseDlx(text)
    parsed.text = text
  }
  return parsed.problem
}
