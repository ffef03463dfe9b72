// The ZDD as a result (issue 31) in a worker (RemoteProblem.zdd, a RemoteZdd)
// and in the CLI (dlxkit cover --zdd OUT, --random N --seed S, --nth K):
// both agree with the direct API (tests/zdd.test.mjs) on the same problem.
// Run: node --test tests/zdd-worker.test.mjs
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createWorker, load } from '../src/js/dlxkit.mjs'
import { DOMINO, PENTOMINO, TROMINO, packing } from '../bench/tilings.mjs'
import { spawn, spawnSync } from 'node:child_process'
import { HANG_MS } from './helpers.mjs'
import { ROOT, dlxkit, ok } from './cli-helpers.mjs'

const dlx = await load()
const w = await createWorker()
const dir = mkdtempSync(join(tmpdir(), 'dlxkit-zdd-'))
after(() => {
  w.terminate()
  rmSync(dir, { recursive: true, force: true })
})
const TEXT = packing(3, 6, TROMINO)
const file = join(dir, 'trominoes.dlx')
writeFileSync(file, TEXT)

test('worker: the ZDD\'s size, count, every nth, a sample and its text are the direct API\'s', async () => {
  const p = dlx.parseDlx(TEXT)
  const z = p.zdd()
  const rp = await w.parseDlx(TEXT)
  const rz = await rp.zdd({ maxMemory: 1 << 20 })
  assert.equal(rz.size, z.size)
  assert.equal(rz.bytes, z.bytes)
  assert.equal(await rz.countBig(), z.countBig())
  assert.equal(await rz.count(), z.count())
  assert.ok(z.count() > 10)
  for (let k = 0; k < z.count(); k++) assert.deepEqual(await rz.nth(k), z.nth(k))
  assert.deepEqual(await rz.nth(BigInt(z.count() - 1)), z.nth(z.count() - 1))
  assert.deepEqual(await rz.sample(30, { seed: 5 }), z.sample(30, { seed: 5 }))
  assert.deepEqual(await rz.random({ seed: 9 }), z.random({ seed: 9 }))
  const first = await rz.draw(4, { seed: 5 })
  assert.deepEqual(first, z.draw(4, { seed: 5 }))
  assert.deepEqual([...first.solutions, ...(await rz.draw(26, { seed: first.seed })).solutions], z.sample(30, { seed: 5 }))
  assert.equal(await rz.toText(), z.toText())
  await assert.rejects(rz.nth(z.count()), (e) => e.code === 'NO_SOLUTION' && e.details.count === z.countBig())
  await assert.rejects(rz.sample(1, { seed: -1 }), { code: 'BAD_ARGUMENT' })
  await rp.free() // the ZDD outlives its problem, in the worker too
  assert.equal(await rz.toText(), z.toText())
  await rz.free()
  await assert.rejects(rz.nth(0), { code: 'FREED' })
})

test('worker: errors keep their codes, the problem usable afterwards', async () => {
  const big = await w.parseDlx(packing(12, 12, DOMINO))
  await assert.rejects(big.zdd({ maxMemory: 1 << 16 }), (e) => e.code === 'OUT_OF_MEMORY' && /raise maxMemory/.test(e.message))
  await assert.rejects(big.zdd({ maxMemory: -1 }), { code: 'BAD_ARGUMENT' })
  assert.equal(await big.count({ limit: 3 }), 3)
  assert.equal(await (await big.zdd()).countBig(), 53060477521960000n)
  const colored = await w.parseDlx('a | x\na x:red\n')
  assert.equal(await (await colored.zdd()).countBig(), 1n) // colors are taken
  assert.equal(await colored.count(), 1)
})

test('worker: an aborted build keeps no ZDD; a freed one leaves the worker', async () => {
  const p = await w.parseDlx(packing(10, 10, DOMINO)) // a build of 20 ms: shorter than a slice
  const before = (await w.usage()).zdds
  await assert.rejects(p.zdd({ signal: AbortSignal.abort() }), { code: 'ABORTED' })
  const controller = new AbortController()
  const building = p.zdd({ signal: controller.signal })
  controller.abort() // posted after the request: the worker reads it between slices, or once the build is done
  await assert.rejects(building, { code: 'ABORTED' })
  assert.equal((await w.usage()).zdds, before, 'the aborted build\'s ZDD was freed')
  const z = await p.zdd()
  assert.equal((await w.usage()).zdds, before + 1)
  await z.free()
  assert.equal((await w.usage()).zdds, before)
})

