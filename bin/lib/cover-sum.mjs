// dlxkit cover --sum PART...: the total of the parts of a sharded count, the
// step after `dlxkit cover --count --json --shard K/N` ran on a job engine
// (GNU parallel, a Slurm array). Each file ('-': standard input) holds
// parts' JSON lines, one or many. The sum is refused (exit status 1) unless
// every part 1..N of one split (one problem, N, split seed and dlxkit; see
// cover-part.mjs) is there once and ran to the end, so a lost or killed
// job, or a part of another problem or split, cannot pass for a count.
import { UsageError } from './args.mjs'
import { InputError, openInput, readFileText, readWholeText } from './input.mjs'
import { SPLIT_FIELDS, readCount } from './cover-part.mjs'

const MAX_STDIN_BYTES = 16 << 20 // as for a parts file: a part is one short line

/**
 * Sum the parts in `paths`, exactly at any size: { count (a bigint), nodes, status: 'done', parts,
 * splitSeed, problem, dlxkit }. A usage error (no file, a file that cannot
 * be read) is a UsageError; parts that do not add up, an InputError.
 */
export async function sumParts (paths, command) {
  if (!paths.length) throw new UsageError('--sum needs the parts\' files (the output of --count --json --shard K/N)', command)
  if (paths.filter((p) => p === '-').length > 1) throw new UsageError("'-' (standard input) may be named once", command)
  const lines = []
  for (const path of paths) {
    const text = path === '-'
      ? await readWholeText(openInput('-'), { maxBytes: MAX_STDIN_BYTES, what: 'a list of parts' })
      : readFileText(path, command, 'parts ')
    const name = path === '-' ? 'stdin' : path
    text.split('\n').forEach((line, i) => { if (line.trim()) lines.push({ line, where: `${name}:${i + 1}` }) })
  }
  if (!lines.length) throw new InputError(`no part in ${paths.join(' ')}`)
  const seen = new Map() // K -> where
  let first = null // { part, where }: every other part must be of its split
  let count = 0n
  let nodes = 0
  for (const { line, where } of lines) {
    const part = readPart(line, where)
    if (part.status !== 'done') throw new InputError(`${where}: part ${part.shard}/${part.parts} did not finish (status '${part.status}'): run it again`)
    if (first) checkSameSplit(part, where, first)
    else first = { part, where }
    if (seen.has(part.shard)) throw new InputError(`part ${part.shard}/${part.parts} twice: ${seen.get(part.shard)} and ${where}`)
    seen.set(part.shard, where)
    count += readCount(part.count)
    nodes += part.nodes ?? 0
  }
  const { parts, splitSeed, problem, dlxkit } = first.part
  const missing = []
  for (let k = 1; k <= parts && missing.length < 10; k++) if (!seen.has(k)) missing.push(k)
  if (missing.length) throw new InputError(`parts missing: ${missing.join(', ')}${seen.size + missing.length < parts ? ', ...' : ''} of ${parts}`)
  return { count, nodes, status: 'done', parts, splitSeed, problem, dlxkit }
}

/** A part's line, checked: what it counted and what it is a part of. */
function readPart (line, where) {
  let part
  try {
    part = JSON.parse(line)
  } catch {
    part = null
  }
  const isPart = part !== null && typeof part === 'object' && readCount(part.count) !== null &&
    Number.isSafeInteger(part.parts) && part.parts >= 1 && Number.isInteger(part.shard) && part.shard >= 1 && part.shard <= part.parts
  if (!isPart) throw new InputError(`${where}: not a line of dlxkit cover --count --json --shard K/N`)
  const named = typeof part.problem === 'string' && /^sha256:[0-9a-f]{64}$/.test(part.problem) &&
    Number.isSafeInteger(part.splitSeed) && typeof part.dlxkit === 'string'
  if (!named) {
    throw new InputError(`${where}: part ${part.shard}/${part.parts} does not say what it is a part of (its problem's digest, split seed and dlxkit version; an older dlxkit made it): run the parts again with this one`)
  }
  return part
}

/** An InputError unless `part` is of the same split as the first part. */
function checkSameSplit (part, where, first) {
  const other = SPLIT_FIELDS.find((f) => part[f] !== first.part[f])
  if (other === undefined) return
  // a digest's first 16 digits tell two problems apart in a message
  const [it, them] = [part[other], first.part[other]].map((v) => other === 'problem' ? `${v.slice(0, 23)}...` : v)
  const says = {
    problem: `is a part of another problem (${it}; ${first.where}: ${them}): parts of different problems`,
    parts: `is a part of ${it}, ${first.where} of ${them}: parts of different splits`,
    splitSeed: `is a part of another split (--split-seed ${it}; ${first.where}: ${them}): parts of different splits`,
    dlxkit: `was split by dlxkit ${it}, ${first.where} by ${them} (versions may cut the tree differently): parts of different splits`
  }[other]
  throw new InputError(`${where}: part ${part.shard}/${part.parts} ${says} do not add up`)
}
