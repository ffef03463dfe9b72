// The native build (build/bench/*, clang -O3 -march=native like the reference
// figures): measures and returns numbers, prints nothing.
// Peak memory: sudoku_native reports its own getrusage ru_maxrss; the dlx CLI
// runs under /usr/bin/time when it is installed (null otherwise).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bestOf, instanceFile, sudokuFile } from './timing.mjs'

const SUDOKU = 'build/bench/sudoku_native'
const DLX = 'build/bench/dlx'
const TIME = '/usr/bin/time'

function needs (binary) {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run make bench (it builds it first)`)
}

/** One set, best of `runs`: { puzzles, perSecond, nodesPerPuzzle, peakKiB }. */
export function sudoku (set, { runs = 3 } = {}) {
  needs(SUDOKU)
  const out = execFileSync(SUDOKU, [String(runs), sudokuFile(set)], { encoding: 'utf8' })
  const [line, rss] = out.trim().split('\n')
  const [, puzzles, perSecond, nodes] = line.split(' ')
  return {
    puzzles: Number(puzzles),
    perSecond: Number(perSecond),
    nodesPerPuzzle: Number(nodes),
    peakKiB: rss?.startsWith('peak-rss-kib ') ? Number(rss.split(' ')[1]) : null,
    runs
  }
}

/** All solutions of one instance: { solutions, nodes, seconds (search), matrixBytes, peakKiB, runs }. */
export function exactCover (name, { runs = 3, budget = 6 } = {}) {
  needs(DLX)
  const file = instanceFile(name)
  const dir = mkdtempSync(join(tmpdir(), 'dlxkit-bench-'))
  const rssFile = join(dir, 'rss')
  const timeIt = existsSync(TIME)
  let peakKiB = null
  try {
    const best = bestOf(runs, budget, () => {
      // the summary is on stderr (/usr/bin/time writes to its own file)
      const args = timeIt ? [TIME, '-f', '%M', '-o', rssFile, DLX, '--count', file] : [DLX, '--count', file]
      const out = execFileSync('sh', ['-c', '"$@" 2>&1', 'sh', ...args], { encoding: 'utf8' })
      if (timeIt) peakKiB = Math.max(peakKiB ?? 0, Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()))
      const num = (re) => {
        const m = out.match(re)
        if (!m) throw new Error(`${DLX} ${name}: no ${re} in its summary:\n${out}`)
        return Number(m[1])
      }
      return {
        solutions: num(/^(\d+) solutions? \(complete\)/m),
        nodes: num(/, (\d+) nodes/),
        matrixBytes: num(/, (\d+) bytes of matrix memory/),
        seconds: num(/search ([\d.]+) s/)
      }
    })
    return { ...best, peakKiB }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
