// dlxkit explain: the steps a person can follow for each puzzle of the input
// (sudoku.steps), one sentence a line, numbered; or one hint at a depth
// (sudoku.hint); --json for one JSON object a puzzle. The puzzles are
// explained in turn: an explanation takes milliseconds.
import { COMMON_OPTIONS, UsageError, parseCommandLine, parseFormat, parseWholeNumber, inputPaths } from '../args.mjs'
import { SHAPE_OPTIONS, shapeOptions, checkShape } from '../sudoku-options.mjs'
import { listInputs, readPuzzlesInTurn } from '../input-list.mjs'
import { InputError } from '../input.mjs'
import { DlxError, loadKit } from '../library.mjs'
import { messageOf } from '../puzzle-report.mjs'
import { PuzzleReports } from '../puzzle-batch.mjs'

const OPTIONS = {
  ...COMMON_OPTIONS,
  ...SHAPE_OPTIONS,
  format: { type: 'string' },
  json: { type: 'boolean' },
  hint: { type: 'string' },
  after: { type: 'string' }
}

export async function explainCommand (argv, { out, terminal, about }) {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, 'explain')
  if (values.help || values.version) return about(values, 'explain')
  const json = parseFormat(values, ['text', 'json'], 'explain') === 'json'
  const depth = values.hint === undefined ? 0 : parseWholeNumber(values.hint, 'hint', { min: 1, max: 3, note: '1: the house, 2: the technique, 3: the move', command: 'explain' })
  // --after K: the hint after the explanation's first K steps (a person who made them)
  const after = values.after === undefined ? 0 : parseWholeNumber(values.after, 'after', { min: 0, note: 'the steps already made', command: 'explain' })
  if (values.after !== undefined && !depth) throw new UsageError('--after goes with --hint N (the hint after K steps)', 'explain')
  const opts = await shapeOptions(values, 'explain')
  const kit = await loadKit()
  checkShape(kit, opts, 'explain')
  const list = listInputs(inputPaths(positionals, 'explain'), 'explain')
  // The same reports as sudoku's and rate's (puzzle-batch.mjs, puzzle-report.mjs):
  // 'FILE:LINE: message', a run of unreadable lines stopped, lines that are no puzzle said so.
  const reports = new PuzzleReports({ out, terminal })
  const settings = { mode: 'explain', json, opts }
  try {
    for await (const batch of readPuzzlesInTurn(list, kit.sudoku, opts)) {
      for (const puzzle of batch) {
        const result = puzzle.rejected ?? explainPuzzle(kit, puzzle, opts, depth, after, json)
        reports.add(puzzle, result, { out: result.out ?? null, message: messageOf(puzzle, result, settings), failed: result.status !== 'ok' })
      }
    }
    reports.flush()
  } catch (e) {
    if (!(e instanceof InputError)) throw e
    reports.flush() // read before the input failed
    out.flush()
    terminal.message(e.message)
    return 1
  } finally {
    out.flush()
  }
  return reports.status(list)
}

// The explainer's errors as the statuses sudoku's and rate's reports know.
const STATUS_OF = { UNSOLVABLE: 'none', AMBIGUOUS: 'multiple' }

/** { status: 'ok', out } or, for a puzzle it cannot explain, { status, error }. */
function explainPuzzle (kit, puzzle, opts, depth, after, json) {
  try {
    return { status: 'ok', out: depth ? hintOutput(kit, puzzle, opts, depth, after, json) : stepsOutput(kit, puzzle, opts, json) }
  } catch (e) {
    if (!(e instanceof DlxError)) throw e
    return { status: STATUS_OF[e.code] ?? 'invalid', error: e }
  }
}

function stepsOutput (kit, puzzle, opts, json) {
  const r = kit.sudoku.steps(puzzle.text, opts)
  if (json) return JSON.stringify({ puzzle: puzzle.text.trimEnd(), line: puzzle.line, ...r })
  const { technique, rating, steps } = r.rating
  const lines = r.steps.map((s, k) => `${k + 1}. ${s.text}`)
  lines.push(steps ? `${steps} steps; the hardest: ${technique} (${rating.toFixed(1)})${r.solved ? '' : ', with a guess'}` : 'the grid is full: nothing to explain')
  return lines.join('\n') + '\n'
}

function hintOutput (kit, puzzle, opts, depth, after, json) {
  const h = kit.sudoku.hint(puzzle.text, { ...opts, depth, after })
  if (json) return JSON.stringify({ puzzle: puzzle.text.trimEnd(), line: puzzle.line, hint: h })
  return h ? h.text : after ? `no step after ${after}: the explanation is shorter` : 'the grid is full: no hint'
}