/** The option lines of solution s (sorted indices) as the CLI prints them. */
const block = (p, s) => s.map((k) => p.formatOption(k)).join('\n')

test('CLI: --zdd writes the API\'s text, --nth and --random print the API\'s solutions', () => {
  const p = dlx.parseDlx(TEXT)
  const z = p.zdd()
  const out = join(dir, 'out.zdd')
  const r = ok(['cover', '--zdd', out, file])
  assert.equal(readFileSync(out, 'utf8'), z.toText())
  assert.equal(r.stdout, '')
  assert.match(r.stderr, new RegExp(`ZDD: ${z.size} nodes, ${z.bytes} bytes, ${z.count()} solutions`))
  assert.equal(ok(['cover', '--zdd', '-', '-q', file]).stdout, z.toText())
  assert.equal(ok(['cover', '--zdd', '-', '-q', '-'], { input: TEXT }).stdout, z.toText())
  for (const k of [0, 5, z.count() - 1]) assert.equal(ok(['cover', '--nth', String(k), '-q', file]).stdout, block(p, z.nth(k)) + '\n')
  const drawn = ok(['cover', '--random', '7', '--seed', '12', '-q', file]).stdout
  assert.equal(drawn, z.sample(7, { seed: 12 }).map((s) => block(p, s)).join('\n\n') + '\n')
  assert.equal(ok(['cover', '--random', '1', file]).stdout, block(p, z.random()) + '\n') // seed 0 by default
  // any seed build/dlx takes: 0 .. 2^64 - 1
  const last = ok(['cover', '--random', '3', '--seed', String((1n << 64n) - 1n), '-q', file]).stdout
  assert.equal(last, z.sample(3, { seed: (1n << 64n) - 1n }).map((s) => block(p, s)).join('\n\n') + '\n')
  const json = ok(['cover', '--nth', '2', '--json', '-q', file]).stdout
  assert.deepEqual(JSON.parse(json), { solution: z.nth(2), options: z.nth(2).map((k) => p.formatOption(k)) })
})

