// Hostile inputs for the JS API and the CLI, with the error each must get.
// Data only: tests/hostile.test.mjs runs them, tests/hostile-inputs.md lists
// them (that test checks every case has its row there).
import { storedZip, minimalXlsx, minimalOds } from './zip-bytes.mjs'

const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const empty4 = () => Array.from({ length: 4 }, () => [0, 0, 0, 0])
const withCell = (v) => { const g = empty4(); g[0][0] = v; return g }
const MB = 1 << 20
// k = 0..count-1: row 0 with its cell 1 + k % 8 swapped for cell 9 + k / 8,
// all through cell 0 (with `repeat`, region 0 every time).
const throughCell0 = (count, repeat = false) => Array.from({ length: count }, (_, k) => {
  const r = repeat ? 0 : k
  const cells = [0, 1, 2, 3, 4, 5, 6, 7, 8]
  cells[1 + r % 8] = 9 + Math.floor(r / 8)
  return cells
})

/** Sudoku calls: run(dlx) must throw a DlxError with `code` (null: must succeed). */
export const SUDOKU_CASES = [
  ['sudoku.solve', 'undefined puzzle', 'BAD_INPUT', (d) => d.sudoku.solve(undefined)],
  ['sudoku.solve', 'a number', 'BAD_INPUT', (d) => d.sudoku.solve(42)],
  ['sudoku.solve', 'an object', 'BAD_INPUT', (d) => d.sudoku.solve({ length: 81 })],
  ['sudoku.solve', 'a BigInt', 'BAD_INPUT', (d) => d.sudoku.solve(5n)],
  ['sudoku.solve', 'empty string', 'BAD_LENGTH', (d) => d.sudoku.solve('')],
  ['sudoku.solve', 'NUL byte', 'BAD_SYMBOL', (d) => d.sudoku.solve(CLASSIC.slice(0, 80) + '\0')],
  ['sudoku.solve', 'lone surrogate (invalid UTF-16)', 'BAD_SYMBOL', (d) => d.sudoku.solve(CLASSIC.slice(0, 80) + '\ud800')],
  ['sudoku.solve', 'emoji in place of a digit', 'BAD_SYMBOL', (d) => d.sudoku.solve(CLASSIC.slice(0, 80) + '😀')],
  ['sudoku.solve', '10 MB line', 'BAD_LENGTH', (d) => d.sudoku.solve('1'.repeat(10 * MB))],
  ['sudoku.solve', '10 MB of blank lines', 'BAD_LENGTH', (d) => d.sudoku.solve('\n'.repeat(10 * MB))],
  ['sudoku.solve', 'two puzzles in one string', 'BAD_INPUT', (d) => d.sudoku.solve(CLASSIC + '\n' + CLASSIC)],
  ['sudoku.solve', 'limit -1', 'BAD_ARGUMENT', (d) => d.sudoku.solve(CLASSIC, { limit: -1 })],
  ['sudoku.solve', 'limit NaN', 'BAD_ARGUMENT', (d) => d.sudoku.solve(CLASSIC, { limit: NaN })],
  ['sudoku.solve', 'limit Infinity', 'BAD_ARGUMENT', (d) => d.sudoku.solve(CLASSIC, { limit: Infinity })],
  ['sudoku.solve', 'limit 2n (BigInt)', 'BAD_ARGUMENT', (d) => d.sudoku.solve(CLASSIC, { limit: 2n })],
  ['sudoku.solve', 'limit 2^60', null, (d) => d.sudoku.solve(CLASSIC, { limit: 2 ** 60 })],
  ['sudoku.solve', 'maxNodes -5', 'BAD_ARGUMENT', (d) => d.sudoku.solve(CLASSIC, { maxNodes: -5 })],
  ['sudoku.solve', 'maxNodes 1e300', 'BAD_ARGUMENT', (d) => d.sudoku.solve(CLASSIC, { maxNodes: 1e300 })],
  ['sudoku.solve', 'size 65', 'BAD_SIZE', (d) => d.sudoku.solve(CLASSIC, { size: 65 })],
  ['sudoku.solve', 'size NaN', 'BAD_SIZE', (d) => d.sudoku.solve(CLASSIC, { size: NaN })],
  ['sudoku.solve', 'size "9" (a string)', 'BAD_SIZE', (d) => d.sudoku.solve(CLASSIC, { size: '9' })],
  ['sudoku.solve', 'size 9.5', 'BAD_SIZE', (d) => d.sudoku.solve(CLASSIC, { size: 9.5 })],
  ['sudoku.solve', 'boxes 65536x65536', 'BAD_SIZE', (d) => d.sudoku.solve(CLASSIC, { boxRows: 65536, boxCols: 65536 })],
  ['sudoku.solve', 'boxRows NaN', 'BAD_SIZE', (d) => d.sudoku.solve(CLASSIC, { boxRows: NaN })],
  ['sudoku.solve', 'boxRows 1.5', 'BAD_SIZE', (d) => d.sudoku.solve(CLASSIC, { boxRows: 1.5, boxCols: 6 })],
  ['sudoku.solve', 'boxes 2x4 for a 9x9', 'BAD_SIZE', (d) => d.sudoku.solve(CLASSIC, { boxRows: 2 })],
  ['sudoku.solve', 'alphabet with a repeat', 'BAD_ALPHABET', (d) => d.sudoku.solve(CLASSIC, { alphabet: '112345678' })],
  ['sudoku.solve', 'alphabet of non-ASCII symbols', 'BAD_ALPHABET', (d) => d.sudoku.solve(CLASSIC, { alphabet: '😀123456789' })],
  ['sudoku.solve', 'alphabet an object', 'BAD_ALPHABET', (d) => d.sudoku.solve(CLASSIC, { alphabet: {} })],
  ['sudoku.solve', 'unknown variant', 'BAD_ARGUMENT', (d) => d.sudoku.solve(CLASSIC, { variant: 'sideways' })],
  ['sudoku.solve', 'regions an object', 'BAD_REGION', (d) => d.sudoku.solve(CLASSIC, { regions: {} })],
  ['sudoku.solve', 'regions a string', 'BAD_REGION', (d) => d.sudoku.solve(CLASSIC, { regions: 'abc' })],
  ['sudoku.solve', 'region cell NaN', 'BAD_REGION', (d) => d.sudoku.solve(CLASSIC, { regions: [[NaN, 1, 2, 3, 4, 5, 6, 7, 8]] })],
  ['sudoku.solve', 'region cell 2^32', 'BAD_REGION', (d) => d.sudoku.solve(CLASSIC, { regions: [[2 ** 32, 1, 2, 3, 4, 5, 6, 7, 8]] })],
  ['sudoku.solve', 'region of 8 cells', 'BAD_REGION', (d) => d.sudoku.solve(CLASSIC, { regions: [[1, 2, 3, 4, 5, 6, 7, 8]] })],
  ['sudoku.solve', 'a million regions', 'BAD_REGION', (d) => d.sudoku.solve(CLASSIC, { regions: Array(1e6).fill([0, 1, 2, 3, 4, 5, 6, 7, 8]) })],
  ['sudoku.solve', 'a cell in 256 regions (and both variants)', null, (d) => d.sudoku.solve('.'.repeat(81), { regions: throughCell0(256), variant: 'x+windoku', maxNodes: 100000 })],
  ['sudoku.solve', 'one region 256 times', 'BAD_REGION', (d) => d.sudoku.solve('.'.repeat(81), { regions: throughCell0(256, true) })],
  ['sudoku.solve', 'jigsaw of strings', 'BAD_REGION', (d) => d.sudoku.solve(CLASSIC, { jigsaw: 'x'.repeat(81) })],
  ['sudoku.solve', 'jigsaw piece 2^32', 'BAD_REGION', (d) => d.sudoku.solve(CLASSIC, { jigsaw: Array(81).fill(2 ** 32) })],
  ['sudoku.solve', 'ragged jigsaw', 'BAD_REGION', (d) => d.sudoku.solve(CLASSIC, { jigsaw: [[0, 1], [2]] })],
  ['sudoku.solve', 'format "xml"', 'BAD_ARGUMENT', (d) => d.sudoku.solve(CLASSIC, { format: 'xml' })],
  ['sudoku.solve', 'clashing givens', 'CLASH', (d) => d.sudoku.solve('55' + CLASSIC.slice(2))],
  ['sudoku.solve', 'empty array', 'BAD_SIZE', (d) => d.sudoku.solve([])],
  ['sudoku.solve', '65 rows', 'BAD_SIZE', (d) => d.sudoku.solve(Array.from({ length: 65 }, () => Array(65).fill(0)))],
  ['sudoku.solve', 'ragged rows', 'BAD_LENGTH', (d) => d.sudoku.solve([[1, 2], [3]])],
  ['sudoku.solve', 'sparse array (a missing row)', 'BAD_LENGTH', (d) => d.sudoku.solve([, [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])], // eslint-disable-line no-sparse-arrays
  ['sudoku.solve', 'typed-array rows', 'BAD_LENGTH', (d) => d.sudoku.solve(Array.from({ length: 4 }, () => new Uint8Array(4)))],
  ['sudoku.solve', 'cell NaN', 'BAD_VALUE', (d) => d.sudoku.solve(withCell(NaN))],
  ['sudoku.solve', 'cell Infinity', 'BAD_VALUE', (d) => d.sudoku.solve(withCell(Infinity))],
  ['sudoku.solve', 'cell 1.5', 'BAD_VALUE', (d) => d.sudoku.solve(withCell(1.5))],
  ['sudoku.solve', 'cell -1', 'BAD_VALUE', (d) => d.sudoku.solve(withCell(-1))],
  ['sudoku.solve', 'cell 5 in a 4x4', 'BAD_VALUE', (d) => d.sudoku.solve(withCell(5))],
  ['sudoku.solve', 'cell 1n (BigInt)', 'BAD_VALUE', (d) => d.sudoku.solve(withCell(1n))],
  ['sudoku.solve', 'cell an object', 'BAD_VALUE', (d) => d.sudoku.solve(withCell({}))],
  ['sudoku.solve', 'cell true', 'BAD_VALUE', (d) => d.sudoku.solve(withCell(true))],
  ['sudoku.count', 'limit -1', 'BAD_ARGUMENT', (d) => d.sudoku.count(CLASSIC, { limit: -1 })],
  ['sudoku.solveMany', 'not an array', 'BAD_INPUT', (d) => d.sudoku.solveMany('abc')],
  ['sudoku.solveMany', 'bad entries among good ones (per-entry errors)', null, (d) => {
    const codes = d.sudoku.solveMany([CLASSIC, 5, null, '', CLASSIC]).map((r) => r.error?.code ?? r.status)
    if (codes.join() !== 'unique,BAD_INPUT,BAD_INPUT,BAD_LENGTH,unique') throw new Error(`got ${codes}`)
  }],
  ['sudoku.candidates', 'a number', 'BAD_INPUT', (d) => d.sudoku.candidates(7)],
  ['sudoku.split', 'an array', 'BAD_INPUT', (d) => d.sudoku.split([CLASSIC])],
  ['sudoku.split', 'size -1', 'BAD_SIZE', (d) => d.sudoku.split(CLASSIC, { size: -1 })],
  ['sudoku.split', '10 MB line', null, (d) => { if (d.sudoku.split('1'.repeat(10 * MB)).length !== 1) throw new Error('one piece expected') }],
  ['sudoku.split', 'NUL bytes and invalid UTF-16 between puzzles', null, (d) => {
    // (the junk line is a piece of its own: a one-line puzzle after it ends it)
    const pieces = d.sudoku.split(`${CLASSIC}\n\0\ud800\n${CLASSIC}\n`)
    if (pieces.map((p) => p.line).join() !== '1,2,3') throw new Error(`got ${JSON.stringify(pieces)}`)
  }],
  ['sudoku.rate', 'clashing givens', 'CLASH', (d) => d.sudoku.rate('55' + CLASSIC.slice(2))],
  ['sudoku.generate', 'size 65', 'BAD_SIZE', (d) => d.sudoku.generate({ size: 65 })],
  ['sudoku.generate', 'size NaN', 'BAD_SIZE', (d) => d.sudoku.generate({ size: NaN })],
  ['sudoku.generate', 'boxes 65536x65536', 'BAD_SIZE', (d) => d.sudoku.generate({ boxRows: 65536, boxCols: 65536 })],
  ['sudoku.generate', 'seed -1', 'BAD_ARGUMENT', (d) => d.sudoku.generate({ seed: -1 })],
  ['sudoku.generate', 'clues 1e9', 'BAD_ARGUMENT', (d) => d.sudoku.generate({ seed: 1, clues: 1e9 })],
  ['sudoku.generate', 'format "xml"', 'BAD_ARGUMENT', (d) => d.sudoku.generate({ seed: 1, format: 'xml' })],
  // refused before any work: these took seconds (the checks came after the puzzle)
  ['sudoku.generate', 'format "constructor" for a 64x64', 'BAD_ARGUMENT', (d) => d.sudoku.generate({ size: 64, seed: 1, format: 'constructor' })],
  ['sudoku.generate', '64x64 in one line with the default alphabet', 'BAD_ALPHABET', (d) => d.sudoku.generate({ size: 64, seed: 1, format: 'line' })],
  ['sudoku.generate', '64x64 as a grid with the default alphabet', 'BAD_ALPHABET', (d) => d.sudoku.generate({ size: 64, seed: 1, format: 'grid' })],
  ['sudoku.generate', '16x16 with an alphabet of 3', 'BAD_ALPHABET', (d) => d.sudoku.generate({ size: 16, seed: 1, alphabet: 'abc' })],
  // maxNodes bounds all of the generator's searches (a 64x64 took 20 s)
  ['sudoku.generate', '64x64 with maxNodes 1000', 'STOPPED', (d) => d.sudoku.generate({ size: 64, seed: 1, maxNodes: 1000, format: 'array' })],
  ['sudoku.generate', 'minimal 9x9 with maxNodes 200', 'STOPPED', (d) => d.sudoku.generate({ seed: 1, minimal: true, maxNodes: 200 })],
  // once ignored without a word: a plain 9x9 came back
  ['sudoku.solve', "variant 'jigsaw' without a map (only generate makes one)", 'BAD_ARGUMENT', (d) => d.sudoku.solve('.'.repeat(81), { variant: 'jigsaw' })],
  ['sudoku.generate', "an option it does not take ('limit')", 'BAD_ARGUMENT', (d) => d.sudoku.generate({ seed: 1, limit: 1 })],
  ['setMemoryLimit', 'maxMemory -1', 'BAD_ARGUMENT', (d) => d.setMemoryLimit(-1)],
  ['setMemoryLimit', 'maxMemory NaN', 'BAD_ARGUMENT', (d) => d.setMemoryLimit(NaN)],
  ['sudoku.solve', 'alphabet too short for a blank 4x4 line (fast path)', 'BAD_ALPHABET', (d) => d.sudoku.solve('.'.repeat(16), { alphabet: '12' })],
  ['sudoku.solve', 'alphabet 1111 (fast path)', 'BAD_ALPHABET', (d) => d.sudoku.solve('.'.repeat(16), { alphabet: '1111' })],
  ['sudoku.solve', 'alphabet with a NUL', 'BAD_ALPHABET', (d) => d.sudoku.solve('.'.repeat(16), { alphabet: '12\u00003' })],
  ['sudoku.solve', 'alphabet with a lone surrogate', 'BAD_ALPHABET', (d) => d.sudoku.solve('.'.repeat(16), { alphabet: '123\ud800' })],
  ['sudoku.solve', 'alphabet holding the blank mark .', 'BAD_ALPHABET', (d) => d.sudoku.solve('.'.repeat(16), { alphabet: '.123' })],
  ['sudoku.solve', 'alphabet empty', 'BAD_ALPHABET', (d) => d.sudoku.solve(CLASSIC, { alphabet: '' })],
  ['sudoku.generate', 'alphabet empty', 'BAD_ALPHABET', (d) => d.sudoku.generate({ seed: 1, alphabet: '' })],
  ['sudoku.read', 'alphabet empty', 'BAD_ALPHABET', (d) => d.sudoku.read(CLASSIC, { alphabet: '' })],
  ['sudoku.split', 'alphabet empty', 'BAD_ALPHABET', (d) => d.sudoku.split(CLASSIC, { alphabet: '' })],
  ['sudoku.solve', 'format "toString" (a prototype key)', 'BAD_ARGUMENT', (d) => d.sudoku.solve(CLASSIC, { format: 'toString' })],
  ['sudoku.solve', 'format "__proto__"', 'BAD_ARGUMENT', (d) => d.sudoku.solve(CLASSIC, { format: '__proto__' })],
  ['sudoku.solve', '100 MB line (refused before it is copied)', 'BAD_LENGTH', (d) => d.sudoku.solve('1'.repeat(100 * MB))],
  ['sudoku.generate', 'alphabet too short for the size', 'BAD_ALPHABET', (d) => d.sudoku.generate({ size: 4, seed: 1, alphabet: '12' })],
  ['sudoku.generate', 'format "constructor" (a prototype key)', 'BAD_ARGUMENT', (d) => d.sudoku.generate({ seed: 1, format: 'constructor' })],
  ['sudoku.split', 'alphabet with a repeat', 'BAD_ALPHABET', (d) => d.sudoku.split(CLASSIC, { alphabet: '1111' })],
  ['sudoku.read', 'an array', 'BAD_INPUT', (d) => d.sudoku.read([CLASSIC])],
  ['sudoku.read', 'boxRows 4 for a 9x9', 'BAD_SIZE', (d) => d.sudoku.read(CLASSIC, { boxRows: 4 })],
  ['sudoku.read', '100 MB text (refused before it is copied)', 'BAD_LENGTH', (d) => d.sudoku.read('1'.repeat(100 * MB))],
  ['sudoku.read', 'a NUL byte among the cells', 'BAD_SYMBOL', (d) => d.sudoku.read(CLASSIC.replace('5', '\0'))],
  ['sudoku.parseBox', '100 MB text (refused on its first 1024 characters)', 'BAD_BOX', (d) => d.sudoku.parseBox('3'.repeat(100 * MB))],
  ['sudoku.parseBox', 'a NUL byte', 'BAD_BOX', (d) => d.sudoku.parseBox('3\0x3')],
  ['sudoku.parseBox', 'lone surrogate (invalid UTF-16)', 'BAD_BOX', (d) => d.sudoku.parseBox('3\ud800x3')],
  ['sudoku.parseBox', 'a Symbol', 'BAD_BOX', (d) => d.sudoku.parseBox(Symbol('3x3'))],
  ['sudoku.pattern', 'a box that does not tile the side', 'BAD_SIZE', (d) => d.sudoku.pattern(CLASSIC, { boxRows: 2 })],
  ['sudoku.pattern', 'a clash (the pattern holds no such grid: null)', null, (d) => { if (d.sudoku.pattern('11' + '.'.repeat(79)) !== null) throw new Error('null expected') }],
  ['sudoku.read', 'only comments and borders (no puzzle: null)', null, (d) => { if (d.sudoku.read('# x\n+---+---+\n') !== null) throw new Error('null expected') }],
  ['setMemoryLimit', 'maxMemory 1.5', 'BAD_ARGUMENT', (d) => d.setMemoryLimit(1.5)]
]

/** Building problems: run(dlx) must throw `code` (null: must succeed; the problem is freed). */
export const PROBLEM_CASES = [
  ['exactCover', 'no spec', 'BAD_INPUT', (d) => d.exactCover()],
  ['exactCover', 'null spec', 'BAD_INPUT', (d) => d.exactCover(null)],
  ['exactCover', 'primary NaN', 'BAD_INPUT', (d) => d.exactCover({ primary: NaN })],
  ['exactCover', 'primary Infinity', 'BAD_INPUT', (d) => d.exactCover({ primary: Infinity })],
  ['exactCover', 'primary -1', 'BAD_INPUT', (d) => d.exactCover({ primary: -1 })],
  ['exactCover', 'primary 3n (BigInt)', 'BAD_INPUT', (d) => d.exactCover({ primary: 3n })],
  ['exactCover', 'primary a string', 'BAD_INPUT', (d) => d.exactCover({ primary: 'abc' })],
  ['exactCover', 'primary 2^31', 'BAD_ARGUMENT', (d) => d.exactCover({ primary: 2 ** 31 })],
  ['exactCover', 'primary 1e9 (more than memory)', 'OUT_OF_MEMORY', (d) => d.exactCover({ primary: 1e9 })],
  ['exactCover', 'duplicate names', 'DUPLICATE_NAME', (d) => d.exactCover({ primary: ['a', 'a'] })],
  ['exactCover', 'a name both primary and secondary', 'DUPLICATE_NAME', (d) => d.exactCover({ primary: ['a'], secondary: ['a'] })],
  ['exactCover', 'unknown item', 'UNKNOWN_ITEM', (d) => d.exactCover({ primary: ['a'], options: [['b']] })],
  ['exactCover', 'color on a primary item', 'BAD_COLOR', (d) => d.exactCover({ primary: ['a'], options: [['a:red']] })],
  ['exactCover', 'empty color', 'SYNTAX', (d) => d.exactCover({ primary: ['a'], secondary: ['x'], options: [['a', 'x:']] })],
  ['exactCover', 'options an object', 'BAD_INPUT', (d) => d.exactCover({ primary: ['a'], options: { 0: ['a'] } })],
  ['exactCover', 'an option a string', 'BAD_INPUT', (d) => d.exactCover({ primary: ['a'], options: ['a'] })],
  ['exactCover', 'sparse option', 'BAD_INPUT', (d) => d.exactCover({ primary: 2, options: [[0, , 1]] })], // eslint-disable-line no-sparse-arrays
  ['exactCover', 'sparse options', 'BAD_INPUT', (d) => d.exactCover({ primary: 2, options: [[0], , [1]] })], // eslint-disable-line no-sparse-arrays
  ['exactCover', 'item index NaN', 'BAD_INPUT', (d) => d.exactCover({ primary: 2, options: [[NaN]] })],
  ['exactCover', 'item index 1.5', 'BAD_INPUT', (d) => d.exactCover({ primary: 2, options: [[1.5]] })],
  ['exactCover', 'item index 1n (BigInt)', 'BAD_INPUT', (d) => d.exactCover({ primary: 2, options: [[1n]] })],
  ['exactCover', 'item index an object', 'BAD_INPUT', (d) => d.exactCover({ primary: 2, options: [[{}]] })],
  ['exactCover', 'item index -1', 'BAD_ITEM', (d) => d.exactCover({ primary: 2, options: [[-1]] })],
  ['exactCover', 'item index 2^31', 'BAD_ITEM', (d) => d.exactCover({ primary: 2, options: [[2 ** 31]] })],
  ['exactCover', 'item index 2^32', 'BAD_ITEM', (d) => d.exactCover({ primary: 2, options: [[2 ** 32]] })],
  ['exactCover', 'color -1', 'BAD_COLOR', (d) => d.exactCover({ primary: 1, secondary: 1, options: [[0, [1, -1]]] })],
  ['exactCover', 'color 2^32', 'BAD_COLOR', (d) => d.exactCover({ primary: 1, secondary: 1, options: [[0, [1, 2 ** 32]]] })],
  ['exactCover', 'same item twice', 'DUPLICATE_ITEM', (d) => d.exactCover({ primary: 2, options: [[0, 0]] })],
  ['exactCover', 'option of secondary items only', 'NO_PRIMARY_ITEM', (d) => d.exactCover({ primary: 1, secondary: 1, options: [[1]] })],
  ['exactCover', 'empty option', 'NO_PRIMARY_ITEM', (d) => d.exactCover({ primary: 1, options: [[]] })],
  ['exactCover', 'primary 2^32 + 2 (would wrap to 2)', 'BAD_ARGUMENT', (d) => d.exactCover({ primary: 2 ** 32 + 2, options: [[0], [1]] })],
  ['exactCover', 'secondary 2^32 + 2 (would wrap to 2)', 'BAD_ARGUMENT', (d) => d.exactCover({ primary: 1, secondary: 2 ** 32 + 2, options: [[0]] })],
  ['exactCover', 'an option of 200,000 entries (no stack overflow)', null, (d) => d.exactCover({ primary: 1, secondary: 200000, options: [[0, ...Array.from({ length: 200000 }, (_, k) => k + 1)]] })],
  ['exactCover', 'a million options', null, (d) => d.exactCover({ primary: 1000, options: Array.from({ length: 1e6 }, (_, k) => [k % 1000]) })],
  ['exactCover', 'a 0/1 row of the wrong length', 'BAD_LENGTH', (d) => d.exactCover({ primary: 2, options: [{ row: [1] }] })],
  ['exactCover', 'a 0/1 row of a million entries for 2 items', 'BAD_LENGTH', (d) => d.exactCover({ primary: 2, options: [new Uint8Array(1e6)] })],
  ['exactCover', 'a 0/1 row holding 2', 'BAD_VALUE', (d) => d.exactCover({ primary: 2, options: [{ row: [1, 2] }] })],
  ['exactCover', 'a 0/1 row holding NaN', 'BAD_VALUE', (d) => d.exactCover({ primary: 2, options: [{ row: [1, NaN] }] })],
  ['exactCover', 'a 0/1 row holding 1n (BigInt)', 'BAD_VALUE', (d) => d.exactCover({ primary: 2, options: [{ row: [1n, 0] }] })],
  ['exactCover', 'a sparse 0/1 row', 'BAD_VALUE', (d) => d.exactCover({ primary: 2, options: [{ row: [1, , ] }] })], // eslint-disable-line no-sparse-arrays
  ['exactCover', 'a 0/1 row of zeros', 'NO_PRIMARY_ITEM', (d) => d.exactCover({ primary: 2, options: [{ row: [0, 0] }] })],
  ['exactCover', 'a 0/1 row of secondary items only', 'NO_PRIMARY_ITEM', (d) => d.exactCover({ primary: 1, secondary: 1, options: [{ row: [0, 1] }] })],
  ['exactCover', 'an option with both items and row', 'BAD_INPUT', (d) => d.exactCover({ primary: 1, options: [{ items: [0], row: [1] }] })],
  ['exactCover', 'an option object with neither items nor row', 'BAD_INPUT', (d) => d.exactCover({ primary: 1, options: [{ data: 1 }] })],
  ['exactCover', 'a 0/1 row of 200,000 items', null, (d) => d.exactCover({ primary: 1, secondary: 200000, options: [Uint8Array.from({ length: 200001 }, (_, k) => (k + 1) % 2)] })],
  // Refused up front, before anything as big is built (an option list shared by every option costs the test nothing)
  ['exactCover', '200 options of a million entries (more nodes than the module holds)', 'TOO_BIG', (d) => { const big = Array.from({ length: 1e6 }, (_, k) => k); return d.exactCover({ primary: 1e6, options: new Array(200).fill(big) }) }],
  ['exactCover', 'options a sparse array of length 2^32 - 1', 'TOO_BIG', (d) => d.exactCover({ primary: 1, options: new Array(2 ** 32 - 1) })],
  ['exactCover', 'primary a sparse array of length 2^31 - 1', 'OUT_OF_MEMORY', (d) => d.exactCover({ primary: new Array(2 ** 31 - 1) })],
  ['exactCover', 'secondary a sparse array of length 2^32 - 1', 'OUT_OF_MEMORY', (d) => d.exactCover({ primary: ['a'], secondary: new Array(2 ** 32 - 1) })],
  ['exactCover', 'a hole in the primary names', 'BAD_INPUT', (d) => d.exactCover({ primary: ['a', , 'b'], options: [['a'], ['b']] })], // eslint-disable-line no-sparse-arrays
  ['exactCover', 'a primary name with ":" (no option could name it)', 'BAD_CHARACTER', (d) => d.exactCover({ primary: ['a:b'], options: [[0]] })],
  ['exactCover', 'a secondary name with ":"', 'BAD_CHARACTER', (d) => d.exactCover({ primary: ['a'], secondary: ['x:red'], options: [['a']] })],
  ['parseDlx', 'a number', 'BAD_INPUT', (d) => d.parseDlx(5)],
  ['parseDlx', 'empty text', 'NO_ITEMS', (d) => d.parseDlx('')],
  ['parseDlx', 'NUL byte', 'BAD_CHARACTER', (d) => d.parseDlx('a b\na\0b\n')],
  ['parseDlx', 'unknown item', 'UNKNOWN_ITEM', (d) => d.parseDlx('a b\na c\n')],
  ['parseDlx', 'duplicate names', 'DUPLICATE_NAME', (d) => d.parseDlx('a b a\n')],
  ['parseDlx', 'color on a primary item', 'BAD_COLOR', (d) => d.parseDlx('a | x\na:red\n')],
  ['parseDlx', 'lone surrogate in a name (read as U+FFFD)', null, (d) => d.parseDlx('a \ud800\na\n')],
  ['parseDlx', '10 MB item name', null, (d) => d.parseDlx('a ' + 'x'.repeat(10 * MB) + '\na\n')],
  // a BOM gave UNKNOWN_ITEM, CR-only line ends DUPLICATE_NAME: both read as the LF text does
  ['parseDlx', 'a UTF-8 BOM in front', null, (d) => { const p = d.parseDlx('\ufeffa b\na b\n'); if (p.count() !== 1) throw new Error('count') }],
  ['parseDlx', 'CR-only line ends', null, (d) => { const p = d.parseDlx('a b\ra\rb\ra b\r'); if (p.count() !== 2) throw new Error('count') }],
  ['exactCover', 'a negative cost', 'BAD_COST', (d) => d.exactCover({ primary: ['a'], options: [{ items: ['a'], cost: -1 }] })],
  ['exactCover', 'a cost of 2^53 (past what a number holds exactly)', 'BAD_COST', (d) => d.exactCover({ primary: ['a'], options: [{ items: ['a'], cost: 2 ** 53 }] })],
  ['exactCover', 'a cost of 1n (BigInt)', 'BAD_COST', (d) => d.exactCover({ primary: ['a'], options: [{ items: ['a'], cost: 1n }] })],
  ['parseDlx', 'a cost that is not a number', 'BAD_COST', (d) => d.parseDlx('a\na |x\n')],
  ['parseDlx', 'costs past 2^63 - 1 in all', 'BAD_COST', (d) => d.parseDlx('a\na |9223372036854775807\na |1\n')]
]

/** Calls on a problem (a b; options {a b}, {a}, {b}): run(p) must throw `code`. */
export const METHOD_CASES = [
  ['Problem', 'force(-1)', 'BAD_OPTION', (p) => p.force(-1)],
  ['Problem', 'force(99)', 'BAD_OPTION', (p) => p.force(99)],
  ['Problem', 'force(2^32)', 'BAD_OPTION', (p) => p.force(2 ** 32)],
  ['Problem', 'force(NaN)', 'BAD_ARGUMENT', (p) => p.force(NaN)],
  ['Problem', 'force(1.5)', 'BAD_ARGUMENT', (p) => p.force(1.5)],
  ['Problem', 'force("1")', 'BAD_ARGUMENT', (p) => p.force('1')],
  ['Problem', 'force(null)', 'BAD_ARGUMENT', (p) => p.force(null)],
  ['Problem', 'force two clashing options', 'CONFLICT', (p) => { p.force(0); p.force(1) }],
  ['Problem', 'unforce with nothing forced', 'NOTHING_FORCED', (p) => p.unforce()],
  ['Problem', 'solution() before a search', 'NO_SOLUTION', (p) => p.solution()],
  ['Problem', 'best({ k: 0 })', 'BAD_ARGUMENT', (p) => p.best({ k: 0 })],
  ['Problem', 'best({ k: 1.5 })', 'BAD_ARGUMENT', (p) => p.best({ k: 1.5 })],
  ['Problem', 'optionCost(99)', 'BAD_OPTION', (p) => p.optionCost(99)],
  ['Problem', 'data(99)', 'BAD_OPTION', (p) => p.data(99)],
  ['Problem', 'data(1.5)', 'BAD_ARGUMENT', (p) => p.data(1.5)],
  ['Problem', 'chosen([99])', 'BAD_OPTION', (p) => p.chosen([99])],
  ['Problem', 'chosen("0")', 'BAD_ARGUMENT', (p) => p.chosen('0')],
  ['Problem', 'solve({ withData: 1 })', 'BAD_ARGUMENT', (p) => p.solve({ withData: 1 })],
  ['Problem', 'solutions({ withData: "yes" })', 'BAD_ARGUMENT', (p) => [...p.solutions({ withData: 'yes' })]],
  ['Problem', 'option(99)', 'BAD_OPTION', (p) => p.option(99)],
  ['Problem', 'option(NaN)', 'BAD_ARGUMENT', (p) => p.option(NaN)],
  ['Problem', 'option(2^32)', 'BAD_OPTION', (p) => p.option(2 ** 32)],
  ['Problem', 'itemOptions(99)', 'BAD_ITEM', (p) => p.itemOptions(99)],
  ['Problem', 'itemOptions(NaN)', 'BAD_ARGUMENT', (p) => p.itemOptions(NaN)],
  ['Problem', 'itemOptions(2^32)', 'BAD_ITEM', (p) => p.itemOptions(2 ** 32)],
  ['Problem', 'count limit -1', 'BAD_ARGUMENT', (p) => p.count({ limit: -1 })],
  ['Problem', 'count limit Infinity', 'BAD_ARGUMENT', (p) => p.count({ limit: Infinity })],
  ['Problem', 'count limit 1n (BigInt)', 'BAD_ARGUMENT', (p) => p.count({ limit: 1n })],
  ['Problem', 'count maxNodes NaN', 'BAD_ARGUMENT', (p) => p.count({ maxNodes: NaN })],
  ['Problem', 'count limit 2^60', null, (p) => p.count({ limit: 2 ** 60 })],
  ['Problem', 'search(-1)', 'BAD_ARGUMENT', (p) => p.search(-1)],
  ['Problem', 'search("5")', 'BAD_ARGUMENT', (p) => p.search('5')],
  ['Problem', 'searchUntil(NaN)', 'BAD_ARGUMENT', (p) => p.searchUntil(NaN)],
  ['Problem', 'solutions maxNodes -1', 'BAD_ARGUMENT', (p) => [...p.solutions({ maxNodes: -1 })]],
  ['Problem', 'solutions limit -1', 'BAD_ARGUMENT', (p) => [...p.solutions({ limit: -1 })]],
  ['Problem', 'solve maxNodes -1', 'BAD_ARGUMENT', (p) => p.solve({ maxNodes: -1 })],
  ['Problem', 'setSeed(-1)', 'BAD_ARGUMENT', (p) => p.setSeed(-1)],
  ['Problem', 'countShard(0, 0)', 'BAD_ARGUMENT', (p) => p.countShard(0, 0)],
  ['Problem', 'count in 2^32 parts', 'BAD_ARGUMENT', (p) => p.count({ shard: 0, parts: 2 ** 32 })],
  ['Problem', 'count in 2e9 balanced parts', 'BAD_ARGUMENT', (p) => p.count({ shard: 0, parts: 2e9, balanced: true })],
  ['Problem', 'shardPrefixes(0, 2^31 - 1)', 'BAD_ARGUMENT', (p) => p.shardPrefixes(0, 2 ** 31 - 1)],
  ['Problem', 'balancedShards(2^32)', 'BAD_ARGUMENT', (p) => p.balancedShards(2 ** 32)],
  ['Problem', 'solutions in 2e9 parts', 'BAD_ARGUMENT', (p) => [...p.solutions({ shard: 5, parts: 2e9 })]],
  ['Problem', 'itemName("x")', 'BAD_ARGUMENT', (p) => p.itemName('x')],
  ['Problem', 'itemName(99)', 'BAD_ITEM', (p) => p.itemName(99)],
  ['Problem', 'itemName(-1)', 'BAD_ITEM', (p) => p.itemName(-1)],
  ['Problem', 'itemName(2^32)', 'BAD_ITEM', (p) => p.itemName(2 ** 32)],
  ['Problem', 'count() inside a solutions() loop', 'BUSY', (p) => { for (const s of p.solutions()) p.count({ limit: s.length }) }],
  ['Problem', 'solutions() inside a solutions() loop', 'BUSY', (p) => { const pairs = []; for (const s of p.solutions()) for (const t of p.solutions()) pairs.push([s, t]) }],
  ['Problem', 'zdd({ maxMemory: -1 })', 'BAD_ARGUMENT', (p) => p.zdd({ maxMemory: -1 })],
  ['Problem', 'zdd(5)', 'BAD_ARGUMENT', (p) => p.zdd(5)],
  ['Problem', 'zdd({ maxMemory: 100 }) (too small a bound)', 'OUT_OF_MEMORY', (p) => p.zdd({ maxMemory: 100 })],
  ['Problem', 'zdd() inside a solutions() loop', 'BUSY', (p) => { for (const s of p.solutions()) p.zdd({ maxMemory: s.length << 20 }) }],
  ['Problem', 'zdd().nth(2) (past the count)', 'NO_SOLUTION', (p) => p.zdd().nth(2)],
  ['Problem', 'zdd().nth(2n ** 200n)', 'NO_SOLUTION', (p) => p.zdd().nth(2n ** 200n)],
  ['Problem', 'zdd().nth(-1)', 'BAD_ARGUMENT', (p) => p.zdd().nth(-1)],
  ['Problem', 'zdd().nth(2^64) (a number past 2^53)', 'BAD_ARGUMENT', (p) => p.zdd().nth(2 ** 64)],
  ['Problem', 'zdd().nth("0")', 'BAD_ARGUMENT', (p) => p.zdd().nth('0')],
  ['Problem', 'zdd().sample(-1)', 'BAD_ARGUMENT', (p) => p.zdd().sample(-1)],
  ['Problem', 'zdd().draw(1, { seed: -1n })', 'BAD_ARGUMENT', (p) => p.zdd().draw(1, { seed: -1n })],
  ['Problem', 'zdd().random({ seed: NaN })', 'BAD_ARGUMENT', (p) => p.zdd().random({ seed: NaN })],
  ['Problem', 'a ZDD read after its free()', 'FREED', (p) => { const z = p.zdd(); z.free(); z.toText() }],
  ['Problem', 'a call after free()', 'FREED', (p) => { p.free(); p.count() }]
]

/**
 * The CLI (node bin/dlxkit.mjs): args, stdin (a string or bytes), the exit
 * status and a piece of the message on stderr. Files named '@name' are
 * written to a temporary directory first (FILES below).
 */
export const FILES = {
  'nul.txt': Buffer.from(CLASSIC.slice(0, 40) + '\0' + CLASSIC.slice(41) + '\n'),
  'latin1.txt': Buffer.concat([Buffer.from(CLASSIC.slice(0, 80)), Buffer.from([0xe9, 0x0a])]),
  'huge-line.txt': Buffer.from('1'.repeat(10 * MB) + '\n'),
  'empty.txt': Buffer.alloc(0),
  'nul.dlx': Buffer.from('a b\na\0b\n'),
  'unknown.dlx': Buffer.from('a b\na c\n'),
  'not-json.json': Buffer.from('xx'),
  'not-json-lines.json': Buffer.from('xx\nyy\n'),
  // dlxkit sheet: ranges over the whole sheet, size lies, formats not read (tests/zip-bytes.mjs)
  'whole-name.xlsx': minimalXlsx([[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]], { names: '<definedNames><definedName name="All">Sheet1!$A$1:$XFD$1048576</definedName></definedNames>' }),
  'whole-merge.xlsx': minimalXlsx([[1]], { afterData: '<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>' }),
  'claims.xlsx': storedZip({ 'xl/workbook.xml': '<workbook/>' }, { sizeOf: () => 0x7fffffff }),
  'flood.ods': minimalOds('<table:table table:name="T"><table:table-row table:number-rows-repeated="1048576"><table:table-cell table:number-columns-repeated="16384" office:value-type="float" office:value="7"/></table:table-row></table:table>'),
  'old.xls': Buffer.from('d0cf11e0a1b11ae1' + '00'.repeat(504), 'hex')
}

export const CLI_CASES = [
  ['cover --nth past the count', ['cover', '--nth', '2'], 'a b\na b\na\nb\n', 1, '--nth 2: no such solution: there are 2 (0 .. 1)'],
  ['cover --random 0', ['cover', '--random', '0'], 'a\na\n', 2, "--random '0' is not allowed"],
  ['cover --seed without --random', ['cover', '--seed', '3'], 'a\na\n', 2, '--seed goes with --random'],
  ['cover --nth with --count', ['cover', '--nth', '0', '--count'], 'a\na\n', 2, '--zdd, --random and --nth go without --count'],
  ['no command', [], '', 2, 'no command given'],
  ['unknown command', ['frobnicate'], '', 2, "unknown command 'frobnicate'"],
  ['a command named after an object property', ['constructor'], '', 2, "unknown command 'constructor'"],
  ['a command named __proto__', ['__proto__'], '', 2, "unknown command '__proto__'"],
  ['unknown option', ['sudoku', '--frob'], CLASSIC, 2, "unknown option '--frob'"],
  ['empty stdin', ['sudoku'], '', 1, 'no puzzle found'],
  ['empty file', ['sudoku', '@empty.txt'], '', 1, 'no puzzle found'],
  ['NUL byte in a puzzle', ['sudoku', '@nul.txt'], '', 1, 'NUL byte'],
  ['invalid UTF-8 in a puzzle', ['sudoku', '@latin1.txt'], '', 1, 'latin1.txt:1: unexpected character U+FFFD at column 81'],
  ['10 MB line', ['sudoku', '@huge-line.txt'], '', 1, 'the largest puzzle, 64x64'],
  ['missing file', ['sudoku', '/nonexistent/puzzles.txt'], '', 2, 'cannot read'],
  ['a directory as input', ['sudoku', '/'], '', 2, 'is a directory'],
  ['--limit -1', ['sudoku', '--limit', '-1'], CLASSIC, 2, '--limit'],
  ['--limit abc', ['sudoku', '--limit', 'abc'], CLASSIC, 2, "--limit 'abc' is not allowed: it takes a whole number, 0 or more (0: all)"],
  ['--limit 1e99', ['sudoku', '--limit', '1e99'], CLASSIC, 2, "--limit '1e99' is not allowed: it takes a whole number, 0 or more (0: all)"],
  ['--box 0x0', ['sudoku', '--box', '0x0'], CLASSIC, 2, 'BAD_SIZE: box'],
  ['--box 65x1 (N over 64)', ['sudoku', '--box', '65x1'], CLASSIC, 2, 'make a side of at most 64'],
  ['--box 99999999999x1', ['sudoku', '--box', '99999999999x1'], CLASSIC, 2, 'make a side of at most 64'],
  ['--box 3by3', ['sudoku', '--box', '3by3'], CLASSIC, 2, 'BAD_BOX: box'],
  ['--variant sideways', ['sudoku', '--variant', 'sideways'], CLASSIC, 2, '--variant must be'],
  ['--alphabet with a repeat', ['sudoku', '--alphabet', '11'], CLASSIC, 2, "the alphabet repeats '1'"],
  ['--format xml', ['sudoku', '--format', 'xml'], CLASSIC, 2, '--format must be'],
  ['--regions file not JSON', ['sudoku', '--regions', '@not-json-lines.json'], CLASSIC, 2, "not JSON (Unexpected token 'x')\n"], // the reason on one line, without V8's quote of the text
  ['--jigsaw map malformed', ['sudoku', '--jigsaw', '@not-json.json'], CLASSIC, 2, 'a jigsaw map needs'],
  ['cover: empty stdin', ['cover'], '', 1, 'the text has no item line'],
  ['cover: NUL byte', ['cover', '@nul.dlx'], '', 1, 'character 0x00'],
  ['cover: unknown item', ['cover', '@unknown.dlx'], '', 1, 'unknown item "c"'],
  ['cover: --shard 3/2', ['cover', '--shard', '3/2'], 'a\na\n', 2, '--shard needs K/N'],
  ['cover: --shard 1/4294967296 (more parts than a split makes)', ['cover', '--count', '--shard', '1/4294967296'], 'a\na\n', 2, 'N is at most'],
  ['cover: --max-nodes -1', ['cover', '--max-nodes', '-1'], 'a\na\n', 2, '--max-nodes'],
  ['generate: --count -1', ['generate', '--box', '3x3', '--count', '-1', '--seed', '1'], '', 2, '--count'],
  ['generate: --seed -1', ['generate', '--box', '3x3', '--count', '1', '--seed', '-1'], '', 2, '--seed'],
  ['rate: empty stdin', ['rate'], '', 1, 'no puzzle found'],
  ['/dev/zero as input (NUL bytes, no newline, endless)', ['sudoku', '/dev/zero'], '', 1, 'a line of more than 65536 characters'],
  ['rate: /dev/zero as input', ['rate', '/dev/zero'], '', 1, 'it holds NUL bytes'],
  ['cover: /dev/zero as input', ['cover', '/dev/zero'], '', 1, 'character 0x00'],
  ['the output of yes (endless short lines, no puzzle)', ['sudoku'], 'y\n'.repeat(1000), 1, 'stdin:1: 256 lines in a row hold no readable puzzle'],
  ['endless border lines', ['sudoku'], '-----+-----\n'.repeat(1000), 1, 'a puzzle text of more than 256 lines'],
  ['--jobs 100000 (capped at the processors)', ['sudoku', '--jobs', '100000'], CLASSIC, 0, 'one per processor'],
  ['--jobs -1', ['sudoku', '--jobs', '-1'], CLASSIC, 2, "--jobs '-1' is not allowed: it takes a whole number, 0 or more (0: one thread per processor)"],
  ['--jobs=-1', ['sudoku', '--jobs=-1'], CLASSIC, 2, "--jobs '-1' is not allowed: it takes a whole number, 0 or more (0: one thread per processor)"],
  ['--jobs 1.5', ['sudoku', '--jobs', '1.5'], CLASSIC, 2, "--jobs '1.5' is not allowed: it takes a whole number, 0 or more (0: one thread per processor)"],
  ['sheet: --out an existing file without --force', ['sheet', '@empty.txt', '--out', '@not-json.json'], '', 2, 'exists; use --force to overwrite'],
  ['sheet: --out the input itself without --force', ['sheet', '@empty.txt', '--out', '@empty.txt'], '', 2, 'exists; use --force to overwrite'],
  ['sheet: /dev/zero as the workbook', ['sheet', '/dev/zero', '--out', '@zero.xlsx'], '', 2, 'not a regular file'],
  ['cover --sum: parts of two problems', ['cover', '--sum', '-'], [partLine(1, '0'), partLine(2, '1')].join('\n'), 1, 'is a part of another problem'],
  ['cover --sum: a part that does not say what it is a part of (an older dlxkit)', ['cover', '--sum', '-'], '{"count":5,"nodes":9,"status":"done","shard":1,"parts":1}\n', 1, 'does not say what it is a part of'],
  ['a line of words between one-line puzzles', ['sudoku'], `${CLASSIC}\nhello world\n${CLASSIC}\n`, 1, "stdin:2: 'hello world' is no puzzle"],
  ['generate: --box 8x8 --format line (no one-symbol form past 61x61)', ['generate', '--box', '8x8', '--format', 'line', '--seed', '1'], '', 2, 'use --format numbers'],
  ['sheet: a defined name over the whole sheet (A1:XFD1048576), read', ['sheet', '@whole-name.xlsx', '--out', '@whole-name.out.xlsx'], '', 0, ''],
  ['sheet: a merge over the whole sheet', ['sheet', '@whole-merge.xlsx', '--out', '@whole-merge.out.xlsx'], '', 1, 'dlxkit sheet reads workbooks of at most 262,144 cells'],
  ['sheet: a zip claiming 2 GiB unpacked', ['sheet', '@claims.xlsx', '--out', '@claims.out.xlsx'], '', 1, 'unpacks to more than 64 MiB'],
  ['sheet: an .ods value repeated over the whole sheet', ['sheet', '@flood.ods', '--out', '@flood.out.xlsx'], '', 1, 'holds more than 262,144 cells with values'],
  ['sheet: an .xls (Excel 97-2003) file', ['sheet', '@old.xls', '--out', '@old.out.xlsx'], '', 1, 'dlxkit sheet reads .xlsx (Excel), .ods (LibreOffice, OpenDocument) and .csv']
]

/** A finished part K/2 of a sharded count, of the problem whose digest is `digit` x 64. */
function partLine (k, digit) {
  return JSON.stringify({ count: 5, nodes: 9, status: 'done', shard: k, parts: 2, splitSeed: 1, problem: `sha256:${digit.repeat(64)}`, dlxkit: '0.1.0' })
}

/**
 * Hostile values for the sheet functions (dlxkit/sheets): each is passed in
 * every argument position of every function, which must return (a value or
 * a SheetError), never throw. `code` is what SUDOKU gives it as its range.
 */
const boom = () => { throw new Error('boom') }
const throwing = (thrown) => Object.defineProperty([[1, 2], [2, 1]], 0, { get () { throw thrown } })
const trapAll = () => new Proxy([], new Proxy({}, { get: () => boom }))
export const SHEET_CASES = [
  ['a row whose getter throws an Error', '#VALUE!', () => throwing(new Error('boom'))],
  ['a getter throwing an error whose message getter throws', '#VALUE!', () => throwing({ get message () { boom() } })],
  ['a getter throwing a Symbol', '#VALUE!', () => throwing(Symbol('boom'))],
  ['a getter throwing an object whose toString throws', '#VALUE!', () => throwing({ toString: boom, valueOf: boom })],
  ['a getter throwing a Proxy that throws on every trap', '#VALUE!', () => throwing(trapAll())],
  ['a getter throwing null', '#VALUE!', () => throwing(null)],
  ['a Proxy range that throws on every trap', '#VALUE!', trapAll],
  ['a revoked Proxy', '#VALUE!', () => { const r = Proxy.revocable([], {}); r.revoke(); return r.proxy }],
  ['a Proxy range claiming length 1e9', '#VALUE!', () => new Proxy([], { get: (t, k) => k === 'length' ? 1e9 : undefined })],
  ['a Proxy range claiming length -1', '#VALUE!', () => new Proxy([], { get: (t, k) => k === 'length' ? -1 : undefined })],
  ['a Proxy range claiming length "2"', '#VALUE!', () => new Proxy([], { get: (t, k) => k === 'length' ? '2' : [1] })],
  ['a row whose cells change at each read', 'ok', () => { let k = 0; return [Object.defineProperty([0], 0, { get: () => k++ % 2 })] }],
  ['a sparse range of 2^32 - 1 rows', '#VALUE!', () => new Array(2 ** 32 - 1)],
  ['a sparse range of 2^20 rows', '#VALUE!', () => new Array(2 ** 20)],
  ['a row of 2^32 - 1 cells', '#VALUE!', () => [new Array(2 ** 32 - 1)]],
  ['a 4x4 range with holes', 'ok', () => [[1, , , ,], new Array(4), [, , 1, ,], [, , , 2]]], // eslint-disable-line no-sparse-arrays
  ['a cell holding a nested array', '#VALUE!', () => [[[[1]]]]],
  ['a cell holding a cyclic array', '#VALUE!', () => { const a = [1]; a.push(a); return [[a]] }],
  ['a cell holding an object whose toString throws', '#VALUE!', () => [[{ toString: boom, valueOf: boom }]]],
  ['a cell holding a Symbol', '#VALUE!', () => [[Symbol('x')]]],
  ['a cell holding a BigInt', '#VALUE!', () => [[1n]]],
  ['a cell holding NaN', '#VALUE!', () => [[NaN]]],
  ['a cell holding Infinity', '#VALUE!', () => [[Infinity]]],
  ['a cell holding a function', '#VALUE!', () => [[boom]]],
  ['a cell holding a 10 MB string', '#VALUE!', () => [['7'.repeat(10 << 20)]]],
  ['a Symbol', '#VALUE!', () => Symbol('x')],
  ['a BigInt', '#VALUE!', () => 10n ** 30n],
  ['NaN', '#VALUE!', () => NaN],
  ['an object whose toString throws', '#VALUE!', () => ({ toString: boom, valueOf: boom, [Symbol.toPrimitive]: boom })],
  ['a deep nest of arrays', '#VALUE!', () => { let a = [1]; for (let i = 0; i < 1e5; i++) a = [a]; return a }],
  ['an empty range', '#VALUE!', () => []],
  ['a range of empty rows', '#VALUE!', () => [[], []]]
]

/**
 * Problems held by a worker (createWorker): run(remote, worker) must reject
 * with a DlxError with `code`, the direct call's code, and the worker keeps
 * answering. A worker that dies fails the calls under way and is replaced.
 */
const firstOf = async (iterable) => { for await (const s of iterable) return s }
export const WORKER_CASES = [
  ['worker Problem', 'count limit -1', 'BAD_ARGUMENT', (p) => p.count({ limit: -1 })],
  ['worker Problem', 'count limit 1.5', 'BAD_ARGUMENT', (p) => p.count({ limit: 1.5 })],
  ['worker Problem', 'count limit 1n (BigInt)', 'BAD_ARGUMENT', (p) => p.count({ limit: 1n })],
  ['worker Problem', 'count maxNodes NaN', 'BAD_ARGUMENT', (p) => p.count({ maxNodes: NaN })],
  ['worker Problem', 'solutions limit -1', 'BAD_ARGUMENT', (p) => firstOf(p.solutions({ limit: -1 }))],
  ['worker Problem', 'solutions maxNodes "5"', 'BAD_ARGUMENT', (p) => firstOf(p.solutions({ maxNodes: '5' }))],
  ['worker Problem', 'solve maxNodes -1', 'BAD_ARGUMENT', (p) => p.solve({ maxNodes: -1 })],
  ['worker Problem', 'countShard(0, 0)', 'BAD_ARGUMENT', (p) => p.countShard(0, 0)],
  ['worker Problem', 'count in 2^32 parts', 'BAD_ARGUMENT', (p) => p.count({ shard: 0, parts: 2 ** 32, balanced: true })],
  ['worker sudoku.solve', 'limit a Symbol (cannot be posted)', 'BAD_ARGUMENT', (p, w) => w.sudoku.solve(CLASSIC, { limit: Symbol('x') })],
  ['worker sudoku.solve', 'limit a function (cannot be posted)', 'BAD_ARGUMENT', (p, w) => w.sudoku.solve(CLASSIC, { limit: () => 1 })],
  ['worker sudoku.solve', 'puzzle a Proxy whose traps throw', 'BAD_INPUT', (p, w) => w.sudoku.solve(new Proxy({}, { ownKeys: () => { throw new Error('x') } }))],
  ['worker sudoku.solve', 'options with a throwing getter', 'BAD_ARGUMENT', (p, w) => w.sudoku.solve(CLASSIC, { get limit () { throw new Error('x') } })],
  ['worker Problem', 'zdd maxMemory -1', 'BAD_ARGUMENT', (p) => p.zdd({ maxMemory: -1 })],
  ['worker Problem', 'zdd().nth(2) (past the count)', 'NO_SOLUTION', async (p) => (await p.zdd()).nth(2)],
  ['worker Problem', 'zdd().sample(1.5)', 'BAD_ARGUMENT', async (p) => (await p.zdd()).sample(1.5)],
  ['worker Problem', 'zdd().draw(1, { seed: 2n ** 64n })', 'BAD_ARGUMENT', async (p) => (await p.zdd()).draw(1, { seed: 2n ** 64n })],
  ['worker Problem', 'a ZDD of a worker that died', 'FREED', async (p, w) => {
    const z = await p.zdd()
    await w._worker.terminate()
    await w.sudoku.solve(CLASSIC) // a fresh worker
    return z.nth(0).catch((e) => { throw /this ZDD was lost/.test(e.message) ? e : new Error(`FREED without saying what: ${e.message}`) })
  }],
  ['worker Problem', 'a call under way when the worker dies', 'WORKER_FAILED', (p, w) => {
    w._worker.terminate() // (its exit is seen later: the call is posted to a dying worker)
    return p.count()
  }],
  ['worker Problem', 'a problem of a worker that died', 'FREED', async (p, w) => {
    await w._worker.terminate()
    await w.sudoku.solve(CLASSIC) // a fresh worker
    return p.count()
  }]
]

// load({ wasm }) in Node: every form of a bad `wasm` option is LOAD_FAILED
// saying why, never a raw error (a relative path is from the working
// directory, so 'dlxkit.wasm' is not the package's own file).
export const LOAD_CASES = [
  ['load', 'wasm a relative path with no such file in the working directory', 'LOAD_FAILED', { wasm: 'dlxkit.wasm' }],
  ['load', 'wasm a file: URL of a missing file', 'LOAD_FAILED', { wasm: 'file:///nonexistent/dlxkit.wasm' }],
  ['load', 'wasm a directory', 'LOAD_FAILED', { wasm: '.' }],
  ['load', 'wasm a data: URL that is not WebAssembly', 'LOAD_FAILED', { wasm: 'data:application/wasm;base64,AAAA' }],
  ['load', 'wasm a URL of an unknown scheme', 'LOAD_FAILED', { wasm: 'nosuchscheme://x/dlxkit.wasm' }],
  ['load', 'wasm an object whose toString throws', 'LOAD_FAILED', { wasm: { toString () { throw new Error('no text') } } }],
  ['load', 'wasm bytes that are not WebAssembly', 'LOAD_FAILED', { wasm: new Uint8Array([1, 2, 3]) }]
]
