// build/dlx's ZDD flags (src/cli/dlx_main.c, src/core/dlx_zdd.c): --zdd
// writes DLX6's text format, whose paths (counted here from the text) are
// the memoized count; --nth K for every K gives each solution once, all
// valid; --random N is valid and follows --seed; a K past the count, a
// bound too small and flags that do not go together are errors.
// Run: node --test tests/dlx-zdd-cli.test.mjs
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { HANG_MS } from './helpers.mjs'

const NATIVE = fileURLToPath(new URL('../build/dlx', import.meta.url))
const skip = !existsSync(NATIVE) && 'build/dlx is not built'

// Domino tilings of 3x4 (11 of them): cells r.c.
const CELLS = Array.from({ length: 12 }, (_, k) => `${Math.floor(k / 4)}.${k % 4}`)
const OPTIONS = []
for (let r = 0; r < 3; r++) {
  for (let c = 0; c < 4; c++) {
    if (c + 1 < 4) OPTIONS.push(`${r}.${c} ${r}.${c + 1}`)
    if (r + 1 < 3) OPTIONS.push(`${r}.${c} ${r + 1}.${c}`)
  }
}
const TEXT = [CELLS.join(' '), ...OPTIONS].join('\n') + '\n'

const dlx = (...args) => spawnSync(NATIVE, [...args, '-'], { input: TEXT, encoding: 'utf8', timeout: HANG_MS })

/** Solutions printed as option lines, a blank line between: each a sorted list of lines. */
function solutions (stdout) {
  return stdout.trim().split('\n\n').map((s) => s.split('\n').sort())
}

/** Every cell once. */
function valid (lines) {
  const cells = lines.flatMap((l) => l.split(' '))
  return lines.every((l) => OPTIONS.includes(l)) && cells.length === CELLS.length && new Set(cells).size === CELLS.length
}

test('build/dlx --zdd: DLX6\'s format, its paths the count', { skip }, () => {
  const count = dlx('--count', '--memo', '--quiet')
  assert.equal(count.status, 0)
  assert.equal(count.stdout.trim(), '11')
  const r = dlx('--zdd', '-', '--quiet')
  assert.equal(r.status, 0, r.stderr)
  const lines = r.stdout.trim().split('\n')
  const paths = [0n, 1n]
  for (const [k, line] of lines.entries()) {
    const m = /^([0-9a-f]+): \(~(\d+)\?([0-9a-f]+):([0-9a-f]+)\)$/.exec(line)
    assert.ok(m, line)
    const [id, v, lo, hi] = [parseInt(m[1], 16), Number(m[2]), parseInt(m[3], 16), parseInt(m[4], 16)]
    assert.equal(id, paths.length)
    assert.ok(lo < id && hi < id)
    const root = k === lines.length - 1
    assert.equal(v === 0, root) // variable 0: the root line only
    assert.ok(root ? lo === 0 : v <= OPTIONS.length && hi !== 0)
    paths.push(paths[lo] + paths[hi])
  }
  assert.equal(paths.at(-1), 11n)
  assert.match(dlx('--zdd', '-').stderr, /^ZDD: \d+ nodes/m)
})

test('build/dlx --nth K: each solution once, all valid; past the count an error', { skip }, () => {
  const seen = new Set()
  for (let k = 0; k < 11; k++) {
    const r = dlx('--nth', String(k), '--quiet')
    assert.equal(r.status, 0, r.stderr)
    const [s, ...more] = solutions(r.stdout)
    assert.equal(more.length, 0)
    assert.ok(valid(s), s.join(' / '))
    seen.add(s.join('/'))
  }
  assert.equal(seen.size, 11)
  const past = dlx('--nth', '11')
  assert.equal(past.status, 1)
  assert.match(past.stderr, /no such solution: there are 11/)
})

test('build/dlx --random N --seed S: valid, the same for a seed, another for another', { skip }, () => {
  const a = dlx('--random', '40', '--seed', '3', '--quiet')
  assert.equal(a.status, 0, a.stderr)
  const drawn = solutions(a.stdout)
  assert.equal(drawn.length, 40)
  assert.ok(drawn.every(valid))
  assert.ok(new Set(drawn.map((s) => s.join('/'))).size > 1)
  assert.equal(dlx('--random', '40', '--seed', '3', '--quiet').stdout, a.stdout)
  assert.notEqual(dlx('--random', '40', '--seed', '4', '--quiet').stdout, a.stdout)
})

test('build/dlx: the ZDD\'s bound and flags that do not go with it', { skip }, () => {
  const small = dlx('--zdd', '-', '--memo-bytes', '100')
  assert.equal(small.status, 1)
  assert.match(small.stderr, /building the ZDD: out of memory \(raise --memo-bytes\)/)
  for (const extra of [['--limit', '2'], ['--nodes', '5'], ['--no-memo'], ['--best', '1']]) {
    const r = dlx('--zdd', '-', ...extra)
    assert.equal(r.status, 2, extra.join(' '))
    assert.match(r.stderr, /go without --best, --limit, --nodes and --no-memo/)
  }
})
