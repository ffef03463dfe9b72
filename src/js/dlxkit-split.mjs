// Balanced shards: the search tree cut into many small subtrees (prefixes:
// options to force), each sized by Knuth's random-probe estimate
// (Problem.estimate), and dealt to the parts so that each part's estimated
// size is near the mean. The split is a pure function of the problem (with
// its forced options), the number of parts and the seed, so processes that
// each search one part agree on it without talking.
//
// A prefix is a list of steps: k >= 0 forces option k, ~k (-1 - k) leaves
// option k out. Without bounds a node's children force one option of its
// item each; with bounds (Algorithm M) child j forces the item's j-th
// option and leaves out those before it (the lowest-numbered option of the
// item a solution uses), and one more leaves out all of them when the item
// needs no more: each solution lies below exactly one child (dlx.h).
//
// A shallow subtree's estimate is the least reliable (its rare heavy paths
// are rarely drawn: pentomino-6x10's subtrees two levels down come out 50
// times too small, six levels down about right), so the tree is first cut
// whole, level by level, into many subtrees, and only then estimated; the
// ones still estimated big are cut further.
import { DlxError, checkWhole, describe } from './dlxkit-errors.mjs'

/** Whole levels are cut until there are this many subtrees per part... */
const FIRST = 64
/** ...but not beyond this many in all (memory and time). */
const FIRST_CAP = 1 << 18
/** Probes per subtree. */
const PROBES = 16
/** Then cut until no subtree is estimated above 1/GRAIN of a part... */
const GRAIN = 32
/** ...or there are this many subtrees per part (and 2^20 in all). */
const MOST = 256
const MOST_CAP = 1 << 20

/**
 * The prefixes of each of `parts` parts, in the order the whole search
 * meets them, and each part's estimated node count: { parts, estimates }.
 * Every solution lies below exactly one prefix of one part.
 */
export function balancedSplit (problem, parts, seed = 1) {
  checkWhole(seed, 'splitSeed', 2 ** 20 - 1)
  let drawn = 0
  // Each subtree its own paths: the seed, and its place in the estimates.
  const estimate = () => problem.estimate({ probes: PROBES, seed: seed * 2 ** 32 + drawn++ }).nodes
  const root = { steps: [], children: null, size: 0, end: false }
  let leaves = 1
  for (let more = true; more && leaves < Math.min(parts * FIRST, FIRST_CAP);) {
    more = false
    walk(problem, root, (node) => {
      if (node.children || node.end) return
      node.children = cut(problem)
      if (node.children) {
        leaves += node.children.length - 1
        more = true
      } else node.end = true
    })
  }
  const open = [] // subtrees that may still be cut, with their prefixes
  let total = 0
  walk(problem, root, (node, prefix) => {
    if (node.children) return
    node.size = node.end ? 0 : estimate()
    total += node.size
    open.push({ subtree: node, prefix: [...prefix] }) // the key is not called node (bundles are searched for the text of Node imports)
  })
  // Rounds, each cutting every subtree estimated above 1/GRAIN of a part.
  const most = Math.min(parts * MOST, MOST_CAP)
  for (let pieces = open.length, big = true; big && pieces < most;) {
    const bar = total / (parts * GRAIN)
    big = false
    for (let i = 0, n = open.length; i < n && pieces < most; i++) {
      const { subtree: node, prefix } = open[i]
      if (node.end || node.children || node.size <= bar) continue
      big = true
      takeSteps(problem, prefix)
      try {
        node.children = cut(problem) ?? []
        for (const child of node.children) {
          takeSteps(problem, child.steps)
          try {
            child.size = estimate()
          } finally {
            undoSteps(problem, child.steps)
          }
          total += child.size
          open.push({ subtree: child, prefix: [...prefix, ...child.steps] })
        }
      } finally {
        undoSteps(problem, prefix)
      }
      total -= node.size
      pieces += node.children.length - 1
    }
  }
  const pieces = []
  walk(problem, root, (node, prefix) => { if (!node.children) pieces.push({ prefix: [...prefix], size: node.size }) }, false)
  return deal(pieces, parts)
}

/**
 * Call visit(node, prefix) on every node below `node`, parents first, in
 * the order the search meets them; with `force`, each with its prefix
 * taken (each step once, however many nodes lie below it). The children
 * visit() gives a node are not visited.
 */
function walk (problem, node, visit, force = true, prefix = []) {
  const children = node.children ?? [] // as they were: not those visit() makes
  visit(node, prefix)
  for (const child of children) {
    if (force) takeSteps(problem, child.steps)
    prefix.push(...child.steps)
    try {
      walk(problem, child, visit, force, prefix)
    } finally {
      prefix.length -= child.steps.length
      if (force) undoSteps(problem, child.steps)
    }
  }
}

/**
 * The children of the node the forced options lead to, dead ends left
 * out; null at a solution (nothing left to cover).
 */
