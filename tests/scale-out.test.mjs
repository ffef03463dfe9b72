// Scale-out on an existing job engine: docs/cli.md's recipes for GNU parallel
// (this machine's cores; hosts over --sshlogin, here ':' for this machine)
// and for a Slurm job array (its script run once per task id, as Slurm
// would), each followed by `dlxkit cover --sum`, run as written but for N=8,
// on queens-12 (14,200 solutions). GNU parallel is Debian's `parallel`
// (.ci/run installs it); without it those tests are skipped, saying so.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DATA, HANG_MS } from './helpers.mjs'

const ROOT = new URL('..', import.meta.url).pathname
const CLI_DOC = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8')
const N = 8

/** The shell block after `<!-- recipe: name -->` in docs/cli.md. */
function recipe (name) {
  const m = new RegExp(`<!-- recipe: ${name} -->\\n\`\`\`sh\\n([^]*?)\`\`\``).exec(CLI_DOC)
  assert.ok(m, `docs/cli.md has no recipe '${name}'`)
  return m[1]
}

const gnuParallel = /GNU parallel/.test(spawnSync('parallel', ['--version'], { encoding: 'utf8' }).stdout ?? '')
const NO_PARALLEL = gnuParallel ? false : 'GNU parallel is not installed (Debian: apt-get install parallel)'

let dir
let env
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'dlxkit-scale-'))
  const bin = join(dir, 'bin')
  mkdirSync(bin)
  // `dlxkit` as an installed package provides it
  writeFileSync(join(bin, 'dlxkit'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin/dlxkit.mjs')}" "$@"\n`)
  chmodSync(join(bin, 'dlxkit'), 0o755)
  copyFileSync(join(DATA, 'exact-cover', 'queens-12.dlx'), join(dir, 'big.dlx'))
  env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, HOME: dir }
})
after(() => rmSync(dir, { recursive: true, force: true }))

/** Run shell text in the work directory; insist on exit status 0; its stdout. */
function sh (text, extra = {}) {
  const r = spawnSync('sh', ['-ec', text], { cwd: dir, env: { ...env, ...extra }, encoding: 'utf8', timeout: HANG_MS })
  assert.equal(r.status, 0, `${text}\nexited ${r.status}: ${r.stderr}`)
  return r.stdout
}

test('GNU parallel on this machine\'s cores: the parts add up to the whole count', { skip: NO_PARALLEL }, () => {
  const text = recipe('parallel-local')
  assert.match(text, /^N=64$/m)
  assert.equal(sh(text.replace(/^N=64$/m, `N=${N}`)), '14200\n')
  const parts = readFileSync(join(dir, 'parts.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
  assert.deepEqual(parts.map((p) => p.shard).sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8])
  assert.ok(parts.every((p) => p.parts === N && p.status === 'done' && p.count > 0))
})

test('GNU parallel over --sshlogin (here \':\', this machine): the same total', { skip: NO_PARALLEL }, () => {
  const text = recipe('parallel-ssh')
  assert.match(text, /^HOSTS=/m)
  assert.equal(sh(text.replace(/^N=64$/m, `N=${N}`).replace(/^HOSTS=.*$/m, 'HOSTS=2/:')), '14200\n')
})

test('a Slurm job array: the script once per task id, then the sum; a missing part is refused', () => {
  const script = recipe('slurm')
  assert.match(script, /^#SBATCH --array=1-64$/m) // ids from 1, as --shard K/N counts
  writeFileSync(join(dir, 'count.sh'), script)
  for (let id = 1; id <= N; id++) sh('sh count.sh', { SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_COUNT: String(N) })
  assert.equal(sh(recipe('slurm-sum')), '14200\n')
  const total = JSON.parse(sh('dlxkit cover --sum --json part-*.json'))
  const nodes = Array.from({ length: N }, (_, k) => JSON.parse(readFileSync(join(dir, `part-${k + 1}.json`), 'utf8')).nodes)
  const { problem, dlxkit } = JSON.parse(readFileSync(join(dir, 'part-1.json'), 'utf8'))
  assert.deepEqual(total, { count: 14200, nodes: nodes.reduce((a, b) => a + b), status: 'done', parts: N, splitSeed: 1, problem, dlxkit })
  unlinkSync(join(dir, 'part-3.json'))
  const r = spawnSync('sh', ['-c', 'dlxkit cover --sum part-*.json'], { cwd: dir, env, encoding: 'utf8' })
  assert.equal(r.status, 1)
  assert.match(r.stderr, /parts missing: 3 of 8/)
})

test('--sum refuses a part that did not finish, a part twice, parts of two splits, and what is not a part', () => {
  const part = (o) => JSON.stringify({ count: 5, nodes: 10, status: 'done', shard: 1, parts: 2, splitSeed: 1, problem: `sha256:${'0'.repeat(64)}`, dlxkit: '0.1.0', ...o })
  const cases = [
    [[part(), part({ shard: 2, status: 'stopped' })], /part 2\/2 did not finish/],
    [[part(), part()], /part 1\/2 twice/],
    [[part(), part({ shard: 2, parts: 3 })], /a part of 3, stdin:1 of 2/],
    [[part(), '14200'], /not a line of dlxkit cover --count --json --shard K\/N/],
    [[part()], /parts missing: 2 of 2/]
  ]
  for (const [lines, message] of cases) {
    const r = spawnSync('sh', ['-c', 'dlxkit cover --sum -'], { cwd: dir, env, input: lines.join('\n'), encoding: 'utf8' })
    assert.equal(r.status, 1, lines.join(' | '))
    assert.match(r.stderr, message)
  }
  assert.equal(sh(`printf '%s\\n' '${part()}' '${part({ shard: 2, count: 7 })}' | dlxkit cover --sum -`), '12\n')
})

test('--split-seed: another split with the same total; it needs --shard and a seed below 2^20', () => {
  const counts = [1, 2, 3].map((k) => Number(sh(`dlxkit cover --count --shard ${k}/3 --split-seed 5 big.dlx`)))
  assert.equal(counts.reduce((a, b) => a + b), 14200)
  for (const args of ['--split-seed 5', '--shard 1/3 --split-seed 1048576', '--shard 1/3 --split-seed x']) {
    const r = spawnSync('sh', ['-c', `dlxkit cover --count ${args} big.dlx`], { cwd: dir, env, encoding: 'utf8' })
    assert.equal(r.status, 2, args)
  }
})
