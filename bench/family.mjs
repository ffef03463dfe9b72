// The family of exact-cover instances the searches are compared on
// (bench/family-run.mjs), written from generators into build/bench/family/:
// Knuth's word-rect-dlx (colored word rectangles over the Stanford GraphBase
// five-letter words and the shorter lists cut from them), polyomino-dlx
// (pentomino packings, and the jigsaws of bench/family-jigsaw.mjs: up to
// 100,000 options), polycube-dlx (Soma cube, pentacubes), sudoku-dlx and
// queens-dlx, built from ../shared/peers into build/peers (never copied
// here); domino tilings written here. The counts are not known beforehand:
// family-run checks each against SSXCC's.
//   node bench/family.mjs [DIR]   writes every instance, prints their rows
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PEER_DIR } from './peers.mjs'
import { jigsawInput } from './family-jigsaw.mjs'

export const FAMILY_DIR = 'build/bench/family'
const PEERS = 'build/peers'
const WORDS = join(PEER_DIR, 'knuth', 'words', 'words5-from-sgb')

/** Knuth's DLX text for the domino tilings of an r x c board (cells primary). */
export function dominoes (r, c) {
  const cell = (i, j) => `${i}_${j}`
  const lines = [`| domino tilings of ${r}x${c} (bench/family.mjs)`, Array.from({ length: r * c }, (_, k) => cell(Math.floor(k / c), k % c)).join(' ')]
  for (let i = 0; i < r; i++) {
    for (let j = 0; j < c; j++) {
      if (j + 1 < c) lines.push(`${cell(i, j)} ${cell(i, j + 1)}`)
      if (i + 1 < r) lines.push(`${cell(i, j)} ${cell(i + 1, j)}`)
    }
  }
  return lines.join('\n') + '\n'
}

// The twelve pentominoes, typical cells as polyomino-dlx reads them.
const PENTOMINOES = ['F 01 02 10 11 21', 'I 00 01 02 03 04', 'L 00 01 02 03 10', 'N 00 01 02 12 13',
  'P 00 01 02 10 11', 'T 00 01 02 11 21', 'U 00 02 10 11 12', 'V 00 01 02 10 20', 'W 00 01 11 12 22',
  'X 01 10 11 12 21', 'Y 00 01 02 03 11', 'Z 00 01 11 21 22']

// The same twelve as flat pentacubes (z = 0), typical cells as polycube-dlx reads them.
const PENTACUBES = PENTOMINOES.map((p) => p.replace(/ (\d)(\d)/g, ' $1$20'))

// The seven Soma pieces.
const SOMA = ['V 000 010 100', 'L 000 010 020 100', 'T 000 010 020 110', 'Z 000 010 110 120',
  'A 000 010 100 001', 'B 000 010 100 011', 'P 000 010 100 101']

// A hard 9x9 puzzle, one solution (the first of the forum's "hardest" list,
// ../shared/data/sudoku/hardest1106.txt); rows with its last clues taken away
// have many.
const HARDEST = '........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3'

/** The puzzle without its last `drop` clues, as sudoku-dlx reads it: nine lines. */
export function sudokuLines (puzzle, drop) {
  const cells = [...puzzle]
  for (let i = cells.length - 1; i >= 0 && drop > 0; i--) {
    if (cells[i] !== '.') {
      cells[i] = '.'
      drop--
    }
  }
  return Array.from({ length: 9 }, (_, r) => cells.slice(r * 9, r * 9 + 9).join('')).join('\n') + '\n'
}

/**
 * The rows: id, what, colored, and how the text is made. Word lists
 * `wK:N`: the first N distinct K-letter prefixes of the SGB words (most
 * common first). Options range from 60 to 103,352; every row is a complete
 * search (all solutions).
 */