function cut (problem) {
  const item = problem.branchItem()
  if (item < 0) return null
  const children = []
  for (const steps of branches(problem, item)) {
    takeSteps(problem, steps)
    let next, dead
    try {
      next = problem.branchItem()
      dead = next >= 0 && branches(problem, next).length === 0 // no solution below
    } finally {
      undoSteps(problem, steps)
    }
    if (!dead) children.push({ steps, children: null, size: 0, end: next < 0 })
  }
  return children
}

/**
 * The steps of each child of the node the forced options lead to, whose
 * search branches on `item` (the header says how, with and without bounds).
 */
export function branches (problem, item) {
  const opts = problem.itemOptions(item)
  if (!problem._bounded()) return opts.map((k) => [k])
  const need = problem.itemNeed(item)
  const parts = []
  for (let j = 0; j <= opts.length - Math.max(need, 1); j++) parts.push([...opts.slice(0, j).map((k) => ~k), opts[j]])
  if (need === 0) parts.push(opts.map((k) => ~k))
  return parts
}

/** Take a prefix's steps (force, or leave out), and undo them, last first. */
export function takeSteps (problem, steps) {
  for (let j = 0; j < steps.length; j++) {
    try {
      takeStep(problem, steps[j])
    } catch (e) {
      undoSteps(problem, steps.slice(0, j))
      throw e
    }
  }
}

export function undoSteps (problem, steps) {
  for (let j = steps.length - 1; j >= 0; j--) undoStep(problem, steps[j])
}

export function takeStep (problem, step) {
  if (step >= 0) problem.force(step)
  else problem.exclude(~step)
}

export function undoStep (problem, step) {
  if (step >= 0) problem.unforce()
  else problem.unexclude()
}

/** Largest first, each to the part with the least so far (ties: the first); each part's in search order. */
function deal (pieces, parts) {
  const estimates = new Array(parts).fill(0)
  const dealt = Array.from({ length: parts }, () => [])
  const order = pieces.map((p, i) => ({ ...p, at: i })).sort((a, b) => b.size - a.size || a.at - b.at)
  // A binary heap of the parts by (estimate, index): the least on top.
  const heap = Array.from({ length: parts }, (_, j) => j)
  const below = (a, b) => estimates[a] < estimates[b] || (estimates[a] === estimates[b] && a < b)
  for (const p of order) {
    const least = heap[0]
    estimates[least] += p.size
    dealt[least].push(p)
    for (let i = 0; ;) { // sift the grown part down
      const l = 2 * i + 1
      const r = l + 1
      let m = i
      if (l < parts && below(heap[l], heap[m])) m = l
      if (r < parts && below(heap[r], heap[m])) m = r
      if (m === i) break
      const t = heap[i]
      heap[i] = heap[m]
      heap[m] = t
      i = m
    }
  }
  return { parts: dealt.map((list) => list.sort((a, b) => a.at - b.at).map((p) => p.prefix)), estimates }
}

/**
 * The most parts a search is split into: a balanced split makes at most
 * MOST_CAP pieces (more parts would be empty), and per part it keeps a list
 * and an estimate, so 2e9 parts would need gigabytes before the first piece.
 */
export const MAX_PARTS = MOST_CAP

/** The check both kinds of shards share. */
export function checkShard (shard, parts) {
  if (!(Number.isInteger(parts) && parts >= 1 && parts <= MAX_PARTS)) {
    throw new DlxError('BAD_ARGUMENT', `parts must be a whole number from 1 to ${MAX_PARTS}, the most pieces a split makes (got ${describe(parts)})`)
  }
  if (!(Number.isInteger(shard) && shard >= 0 && shard < parts)) {
    throw new DlxError('BAD_ARGUMENT', `shard must be a whole number from 0 to ${parts - 1} for ${parts} parts (got ${describe(shard)})`)
  }
}

/** The most prefixes a plain split deals: 4 per part at MAX_PARTS parts. */
const PLAIN_CAP = 4 * MAX_PARTS

/**
 * Shard `shard` of `parts` of a plain split (Problem.shardPrefixes): the
 * first levels of the tree, dealt round-robin.
 */
export function plainShard (problem, shard, parts) {
  let prefixes = [[]]
  // Deepen until there are enough pieces to deal (or nothing to split); a
  // level of more than PLAIN_CAP pieces is not taken (memory).
  for (let depth = 0; depth < 8 && prefixes.length < parts * 4; depth++) {
    const next = []
    let split = false
    for (const prefix of prefixes) {
      takeSteps(problem, prefix)
      try {
        const item = problem.branchItem()
        if (item < 0) next.push(prefix)
        else {
          split = true
          for (const steps of branches(problem, item)) next.push([...prefix, ...steps])
        }
      } finally {
        undoSteps(problem, prefix)
      }
      if (next.length > PLAIN_CAP) break
    }
    if (!split || next.length > PLAIN_CAP) break
    prefixes = next
  }
  return prefixes.filter((_, i) => i % parts === shard)
}
