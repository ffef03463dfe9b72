// Reading the input named on the command line: a file, or '-' for stdin.
import { readFileSync } from 'node:fs'
import { UsageError } from './args.mjs'

const REASONS = { ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'is a directory' }

/** { name, text }: `name` is what error messages call the input. */
export function readInput (path, command) {
  if (path === '-') return { name: 'stdin', text: readFileSync(0, 'utf8') }
  return { name: path, text: readFileText(path, command) }
}

/** A file's text; an unreadable file is a usage error (exit 2). */
export function readFileText (path, command, what = '') {
  try {
    return readFileSync(path, 'utf8')
  } catch (e) {
    throw new UsageError(`cannot read ${what}'${path}': ${REASONS[e.code] ?? e.message}`, command)
  }
}
