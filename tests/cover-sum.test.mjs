// dlxkit cover --sum: each part of a sharded count names what it is a part
// of (the problem's digest, N, the split seed, the dlxkit), and the sum adds
// only the parts of one split, all of them, once each (issue 26, item 3).
// The problems are n-queens made here (no shared data needed).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dlxkit, ok, lines } from './cli-helpers.mjs'
import { problemDigest } from '../bin/lib/cover-part.mjs'

/** n-queens in Knuth's format: rows and columns primary, diagonals secondary. */
function queens (n, { comment = '', crlf = false } = {}) {
  const items = []
  const diagonals = []
  for (let i = 0; i < n; i++) items.push(`r${i}`, `c${i}`)
  for (let d = 0; d < 2 * n - 1; d++) diagonals.push(`a${d}`, `b${d}`)
  const text = [comment, `${items.join(' ')} | ${diagonals.join(' ')}`]
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) text.push(`r${r} c${c} a${r + c} b${r - c + n - 1}`)
  return text.filter(Boolean).join(crlf ? '\r\n' : '\n') + '\n'
}

let dir
const file = (name, text) => { const p = join(dir, name); writeFileSync(p, text); return p }
before(() => { dir = mkdtempSync(join(tmpdir(), 'dlxkit-sum-')) })
after(() => rmSync(dir, { recursive: true, force: true }))

/** Part K/N of `path`'s count as --count --json --shard prints it (a line). */
const part = (path, k, n, extra = []) => ok(['cover', '--count', '--json', '--shard', `${k}/${n}`, ...extra, path]).stdout.trim()

/** --sum over `text` on standard input: { status, stdout, stderr }. */
const sum = (parts, args = []) => dlxkit(['cover', '--sum', ...args, '-'], { input: parts.join('\n') + '\n' })

test('a part names its problem, N, split seed and dlxkit; the parts of one split add up to the whole count', () => {
  const q8 = file('q8.dlx', queens(8))
  const parts = [1, 2, 3].map((k) => part(q8, k, 3))
  const first = JSON.parse(parts[0])
  assert.match(first.problem, /^sha256:[0-9a-f]{64}$/)
  assert.deepEqual([first.shard, first.parts, first.splitSeed, first.status], [1, 3, 1, 'done'])
  assert.equal(first.dlxkit, ok(['--version']).stdout.trim())
  assert.equal(ok(['cover', '--count', q8]).stdout, '92\n')
  assert.equal(sum(parts).stdout, '92\n')
  const total = JSON.parse(sum(parts, ['--json']).stdout)
  assert.deepEqual([total.count, total.parts, total.splitSeed, total.problem], [92, 3, 1, first.problem])
})

test('the digest is the problem as the reader sees it: blanks, line ends and comments do not change it, an option does', () => {
  const plain = queens(6)
  assert.equal(problemDigest(plain), problemDigest(queens(6, { comment: '| six queens', crlf: true })))
  assert.equal(problemDigest(plain), problemDigest(plain.replace(/ /g, ' \t ').replace(/\n/g, '\n\n')))
  assert.notEqual(problemDigest(plain), problemDigest(plain.replace('r5 c5 a10 b5\n', '')))
  assert.notEqual(problemDigest(plain), problemDigest(plain.replace('r5 c5', 'c5 r5')))
  // the same file with a comment gives parts --sum takes together
  const a = file('a.dlx', queens(8))
  const b = file('b.dlx', queens(8, { comment: '| eight queens', crlf: true }))
  assert.equal(sum([part(a, 1, 2), part(b, 2, 2)]).stdout, '92\n')
})

test('--sum refuses parts of two problems, of two split seeds, of two Ns, twice, or with a gap: exit 1, saying which', () => {
  const q8 = file('q8.dlx', queens(8))
  const q9 = file('q9.dlx', queens(9))
  const cases = [
    ['two problems', [part(q8, 1, 3), part(q8, 2, 3), part(q9, 3, 3)], /^dlxkit: stdin:3: part 3\/3 is a part of another problem \(sha256:[0-9a-f]{16}\.\.\.; stdin:1: sha256:[0-9a-f]{16}\.\.\.\): parts of different problems do not add up\n$/],
    ['two split seeds', [part(q8, 1, 3), part(q8, 2, 3), part(q8, 3, 3, ['--split-seed', '5'])], /^dlxkit: stdin:3: part 3\/3 is a part of another split \(--split-seed 5; stdin:1: 1\)/],
    ['two Ns', [part(q8, 1, 2), part(q8, 2, 3)], /^dlxkit: stdin:2: part 2\/3 is a part of 3, stdin:1 of 2/],
    ['a part twice', [part(q8, 1, 2), part(q8, 1, 2)], /^dlxkit: part 1\/2 twice: stdin:1 and stdin:2\n$/],
    ['a gap', [part(q8, 1, 3), part(q8, 3, 3)], /^dlxkit: parts missing: 2 of 3\n$/]
  ]
  for (const [name, parts, message] of cases) {
    const r = sum(parts)
    assert.equal(r.status, 1, name)
    assert.equal(r.stdout, '', name)
    assert.match(r.stderr, message, name)
    assert.equal(lines(r.stderr).length, 1, name)
  }
  // a mix the counts alone hide: seed 5's third part and seed 1's first two still make 3 lines of 3 parts
  const a = [1, 2, 3].map((k) => JSON.parse(part(q8, k, 3)).count)
  const b = [1, 2, 3].map((k) => JSON.parse(part(q8, k, 3, ['--split-seed', '5'])).count)
  assert.notDeepEqual(a, b, 'seeds 1 and 5 split alike: the test would not see a mix')
})

test('--sum refuses a part of an older dlxkit (no digest), a part of another dlxkit, and what is no part', () => {
  const line = JSON.parse(part(file('q8.dlx', queens(8)), 1, 2))
  const other = (o) => JSON.stringify({ ...line, shard: 2, ...o })
  const old = (o) => JSON.stringify({ count: line.count, nodes: line.nodes, status: 'done', shard: line.shard, parts: 2, ...o })
  const cases = [
    [[old(), old({ shard: 2 })], /^dlxkit: stdin:1: part 1\/2 does not say what it is a part of .*run the parts again/],
    [[JSON.stringify(line), other({ dlxkit: '0.0.1' })], /^dlxkit: stdin:2: part 2\/2 was split by dlxkit 0\.0\.1, stdin:1 by /],
    [[JSON.stringify(line), other({ shard: 3 })], /^dlxkit: stdin:2: not a line of dlxkit cover --count --json --shard K\/N\n$/],
    [[JSON.stringify(line), 'hello'], /^dlxkit: stdin:2: not a line of/]
  ]
  for (const [parts, message] of cases) {
    const r = sum(parts)
    assert.equal(r.status, 1, parts.join(' | '))
    assert.match(r.stderr, message)
  }
  assert.equal(dlxkit(['cover', '--sum']).status, 2) // no FILE: a usage error
})
