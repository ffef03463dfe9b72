// dlxkit cover --jobs N: the search tree cut into shards (the library's
// shard and parts), searched on N library workers. The results are those of
// one job: the count, and with --limit the first solutions in the order one
// job finds them (each shard finds its solutions in that order, prefix by
// prefix, and prefix i of the tree is prefix i / parts of shard i % parts,
// so sorting by the prefix restores it). Without --limit, solutions print
// as the shards find them. --max-nodes is a budget for all shards together.
import { Pool, loadKit } from './library.mjs'
import { SolutionPrinter, parse } from './cover-problem.mjs'

// Shards per thread: more shards than threads evens out the work.
const SHARDS_PER_THREAD = 4

/**
 * Search the problem `text` on settings.threads workers. Returns
 * { count, nodes, status: 'done' | 'limit' | 'stopped' } as one job would.
 */
export async function searchOnWorkers (text, settings, { out, terminal }) {
  const { mode, limit, maxNodes } = settings
  const parts = settings.threads * SHARDS_PER_THREAD
  // Solutions are printed (and put in order) from a problem in this thread.
  const local = mode === 'count' ? null : await parse(await loadKit(), text)
  const pool = new Pool(settings.threads, { maxMemory: settings.maxMemory })
  const problems = new Map() // worker -> its RemoteProblem (a promise)
  const problemOn = (api) => {
    if (!problems.has(api)) problems.set(api, parse(api, text))
    return problems.get(api)
  }
  const shards = Array.from({ length: parts }, () => ({ nodes: 0, count: 0, progress: 0 }))
  const spent = () => shards.reduce((n, s) => n + s.nodes, 0)
  const found = () => shards.reduce((n, s) => n + BigInt(s.count), 0n) // exact: a bigint
  const halt = new AbortController()
  let ended = null // 'limit' or 'stopped' once the run was cut short
  const end = (status) => {
    ended ??= status
    halt.abort()
  }
  const printer = local && new SolutionPrinter(local, settings.json, out)
  const firsts = limit && printer ? new FirstSolutions(local, parts, limit) : null
  // The bar moves with every shard's progress, from the start.
  const showProgress = () => terminal.search(shards.reduce((f, s) => f + s.progress, 0) / parts, spent())
  terminal.begin('starting the search')

  const searchShard = (k) => pool.run(async (api) => {
    if (halt.signal.aborted) return
    const problem = await problemOn(api)
    const left = maxNodes ? maxNodes - spent() : 0
    if (maxNodes && left <= 0) return end('stopped')
    const own = shards[k]
    const opts = {
      shard: k,
      parts,
      limit,
      maxNodes: left,
      signal: halt.signal,
      onProgress: (p) => {
        own.nodes = p.nodes
        own.progress = p.progress ?? 0
        showProgress()
        if (!printer) own.count = p.solutions
        if (maxNodes && spent() >= maxNodes) end('stopped')
        if (!printer && limit && found() >= limit) end('limit')
      }
    }
    try {
      if (!printer) {
        const r = await problem.countDetailed({ ...opts, memo: settings.memo, bigint: true })
        Object.assign(own, { nodes: r.nodes, count: r.count })
        if (r.status === 'stopped') end('stopped')
        if (limit && found() >= limit) end('limit')
      } else {
        for await (const s of problem.solutions(opts)) {
          own.count++
          if (!firsts) printer.print(s)
          else if (firsts.add(k, s)) end('limit')
        }
      }
    } catch (e) {
      if (e?.code === 'STOPPED') return end('stopped')
      if (e?.code === 'ABORTED' && halt.signal.aborted) return
      throw e
    }
    if (firsts?.finish(k)) end('limit')
    own.progress = 1
    showProgress()
  })

  try {
    await Promise.all(Array.from({ length: parts }, (_, k) => searchShard(k)))
    if (firsts) for (const s of firsts.take()) printer.print(s)
  } finally {
    pool.close()
    local?.free()
  }
  const count = limit && found() > limit ? BigInt(limit) : found()
  const status = limit && count >= limit ? 'limit' : ended === 'stopped' ? 'stopped' : 'done'
  return { count, nodes: spent(), status }
}

/**
 * The first `limit` solutions in one job's order, from shards that each
 * find theirs in that order: each is keyed by its prefix's place in the
 * tree (Problem.shardPrefixes) and its place in its shard. add() and
 * finish() say when no shard can find an earlier one any more, so the
 * others can stop (the first solution need not wait for every shard).
 */
class FirstSolutions {
  constructor (problem, parts, limit) {
    this._problem = problem
    this._parts = parts
    this._limit = limit
    this._prefixes = new Map() // shard -> { list, at (the prefix being found), seq }
    this._kept = []
    // per shard, the smallest key it may still find (Infinity once done)
    this._bound = Array.from({ length: parts }, (_, k) => k)
  }

  /** Keep a solution of shard `shard`; true when the first `limit` are known. */
  add (shard, options) {
    let p = this._prefixes.get(shard)
    if (!p) this._prefixes.set(shard, p = { list: this._problem.shardPrefixes(shard, this._parts), at: 0, seq: 0 })
    const has = new Set(options)
    while (p.at < p.list.length - 1 && !p.list[p.at].every((k) => has.has(k))) p.at++
    const prefix = p.at * this._parts + shard
    this._kept.push({ prefix, seq: p.seq++, options })
    this._bound[shard] = prefix
    // Memory stays within twice the limit: what sorts after the first
    // `limit` can never be printed.
    if (this._kept.length >= 2 * this._limit) this._trim()
    return this._known()
  }

  /** Shard `shard` is done; true when the first `limit` are known. */
  finish (shard) {
    this._bound[shard] = Infinity
    return this._known()
  }

  /** Whether `limit` solutions sort before all that any shard may still find. */
  _known () {
    if (this._kept.length < this._limit) return false
    const bound = Math.min(...this._bound)
    let before = 0
    for (const s of this._kept) if (s.prefix < bound) before++
    return before >= this._limit
  }

  take () {
    this._trim()
    return this._kept.map((s) => s.options)
  }

  _trim () {
    this._kept.sort((a, b) => a.prefix - b.prefix || a.seq - b.seq)
    this._kept.length = Math.min(this._kept.length, this._limit)
  }
}
