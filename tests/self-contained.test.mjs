// The tests run in any clone: they read only what the repository holds
// (tests/data), never the bench's data sets beside the clone, and take no DATA from
// the environment; the quick tier's list of slow files names real files. In
// a fresh clone without npm install, make test and make check say so at once,
// and the browser tests fail, not hang, without a browser.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { HANG_MS } from './helpers.mjs'

const ROOT = new URL('..', import.meta.url).pathname
const TESTS = join(ROOT, 'tests')
const DATA = join(TESTS, 'data')

function filesUnder (dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [])
}

// A path outside the repository, or a data directory taken from the
// environment (C, shell, JS). Written escaped so that this file does not match.
const OUTSIDE = /\.\.\/shared|shared\/data|process\.env\.DATA\b|getenv\("DATA"\)|\$\{?DATA\b/

test('no test file reads the bench\'s data sets or a DATA directory from the environment', () => {
  const code = filesUnder(TESTS).filter((f) => /\.(mjs|js|c|h|sh)$/.test(f))
  assert.ok(code.length > 40, 'the test files were found')
  const hits = code.flatMap((f) => readFileSync(f, 'utf8').split('\n')
    .map((line, k) => OUTSIDE.test(line) ? `${relative(ROOT, f)}:${k + 1}: ${line.trim()}` : null)
    .filter(Boolean))
  assert.deepEqual(hits, [])
})

/** The Makefile's lines, each with the rule it belongs to (null outside rules). */
function makeLines (text) {
  let rule = null
  return text.split('\n').map((line) => {
    if (/^[^\t#\s][^=]*:(?!=)/.test(line)) rule = line.slice(0, line.indexOf(':')).trim()
    else if (!line.startsWith('\t') && line.trim() !== '') rule = null
    return { line, rule }
  })
}

test('in the Makefile, only the bench takes DATA; mk/*.mk does not', () => {
  const uses = makeLines(readFileSync(join(ROOT, 'Makefile'), 'utf8'))
    .filter(({ line }) => /DATA\b/.test(line) && !/^\s*#/.test(line) && !/^DATA\s*\?=/.test(line))
  assert.ok(uses.length > 0, 'the bench still reads DATA')
  assert.deepEqual(uses.filter(({ rule }) => rule !== 'bench'), [])
  for (const name of readdirSync(join(ROOT, 'mk')).filter((n) => n.endsWith('.mk'))) {
    const text = readFileSync(join(ROOT, 'mk', name), 'utf8')
    assert.doesNotMatch(text, /\$\(DATA\)|\.\.\/shared/, `mk/${name}`)
  }
})

test('tests/data stays small and its README names every file', () => {
  const files = filesUnder(DATA)
  const total = files.reduce((sum, f) => sum + statSync(f).size, 0)
  assert.ok(total < 300 * 1024, `tests/data holds ${total} bytes`)
  const readme = readFileSync(join(DATA, 'README.md'), 'utf8')
  for (const f of files.filter((f) => !f.endsWith('README.md'))) {
    const name = f.slice(f.lastIndexOf('/') + 1)
    assert.ok(readme.includes('`' + name + '`'), `tests/data/README.md says nothing of ${relative(ROOT, f)}`)
  }
})

test('make check: every file its SLOW_JS list leaves out exists', () => {
  const makefile = readFileSync(join(ROOT, 'Makefile'), 'utf8')
  const m = /^SLOW_JS := \$\(addprefix tests\/,([^)]*)\)/m.exec(makefile)
  assert.ok(m, 'the Makefile has a SLOW_JS list')
  const names = m[1].split(/[\s\\]+/).filter(Boolean)
  assert.ok(names.length > 0)
  for (const name of names) assert.ok(statSync(join(TESTS, name), { throwIfNoEntry: false })?.isFile(), `SLOW_JS names tests/${name}, which does not exist`)
})

test('make test and make check first check the devDependencies: a clone without npm install is told so at once', () => {
  const rules = makeLines(readFileSync(join(ROOT, 'Makefile'), 'utf8'))
  for (const target of ['test', 'test-js', 'check', 'check-js']) {
    const line = rules.find(({ line }) => line.startsWith(`${target}:`))?.line ?? ''
    assert.match(line, /^[\w-]+:\s*dev-deps\b/, `make ${target} starts with dev-deps`)
  }
  const run = (root) => spawnSync(process.execPath, [join(ROOT, 'tools/dev-deps.mjs'), root], { encoding: 'utf8', timeout: HANG_MS })
  assert.equal(run(ROOT).status, 0, 'this checkout has its devDependencies')
  const fresh = mkdtempSync(join(tmpdir(), 'dlxkit-fresh-'))
  try {
    const { devDependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
    writeFileSync(join(fresh, 'package.json'), JSON.stringify({ devDependencies }))
    const r = run(fresh)
    assert.equal(r.status, 1)
    assert.match(r.stderr, /^make: the JS tests need the devDependencies; node_modules\/ lacks [^\n]*\bexceljs\b[^\n]*: run npm install first/)
  } finally {
    rmSync(fresh, { recursive: true, force: true })
  }
})

test('without a browser the browser tests fail, they do not hang (their test server is closed all the same)', () => {
  const { NODE_TEST_CONTEXT: _, ...env } = process.env // a run of its own, not a child of this one's runner
  for (const [file, name] of [['sheets.test.mjs', 'the add-in page in Chromium'], ['readme-samples.test.mjs', 'page samples run in Chromium']]) {
    const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', `--test-name-pattern=${name}`, join(TESTS, file)],
      { cwd: ROOT, encoding: 'utf8', env: { ...env, CHROMIUM_PATH: '/nonexistent/chromium' }, timeout: HANG_MS })
    assert.equal(r.signal, null, `${file}: ended by the hang guard`)
    assert.equal(r.status, 1, file)
    assert.match(r.stdout, /Chromium is not at \/nonexistent\/chromium/, file)
  }
})

test('the tarball the README has a clone make (npm pack) is ignored by git, not left to be committed', () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const r = spawnSync('git', ['check-ignore', '-q', `dlxkit-${version}.tgz`], { cwd: ROOT, encoding: 'utf8' })
  assert.equal(r.status, 0, `git does not ignore dlxkit-${version}.tgz`)
})
