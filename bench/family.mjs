// The family of exact-cover instances the searches are compared on
// (bench/family-run.mjs), written from generators into build/bench/family/:
// Knuth's word-rect-dlx (colored word rectangles over the Stanford GraphBase
// five-letter words and the shorter lists cut from them), polyomino-dlx
// (pentomino packings) and queens-dlx, built from ../shared/peers into
// build/peers (never copied here); domino tilings written here. The counts
// are not known beforehand: family-run checks each against SSXCC's.
//   node bench/family.mjs [DIR]   writes every instance, prints their rows
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { PEER_DIR } from './peers.mjs'

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

/**
 * The rows: id, what, colored, and how the text is made. Word lists
 * `wK:N`: the first N distinct K-letter prefixes of the SGB words (most
 * common first). Options range from 112 to 16,500.
 */
export const FAMILY = [
  { id: 'words-3x4-3500', what: 'word rectangles 3x4, 500 + 500 words', colored: true, words: ['3:500', '4:500'] },
  { id: 'words-3x4-6200', what: 'word rectangles 3x4, 800 + 1000 words', colored: true, words: ['3:800', '4:1000'] },
  { id: 'words-4x5-9000', what: 'word rectangles 4x5, 1000 + 1000 words', colored: true, words: ['4:1000', '5:1000'] },
  { id: 'words-5x5-10000', what: 'word squares-ish 5x5, 1000 + 1000 words', colored: true, words: ['5:1000', '5:1000'] },
  { id: 'words-4x5-14100', what: 'word rectangles 4x5, 2500 + 400 words', colored: true, words: ['4:2500', '5:400'] },
  { id: 'words-5x5-16500', what: 'word rectangles 5x5, 3000 + 300 words (none)', colored: true, words: ['5:3000', '5:300'] },
  { id: 'dominoes-6x6', what: 'domino tilings of 6x6', text: () => dominoes(6, 6) },
  { id: 'dominoes-7x8', what: 'domino tilings of 7x8', text: () => dominoes(7, 8) },
  { id: 'dominoes-8x8', what: 'domino tilings of 8x8', text: () => dominoes(8, 8) },
  { id: 'pentominoes-6x10', what: 'pentominoes in 6x10', poly: '[0-5][0-9]' },
  { id: 'pentominoes-5x12', what: 'pentominoes in 5x12', poly: '[0-4][0-9a-b]' },
  { id: 'queens-10', what: '10 queens', queens: 10 },
  { id: 'queens-12', what: '12 queens', queens: 12 },
  { id: 'queens-14', what: '14 queens', queens: 14 }
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
  if (row.queens) return execFileSync(peer('queens-dlx'), [String(row.queens)], out)
  throw new Error(`bench/family.mjs: no generator for ${row.id}`)
}

/** Writes every row's file (once) into dir; returns the rows with `file` and `options`. */
export function writeFamily (dir = FAMILY_DIR) {
  mkdirSync(dir, { recursive: true })
  return FAMILY.map((row) => {
    const file = join(dir, `${row.id}.dlx`)
    if (!existsSync(file)) writeFileSync(file, familyText(row, dir))
    const options = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('|')).length - 1
    return { ...row, file, options, colored: !!row.colored }
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of writeFamily(process.argv[2])) console.log(`${r.id}\t${r.options} options\t${r.file}`)
}
