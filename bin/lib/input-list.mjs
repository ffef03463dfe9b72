// Several inputs read in turn (`dlxkit sudoku a.txt b.txt -`): each FILE is
// checked before any work starts (a missing one is a usage error, exit 2)
// and opened when its turn comes, so that a long list does not hold
// thousands of files open.
import { accessSync, constants, statSync } from 'node:fs'
import { InputError, cannotRead, openInput, readPuzzleBatches } from './input.mjs'

/**
 * The inputs named by `paths` ('-': standard input), checked:
 * { files: [{ path, name, size, puzzles, ended }], size, bytesRead }.
 * size: the bytes of all of them, when all are regular files (else null).
 */
export function listInputs (paths, command) {
  const files = paths.map((path) => ({ path, name: path === '-' ? 'stdin' : path, size: sizeOf(path, command), puzzles: 0, ended: false }))
  const size = files.every((f) => f.size !== null) ? files.reduce((n, f) => n + f.size, 0) : null
  return { files, size, bytesRead: 0 }
}

function sizeOf (path, command) {
  if (path === '-') return null
  try {
    accessSync(path, constants.R_OK)
    const stat = statSync(path)
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' })
    return stat.isFile() ? stat.size : null
  } catch (e) {
    throw cannotRead(path, e, command)
  }
}

/**
 * The puzzles of each input in turn, as readPuzzleBatches cuts them, each
 * with `source`, the name of its input. list.bytesRead counts the bytes
 * read so far (for a progress bar); an input that cannot be opened any
 * more stops the reading with an InputError.
 */
export async function * readPuzzlesInTurn (list, sudoku, opts) {
  let before = 0
  for (const file of list.files) {
    let input
    try {
      input = openInput(file.path)
    } catch (e) {
      throw new InputError(e.message)
    }
    try {
      for await (const batch of readPuzzleBatches(input, sudoku, opts)) {
        for (const p of batch) p.source = file.name
        file.puzzles += batch.length
        list.bytesRead = before + input.bytesRead
        yield batch
      }
      file.ended = true
    } finally {
      before += input.bytesRead ?? 0
      list.bytesRead = before
      input.stream.destroy() // unread input (after an error) must not keep the process alive
    }
  }
}
