// The files inside a zip (.xlsx and .ods are zips), read with a bound: the
// central directory says how big each file is, and no file is inflated past
// what it declares or past the limits, so a small hostile zip (a "zip
// bomb", or sizes that lie) is refused before it costs memory.
import { inflateRawSync } from 'node:zlib'

/** A workbook refused as it is: `code` says why (a stable name), message says what. */
export class WorkbookError extends Error {
  constructor (code, message) {
    super(message)
    this.name = 'WorkbookError'
    this.code = code
  }
}

// What one workbook may unpack to: far above any puzzle workbook, far below
// what the reader's memory can hold (ExcelJS takes ~30 times the XML).
export const MAX_UNPACKED = 64 << 20
const MAX_ENTRIES = 10000

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

/**
 * Map of name -> { method, packed, size, at } from the central directory
 * of `buf`; throws a WorkbookError when it is no zip or unpacks too big.
 */
export function zipEntries (buf, what = 'the workbook', limit = MAX_UNPACKED) {
  const end = findEnd(buf)
  if (end < 0) throw new WorkbookError('NOT_A_ZIP', `${what} is not a zip file (no central directory)`)
  const count = buf.readUInt16LE(end + 10)
  let p = buf.readUInt32LE(end + 16)
  if (count > MAX_ENTRIES) throw new WorkbookError('TOO_LARGE', `${what} holds ${count} files; at most ${MAX_ENTRIES} are read`)
  const entries = new Map()
  let total = 0
  for (let k = 0; k < count; k++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new WorkbookError('NOT_A_ZIP', `${what} is a damaged zip (its directory is cut short)`)
    const nameLength = buf.readUInt16LE(p + 28)
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength)
    const entry = { method: buf.readUInt16LE(p + 10), packed: buf.readUInt32LE(p + 20), size: buf.readUInt32LE(p + 24), at: buf.readUInt32LE(p + 42) }
    total += entry.size // a zip64 size (0xFFFFFFFF) is over the limit too
    if (total > limit) {
      throw new WorkbookError('TOO_LARGE', `${what} unpacks to more than ${limit >> 20} MiB (${name} alone is ${mib(entry.size)}); dlxkit sheet reads workbooks up to ${limit >> 20} MiB unpacked`)
    }
    entries.set(name, entry)
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32)
  }
  return entries
}

const mib = (n) => n >= 1 << 20 ? `${Math.round(n / (1 << 20))} MiB` : `${n} bytes`

function findEnd (buf) {
  for (let p = buf.length - 22; p >= 0 && p >= buf.length - 22 - 65535; p--) {
    if (buf.readUInt32LE(p) === EOCD) return p
  }
  return -1
}

/** The bytes of one entry, never more than its declared size. */
export function readEntry (buf, entry, name = 'a file') {
  const p = entry.at
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOCAL) throw new WorkbookError('NOT_A_ZIP', `a damaged zip: ${name} is not where its directory says`)
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28)
  const packed = buf.subarray(start, start + entry.packed)
  if (entry.method === 0) return Buffer.from(packed.subarray(0, entry.size))
  if (entry.method !== 8) throw new WorkbookError('NOT_A_ZIP', `${name} is packed with method ${entry.method}; only stored and deflated files are read`)
  try {
    return inflateRawSync(packed, { maxOutputLength: Math.max(entry.size, 1) })
  } catch (e) {
    throw new WorkbookError('NOT_A_ZIP', `a damaged zip: ${name} does not unpack to its declared ${entry.size} bytes (${e.code ?? e.message})`)
  }
}

/** Every entry's bytes: Map of name -> Buffer. */
export function unpackAll (buf, what, limit) {
  const files = new Map()
  for (const [name, entry] of zipEntries(buf, what, limit)) files.set(name, readEntry(buf, entry, name))
  return files
}
