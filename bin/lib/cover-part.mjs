// What a part of a sharded count (`dlxkit cover --count --json --shard K/N`)
// is a part of, so that `--sum` adds up only the parts of one split: the
// problem (a digest of its text), the number of parts, the split's seed and
// the dlxkit that made the split (another version may cut the tree
// differently). Parts of two problems or of two splits never add up to a
// count of anything.
import { createHash } from 'node:crypto'

/**
 * The problem's digest, 'sha256:HEX', of its DLX text as the reader sees it:
 * comment and blank lines left out, each line's tokens joined by one space,
 * lines ended by '\n'. The same file with other blanks, line ends or comments
 * has the same digest; any change to an item or an option changes it.
 */
export function problemDigest (text) {
  const hash = createHash('sha256')
  let batch = ''
  for (let start = 0; start < text.length;) {
    const end = lineEnd(text, start)
    const tokens = text.slice(start, end).split(/[ \t\r\f\v]+/).filter(Boolean)
    // The reader's comment line: its first non-blank character is '|'.
    if (tokens.length && !tokens[0].startsWith('|')) batch += tokens.join(' ') + '\n'
    if (batch.length >= 1 << 16) {
      hash.update(batch)
      batch = ''
    }
    start = end + (text[end] === '\r' && text[end + 1] === '\n' ? 2 : 1)
  }
  hash.update(batch)
  return `sha256:${hash.digest('hex')}`
}

/** Where the line from `start` ends: at '\n', '\r' (alone or before '\n') or the end. */
function lineEnd (text, start) {
  const nl = text.indexOf('\n', start)
  const cr = text.indexOf('\r', start)
  const end = nl === -1 ? text.length : nl
  return cr !== -1 && cr < end ? cr : end
}

/**
 * A count (a bigint) as a part's JSON carries it: a number while one holds
 * it exactly (up to 2^53 - 1), else its decimal digits as a string.
 */
export const countJson = (count) => count <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(count) : String(count)

/** A part's count read back (either form) as a bigint; null if it is none. */
export function readCount (v) {
  if (Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  if (typeof v === 'string' && /^(0|[1-9][0-9]*)$/.test(v)) return BigInt(v)
  return null
}

/** A result with its count as JSON carries it. */
export const resultJson = (result) => JSON.stringify({ ...result, count: countJson(BigInt(result.count)) })

/** The fields that name the split a part belongs to; equal in every part of one sum. */
export const SPLIT_FIELDS = ['problem', 'parts', 'splitSeed', 'dlxkit']