test('CLI: --random N prints each draw as it comes: | head -1 ends the run at once (exit 0), Ctrl-C keeps what was printed', async () => {
  // 10^8 draws would take the better part of an hour here: only a run that
  // streams them meets the reader's end (and Ctrl-C) with its work undone.
  const many = ['--random', '100000000', '--seed', '7', '-q', file]
  const r = spawnSync('sh', ['-c', `("${process.execPath}" bin/dlxkit.mjs cover ${many.join(' ')}; echo "status $?" >&2) | head -1`], { cwd: ROOT, encoding: 'utf8', timeout: HANG_MS })
  assert.equal(r.signal, null, 'ended by the hang guard')
  assert.equal(r.stderr, 'status 0\n')
  const p = dlx.parseDlx(TEXT)
  const z = p.zdd()
  assert.equal(r.stdout, block(p, z.random({ seed: 7 })).split('\n')[0] + '\n')
  const child = spawn(process.execPath, ['bin/dlxkit.mjs', 'cover', ...many], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.setEncoding('utf8')
  const ended = new Promise((resolve) => child.on('close', (status, signal) => resolve({ status, signal })))
  await new Promise((resolve) => child.stdout.on('data', (d) => {
    out += d
    if (out.split('\n\n').length > 3) resolve()
  }))
  child.kill('SIGINT')
  const { signal } = await ended
  assert.equal(signal, 'SIGINT')
  const blocks = out.split('\n\n').slice(0, 3)
  assert.deepEqual(blocks, z.sample(3, { seed: 7 }).map((s) => block(p, s)))
})

test('CLI: --zdd --progress draws the build\'s bar (its nodes and their rate)', () => {
  const pentominoes = join(dir, 'pentominoes.dlx')
  writeFileSync(pentominoes, packing(5, 12, PENTOMINO, true)) // a build of a second or more: the bar shows
  const r = ok(['cover', '--zdd', join(dir, 'pentominoes.zdd'), '--progress', pentominoes])
  assert.match(r.stderr, /nodes\/s/)
  assert.match(r.stderr, /ZDD: \d+ nodes, \d+ bytes, 4040 solutions/)
})

test('CLI: --max-nodes bounds the build: past it exit 1, nothing written (JSON says stopped); within it the ZDD', () => {
  const pentominoes = join(dir, 'pentominoes-bounded.dlx')
  writeFileSync(pentominoes, packing(5, 12, PENTOMINO, true))
  const out = join(dir, 'bounded.zdd')
  const stopped = dlxkit(['cover', '--zdd', out, '--max-nodes', '1000', pentominoes])
  assert.equal(stopped.status, 1, stopped.stderr)
  assert.match(stopped.stderr, /the ZDD's build stopped after \d+ search nodes \(--max-nodes 1000\), unfinished: nothing written/)
  assert.throws(() => readFileSync(out), { code: 'ENOENT' })
  const json = dlxkit(['cover', '--nth', '0', '--json', '--max-nodes', '1000', pentominoes])
  assert.equal(json.status, 1)
  assert.equal(JSON.parse(json.stdout).status, 'stopped')
  const z = dlx.parseDlx(TEXT).zdd()
  assert.equal(ok(['cover', '--zdd', '-', '-q', '--max-nodes', '100000000', file]).stdout, z.toText())
})

test('CLI and worker: a problem with bounds: its ZDD, --nth and --random as the direct API\'s', async () => {
  const text = '2:2|r0 2:2|r1 2:2|r2 1:2|c0 1:2|c1 1:2|c2\n' + Array.from({ length: 9 }, (_, k) => `r${Math.floor(k / 3)} c${k % 3}`).join('\n') + '\n'
  const bounded = join(dir, 'bounded.dlx')
  writeFileSync(bounded, text)
  const p = dlx.parseDlx(text)
  const z = p.zdd()
  assert.equal(z.countBig(), p.countBig())
  assert.equal(ok(['cover', '--zdd', '-', '-q', bounded]).stdout, z.toText())
  assert.equal(ok(['cover', '--nth', '2', '-q', bounded]).stdout, block(p, z.nth(2)) + '\n')
  assert.equal(ok(['cover', '--random', '3', '--seed', '5', '-q', bounded]).stdout, z.sample(3, { seed: 5 }).map((s) => block(p, s)).join('\n\n') + '\n')
  const w = await createWorker()
  try {
    const rz = await (await w.parseDlx(text)).zdd()
    assert.equal(await rz.toText(), z.toText())
  } finally {
    await w.terminate()
  }
})

test('CLI: K past the count, an unwritable OUT: exit 1 (colors: exit 0); flags that do not go with it: exit 2', () => {
  const past = dlxkit(['cover', '--nth', '99999999999999999999', file])
  assert.equal(past.status, 1)
  assert.match(past.stderr, /--nth 99999999999999999999: no such solution: there are \d+ \(0 \.\. \d+\)/)
  assert.match(dlxkit(['cover', '--nth', '5', '-'], { input: 'a\na\n' }).stderr, /--nth 5: no such solution: there is 1 \(0 \.\. 0\)/)
  const colored = dlxkit(['cover', '--zdd', '-', '-'], { input: 'a | x\na x:red\n' })
  assert.equal(colored.status, 0)
  assert.equal(colored.stdout, '2: (~1?0:1)\n3: (~0?0:2)\n')
  const unwritable = dlxkit(['cover', '--zdd', join(dir, 'no', 'such', 'dir'), file])
  assert.equal(unwritable.status, 1)
  assert.match(unwritable.stderr, /cannot write/)
  const none = dlxkit(['cover', '--random', '3', '-'], { input: 'a b\na\n' })
  assert.equal(none.status, 1)
  assert.match(none.stderr, /no solution/)
  for (const args of [['--zdd', '-', '--count'], ['--nth', '1', '--limit', '2'], ['--random', '2', '--jobs', '2'], ['--nth', '-1'], ['--nth', 'x'],
    ['--random', '0'], ['--random', '2147483648'], ['--random', '1', '--seed', String(1n << 64n)], ['--random', '1', '--seed', '-1'], ['--seed', '3'], ['--zdd', '-', '--no-memo'], ['--zdd', '']]) {
    const r = dlxkit(['cover', ...args, file])
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`)
  }
})