export const FAMILY = [
  { id: 'words-3x4-3500', what: 'word rectangles 3x4, 500 + 500 words', colored: true, words: ['3:500', '4:500'] },
  { id: 'words-3x4-6200', what: 'word rectangles 3x4, 800 + 1000 words', colored: true, words: ['3:800', '4:1000'] },
  { id: 'words-4x5-9000', what: 'word rectangles 4x5, 1000 + 1000 words', colored: true, words: ['4:1000', '5:1000'] },
  { id: 'words-5x5-10000', what: 'word squares-ish 5x5, 1000 + 1000 words', colored: true, words: ['5:1000', '5:1000'] },
  { id: 'words-4x5-14100', what: 'word rectangles 4x5, 2500 + 400 words', colored: true, words: ['4:2500', '5:400'] },
  { id: 'words-5x5-16500', what: 'word rectangles 5x5, 3000 + 300 words (none)', colored: true, words: ['5:3000', '5:300'] },
  // Rows of 1-5 s natively on the sparse bit sets, where WebAssembly's fixed
  // costs weigh little (issue 28's 0.9x is asked over a second).
  { id: 'words-3x4-8300', what: 'word rectangles 3x4, 1100 + 1300 words', colored: true, words: ['3:1100', '4:1300'] },
  { id: 'words-4x5-16000', what: 'word rectangles 4x5, 2000 + 1500 words', colored: true, words: ['4:2000', '5:1500'] },
  { id: 'words-5x5-18000', what: 'word squares-ish 5x5, 1800 + 1800 words', colored: true, words: ['5:1800', '5:1800'] },
  { id: 'dominoes-6x6', what: 'domino tilings of 6x6', text: () => dominoes(6, 6) },
  { id: 'dominoes-7x8', what: 'domino tilings of 7x8', text: () => dominoes(7, 8) },
  { id: 'dominoes-8x8', what: 'domino tilings of 8x8', text: () => dominoes(8, 8) },
  { id: 'pentominoes-6x10', what: 'pentominoes in 6x10', poly: '[0-5][0-9]' },
  { id: 'pentominoes-5x12', what: 'pentominoes in 5x12', poly: '[0-4][0-9a-b]' },
  { id: 'queens-10', what: '10 queens', queens: 10 },
  { id: 'queens-12', what: '12 queens', queens: 12 },
  { id: 'queens-14', what: '14 queens', queens: 14 },
  { id: 'soma-3x3x3', what: 'Soma cube (polycube-dlx)', cube: ['[0-2][0-2][0-2]', ...SOMA] },
  { id: 'pentacubes-2x3x10', what: 'flat pentacubes in 2x3x10 (polycube-dlx)', cube: ['[0-1][0-2][0-9]', ...PENTACUBES] },
  { id: 'sudoku-less2', what: 'hard sudoku, last 2 clues gone (sudoku-dlx)', sudoku: sudokuLines(HARDEST, 2) },
  { id: 'sudoku-less3', what: 'hard sudoku, last 3 clues gone (sudoku-dlx)', sudoku: sudokuLines(HARDEST, 3) },
  { id: 'jigsaw-16x16', what: 'jigsaw 16x16, pieces of 12-16 cells', jigsaw: { rows: 16, cols: 16, minSize: 12, maxSize: 16, seed: 1 } },
  { id: 'jigsaw-18x18', what: 'jigsaw 18x18, pieces of 12-16 cells', jigsaw: { rows: 18, cols: 18, minSize: 12, maxSize: 16, seed: 2 } },
  { id: 'jigsaw-20x20', what: 'jigsaw 20x20, pieces of 16-22 cells', jigsaw: { rows: 20, cols: 20, minSize: 16, maxSize: 22, seed: 1 } },
  { id: 'jigsaw-20x20-small', what: 'jigsaw 20x20, pieces of 15-19 cells', jigsaw: { rows: 20, cols: 20, minSize: 15, maxSize: 19, seed: 5 } },
  { id: 'jigsaw-24x24', what: 'jigsaw 24x24, pieces of 18-24 cells', jigsaw: { rows: 24, cols: 24, minSize: 18, maxSize: 24, seed: 1 } },
  { id: 'jigsaw-28x28', what: 'jigsaw 28x28, pieces of 22-28 cells', jigsaw: { rows: 28, cols: 28, minSize: 22, maxSize: 28, seed: 2 } }
]

/** A word list of K-letter prefixes, N of them, in DIR; its path with `:N`. */
function wordList (dir, spec) {
  const [k, n] = spec.split(':').map(Number)
  const file = join(dir, `w${k}`)
  if (!existsSync(file)) {
    const seen = new Set()
    for (const w of readFileSync(WORDS, 'utf8').split('\n')) if (w.length >= k) seen.add(w.slice(0, k))
    writeFileSync(file, [...seen].join('\n') + '\n')
  }
  return `${file}:${n}`
}

function peer (name) {
  const bin = join(PEERS, name)
  if (!existsSync(bin)) throw new Error(`${bin} is missing: the peers are built by bench/peers.mjs (make bench)`)
  return bin
}

/** The text of one row. */
export function familyText (row, dir = FAMILY_DIR) {
  if (row.text) return row.text()
  const out = { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['pipe', 'pipe', 'ignore'] }
  if (row.words) return execFileSync(peer('word-rect-dlx'), row.words.map((s) => wordList(dir, s)), out)
  if (row.poly) return execFileSync(peer('polyomino-dlx'), { ...out, input: [row.poly, ...PENTOMINOES].join('\n') + '\n' })
  if (row.jigsaw) return execFileSync(peer('polyomino-dlx'), { ...out, input: jigsawInput(row.jigsaw) })
  if (row.cube) return execFileSync(peer('polycube-dlx'), { ...out, input: row.cube.join('\n') + '\n' })
  if (row.sudoku) return execFileSync(peer('sudoku-dlx'), { ...out, input: row.sudoku })
  if (row.queens) return execFileSync(peer('queens-dlx'), [String(row.queens)], out)
  throw new Error(`bench/family.mjs: no generator for ${row.id}`)
}

/**
 * Writes every row's file (once) into dir; returns the rows with `file`,
 * `options` and `entries` (item names in the options: what the tables hold).
 */
export function writeFamily (dir = FAMILY_DIR) {
  mkdirSync(dir, { recursive: true })
  return FAMILY.map((row) => {
    const file = join(dir, `${row.id}.dlx`)
    if (!existsSync(file)) writeFileSync(file, familyText(row, dir))
    const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('|')).slice(1)
    const entries = lines.reduce((n, l) => n + l.trim().split(/\s+/).length, 0)
    return { ...row, file, options: lines.length, entries, colored: !!row.colored }
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of writeFamily(process.argv[2])) console.log(`${r.id}\t${r.options} options\t${r.file}`)
}
