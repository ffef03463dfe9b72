// Hostile inputs for the JS API and the CLI (data in tests/hostile-cases.mjs):
// each gets its coded error, never a crash, a hang or a trap, and the instance
// answers a normal puzzle and a normal problem right after. "Quickly" is the
// time limit of each test, not an assertion. Every case (C ones too, from
// tests/c/test_hostile.c) has its row in tests/hostile-inputs.md.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { load, DlxError } from '../src/js/dlxkit.mjs'
import { SUDOKU_CASES, PROBLEM_CASES, METHOD_CASES, CLI_CASES, FILES, SHEET_CASES, WORKER_CASES, LOAD_CASES } from './hostile-cases.mjs'
import { HANG_MS } from './helpers.mjs'

const ROOT = new URL('..', import.meta.url).pathname
const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const SOLVED = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
const CATALOGUE = readFileSync(join(ROOT, 'tests/hostile-inputs.md'), 'utf8')

/** fn() must throw a DlxError with this code (or, for code null, return). */
function expectCode (what, code, fn) {
  let result
  try {
    result = fn()
  } catch (e) {
    assert.ok(e instanceof DlxError, `${what}: expected a DlxError ${code}, got ${e?.constructor?.name}: ${e?.message}`)
    assert.equal(e.code, code, `${what}: ${e.message}`)
    assert.ok(e.message.length > 0)
    return null
  }
  assert.equal(code, null, `${what}: expected ${code}, but the call returned`)
  return result
}

const rowOf = (entry, name, code) => `| ${entry} | ${name} | \`${code ?? 'ok'}\` |`

function assertCatalogued (entry, name, code) {
  assert.ok(CATALOGUE.includes(rowOf(entry, name, code)), `tests/hostile-inputs.md lacks the row: ${rowOf(entry, name, code)}`)
}

function assertStillWorks (dlx) {
  assert.equal(dlx.sudoku.solve(CLASSIC).solution, SOLVED)
  const p = dlx.exactCover({ primary: ['a', 'b'], options: [['a', 'b'], ['a'], ['b']] })
  assert.equal(p.count(), 2)
  p.free()
}

test('Sudoku calls: hostile inputs get their codes; the instance keeps working', { timeout: HANG_MS }, async () => {
  const dlx = await load()
  for (const [entry, name, code, run] of SUDOKU_CASES) {
    assertCatalogued(`JS ${entry}`, name, code)
    expectCode(`${entry}: ${name}`, code, () => run(dlx))
    assertStillWorks(dlx)
  }
})

test('building problems: hostile inputs get their codes; the instance keeps working', { timeout: HANG_MS }, async () => {
  const dlx = await load()
  for (const [entry, name, code, run] of PROBLEM_CASES) {
    assertCatalogued(`JS ${entry}`, name, code)
    const p = expectCode(`${entry}: ${name}`, code, () => run(dlx))
    if (p) {
      assert.ok(p.shape.options >= 1)
      p.free()
    }
    assertStillWorks(dlx)
  }
})

test('problem methods: hostile arguments get their codes; the problem keeps working', { timeout: HANG_MS }, async () => {
  const dlx = await load()
  for (const [entry, name, code, run] of METHOD_CASES) {
    assertCatalogued(`JS ${entry}`, name, code)
    const p = dlx.exactCover({ primary: ['a', 'b'], options: [['a', 'b'], ['a'], ['b']] })
    expectCode(`${entry}: ${name}`, code, () => run(p))
    if (name !== 'a call after free()') {
      while (p.shape.forced) p.unforce()
      assert.equal(p.count(), 2, `${name}: the problem's count after the error`)
      assert.deepEqual(p.solve(), [0])
      p.free()
    }
    assertStillWorks(dlx)
  }
})

