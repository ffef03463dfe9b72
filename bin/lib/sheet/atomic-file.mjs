// Writing an output file so that it is never left half-written: the bytes
// go to a temporary file in the same folder, which is flushed to the disk
// and then renamed over the target in one step. Ctrl-C or a SIGTERM while
// it is written removes the temporary file (exit status 130 or 143); a
// SIGKILL may leave it behind, but never touches the target. An existing
// file is replaced only when asked (--force).
import fs from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { UsageError } from '../args.mjs'

const REASONS = { ENOENT: 'no such folder', EACCES: 'permission denied', EISDIR: 'is a directory', ENOSPC: 'no space left on the device', EROFS: 'read-only file system' }

/** Throws a UsageError when `target` exists and `force` is not set (or is a directory). */
export function checkOutput (target, { force, command }) {
  let stat
  try {
    stat = fs.statSync(target)
  } catch {
    return // absent (or unreachable: the write will say why)
  }
  if (stat.isDirectory()) throw new UsageError(`cannot write '${target}': is a directory`, command)
  if (!force) throw new UsageError(`'${target}' exists; use --force to overwrite`, command)
}

/** An error about writing the output, with the reason in words. */
export class WriteError extends Error {
  constructor (target, e) {
    super(`cannot write '${target}': ${REASONS[e.code] ?? e.message}`)
    this.name = 'WriteError'
  }
}

/**
 * write(stream) writes the content to a writable stream (and resolves when
 * it has written all of it; the stream is ended here). Without `force`, an
 * existing target is an error (checked again at the last step, atomically).
 * Throws a WriteError when the file cannot be written.
 */
export async function writeFileAtomically (target, write, { force = false } = {}) {
  const real = realTarget(target) // through a symbolic link, to the file it names
  const temporary = join(dirname(real), `.${basename(real)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  let fd
  try {
    fd = fs.openSync(temporary, 'wx', modeOf(real))
  } catch (e) {
    throw new WriteError(target, e)
  }
  const forget = removeOnInterrupt(temporary)
  try {
    const stream = fs.createWriteStream(null, { fd, autoClose: false })
    const finished = new Promise((resolve, reject) => {
      stream.on('finish', resolve)
      stream.on('error', reject)
    })
    await Promise.race([write(stream).then(() => stream.end()), finished])
    await finished
    fs.fsyncSync(fd) // on the disk before the name points to it
    fs.closeSync(fd)
    fd = undefined
    place(temporary, real, force)
    syncFolder(dirname(real))
  } catch (e) {
    if (fd !== undefined) fs.closeSync(fd)
    fs.rmSync(temporary, { force: true })
    throw e instanceof UsageError ? e : new WriteError(target, e)
  } finally {
    forget()
  }
}

/** The rename: over the target with force, else only if there is still none. */
function place (temporary, real, force) {
  if (force) { fs.renameSync(temporary, real); return }
  try {
    fs.linkSync(temporary, real) // fails if the target appeared meanwhile
  } catch (e) {
    if (e.code === 'EEXIST') throw new UsageError(`'${real}' exists; use --force to overwrite`)
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV'].includes(e.code)) throw e
    if (fs.existsSync(real)) throw new UsageError(`'${real}' exists; use --force to overwrite`) // no hard links here
    fs.renameSync(temporary, real)
    return
  }
  fs.rmSync(temporary, { force: true })
}

function realTarget (target) {
  try {
    return fs.realpathSync(target)
  } catch {
    return target
  }
}

/** The permissions of the file replaced, or the default for a new one. */
function modeOf (real) {
  try {
    return fs.statSync(real).mode & 0o7777
  } catch {
    return 0o666
  }
}

function syncFolder (folder) {
  let fd
  try {
    fd = fs.openSync(folder, 'r')
    fs.fsyncSync(fd)
  } catch {
    // not every system can sync a folder; the rename is done either way
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}

// Temporary files being written, removed if the process is interrupted.
const temporaries = new Set()
const SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 }
const handlers = {}

function removeOnInterrupt (path) {
  if (!temporaries.size) {
    for (const [signal, status] of Object.entries(SIGNALS)) {
      handlers[signal] = () => {
        const cut = [...temporaries].filter((p) => fs.existsSync(p))
        removeAll()
        process.stderr.write(`\ndlxkit: interrupted${cut.length ? '; the output file was left as it was' : ''}\n`)
        process.exit(status)
      }
      process.on(signal, handlers[signal])
    }
    process.on('exit', removeAll) // an exit in the middle (an error, process.exit)
  }
  temporaries.add(path)
  return () => {
    temporaries.delete(path)
    if (temporaries.size) return
    for (const signal of Object.keys(SIGNALS)) process.removeListener(signal, handlers[signal])
    process.removeListener('exit', removeAll)
  }
}

function removeAll () {
  for (const p of temporaries) fs.rmSync(p, { force: true })
}
