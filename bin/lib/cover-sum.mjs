// dlxkit cover --sum PART...: the total of the parts of a sharded count, the
// step after `dlxkit cover --count --json --shard K/N` ran on a job engine
// (GNU parallel, a Slurm array). Each file ('-': standard input) holds
// parts' JSON lines, one or many; the sum is refused unless every part 1..N
// is there once and ran to the end, so a lost or killed job cannot pass for
// a smaller count.
import { readFileSync } from 'node:fs'
import { UsageError } from './args.mjs'
import { readFileText } from './input.mjs'

/** Sum the parts in `paths`: { count, nodes, status: 'done', parts } or a UsageError. */
export function sumParts (paths, command) {
  if (!paths.length) throw new UsageError('--sum needs the parts\' files (the output of --count --json --shard K/N)', command)
  const seen = new Map() // K -> file
  let parts = 0
  let count = 0
  let nodes = 0
  const lines = paths.flatMap((path) => {
    const text = path === '-' ? readFileSync(0, 'utf8') : readFileText(path, command, 'parts ')
    return text.split('\n').map((line, i) => ({ line, where: `${path === '-' ? 'stdin' : path}:${i + 1}` })).filter((l) => l.line.trim())
  })
  if (!lines.length) throw new UsageError(`no part in ${paths.join(' ')}`, command)
  for (const { line, where: path } of lines) {
    let part
    try {
      part = JSON.parse(line)
    } catch {
      part = null
    }
    if (!part || !Number.isSafeInteger(part.count) || !Number.isInteger(part.shard) || !Number.isInteger(part.parts)) {
      throw new UsageError(`'${path}' is not a line of dlxkit cover --count --json --shard K/N`, command)
    }
    if (part.status !== 'done') throw new UsageError(`'${path}': part ${part.shard}/${part.parts} did not finish (status '${part.status}'): run it again`, command)
    if (parts && part.parts !== parts) throw new UsageError(`'${path}' is a part of ${part.parts}, the others of ${parts}`, command)
    if (seen.has(part.shard)) throw new UsageError(`part ${part.shard}/${part.parts} twice: '${seen.get(part.shard)}' and '${path}'`, command)
    parts = part.parts
    seen.set(part.shard, path)
    count += part.count
    nodes += part.nodes ?? 0
  }
  const missing = []
  for (let k = 1; k <= parts && missing.length < 10; k++) if (!seen.has(k)) missing.push(k)
  if (missing.length) throw new UsageError(`parts missing: ${missing.join(', ')}${seen.size + missing.length < parts ? ', ...' : ''} of ${parts}`, command)
  return { count, nodes, status: 'done', parts }
}