test('the CLI: hostile input gets its exit status and message, never a crash', { timeout: HANG_MS }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'dlxkit-hostile-'))
  try {
    for (const [name, bytes] of Object.entries(FILES)) writeFileSync(join(dir, name), bytes)
    for (const [name, args, input, status, message] of CLI_CASES) {
      assertCatalogued('CLI', name, `exit ${status}`)
      const argv = args.map((a) => a.startsWith('@') ? join(dir, a.slice(1)) : a)
      const r = spawnSync(process.execPath, ['bin/dlxkit.mjs', ...argv], { cwd: ROOT, input, encoding: 'utf8', timeout: HANG_MS, maxBuffer: 1 << 26 })
      assert.equal(r.error, undefined, `${name}: ${r.error?.message}`)
      assert.equal(r.status, status, `${name}: exit ${r.status} (signal ${r.signal}): ${r.stderr}`)
      assert.ok(r.stderr.includes(message), `${name}: stderr lacks "${message}": ${r.stderr}`)
      assert.doesNotMatch(r.stderr, /\n\s+at .*:\d+:\d+/, `${name}: a stack trace on stderr: ${r.stderr}`)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

// The sheet functions promise never to throw: every hostile value in every
// argument position gets a value or a SheetError, and the functions keep
// answering a normal puzzle after each.
test('sheet functions: hostile values in every argument give a value or a SheetError, never a throw', { timeout: HANG_MS }, async () => {
  const { createSheetFunctions, SheetError, SIGNATURES } = await import('../src/js/dlxkit-sheets.mjs')
  const f = createSheetFunctions(await load())
  const GRID = [[1, '', '', ''], ['', '', 3, ''], ['', 4, '', ''], ['', '', '', 2]]
  const MATRIX = [[1, 0], [0, 1], [1, 1]]
  const valid = { range: GRID, matrix: MATRIX, box: '', limit: 2 }
  for (const [name, code, make] of SHEET_CASES) {
    assertCatalogued('JS sheets', name, code)
    for (const [fn, sig] of Object.entries(SIGNATURES)) {
      for (let i = 0; i < sig.params.length; i++) {
        const args = sig.params.map((p, j) => j === i ? make() : valid[p])
        let result
        try {
          result = f[fn](...args)
        } catch (e) {
          assert.fail(`${fn} with ${name} as ${sig.params[i]} threw ${typeof e === 'symbol' ? 'a symbol' : e?.constructor?.name}`)
        }
        if (result instanceof SheetError) {
          assert.ok(['#VALUE!', '#N/A', '#NUM!'].includes(result.code), `${fn}: ${result.code}`)
          assert.equal(typeof result.message, 'string')
          assert.ok(result.message.length > 0 && result.message.length < 500, `${fn} with ${name}: ${result.message.slice(0, 200)}`)
        }
        if (i === 0 && fn === 'SUDOKU') {
          if (code === 'ok') assert.ok(Array.isArray(result), `SUDOKU with ${name}: ${result?.message}`)
          else assert.equal(result?.code, code, `SUDOKU with ${name}: ${Array.isArray(result) ? 'a grid' : result?.message}`)
        }
      }
    }
    assert.equal(f.SUDOKU(GRID).length, 4)
    assert.equal(f.EXACTCOVER_COUNT(MATRIX), 2)
  }
})

test('problems in a worker: hostile options get the direct codes; a dead worker is replaced', { timeout: HANG_MS }, async () => {
  const { createWorker } = await import('../src/js/dlxkit.mjs')
  const w = await createWorker()
  try {
    for (const [entry, name, code, run] of WORKER_CASES) {
      assertCatalogued(`JS ${entry}`, name, code)
      const p = await w.exactCover({ primary: ['a', 'b'], options: [['a', 'b'], ['a'], ['b']] })
      await assert.rejects(run(p, w), (e) => {
        assert.ok(e instanceof DlxError, `${name}: expected a DlxError ${code}, got ${e?.constructor?.name}: ${e?.message}`)
        assert.equal(e.code, code, `${name}: ${e.message}`)
        return true
      })
      assert.equal((await w.sudoku.solve(CLASSIC)).solution, SOLVED)
      const q = await w.exactCover({ primary: ['a', 'b'], options: [['a', 'b'], ['a'], ['b']] })
      assert.equal(await q.count(), 2)
    }
  } finally {
    w.terminate()
  }
})

test('load(): a bad wasm option is LOAD_FAILED with the reason, and load() works after it', { timeout: HANG_MS }, async () => {
  for (const [entry, name, code, options] of LOAD_CASES) {
    assertCatalogued(`JS ${entry}`, name, code)
    await assert.rejects(load(options), (e) => {
      assert.ok(e instanceof DlxError, `${name}: expected a DlxError ${code}, got ${e?.constructor?.name}: ${e?.message}`)
      assert.equal(e.code, code, `${name}: ${e.message}`)
      assert.ok(e.message.length > 20, `${name}: the message says why: ${e.message}`)
      return true
    })
  }
  assert.equal((await load()).sudoku.solve(CLASSIC).solution, SOLVED)
})
