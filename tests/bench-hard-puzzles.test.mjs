// bench/hard-puzzles.mjs, the hard rows' puzzles as lines for the native
// harnesses (bench/hard_tune.c, bench/hard_cdcl.c): by default the rows'
// blank fraction, or another one (the peak sweeps of issue 30) on the same
// grids; a fraction that is none is an error.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { fullGrid } from '../bench/hard-sudoku.mjs'
import { HARD } from '../bench/rows.mjs'
import { HANG_MS } from './helpers.mjs'

const script = new URL('../bench/hard-puzzles.mjs', import.meta.url).pathname
const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: HANG_MS })

function lines (out) {
  return out.trim().split('\n').map((l) => l.split(' ').map(Number))
}

test('SIZE COUNT BLANK: the rows\' seeds, that fraction of each grid blanked, the givens the grid\'s', () => {
  const r = run('36', '3', '0.5')
  assert.equal(r.status, 0, r.stderr)
  const got = lines(r.stdout)
  assert.equal(got.length, 3)
  got.forEach(([size, seed, ...cells], i) => {
    assert.deepEqual([size, seed, cells.length], [36, 36001 + i, 36 * 36])
    assert.equal(cells.filter((v) => v === 0).length, Math.round(0.5 * 36 * 36))
    const grid = fullGrid(36, seed)
    assert.ok(cells.every((v, k) => v === 0 || v === grid[k]))
  })
})

test('without BLANK, the hard row\'s own fraction', () => {
  const spec = HARD.find((h) => h.size === 36)
  const [[, , ...cells]] = lines(run('36', '1').stdout)
  assert.equal(cells.filter((v) => v === 0).length, Math.round(spec.blank * 36 * 36))
})

test('a BLANK that is not a fraction is an error naming it', () => {
  for (const bad of ['1.5', '0', 'half']) {
    const r = run('36', '1', bad)
    assert.notEqual(r.status, 0)
    assert.match(r.stderr, new RegExp(`BLANK ${bad} is not a fraction`))
  }
})
