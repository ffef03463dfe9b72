// The published package: `npm pack` the repository, install the tarball into
// a fresh project, and use it as a user would: import 'dlxkit' and
// 'dlxkit/inline', start a worker, run the installed CLI.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, existsSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const CLASSIC = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
const SOLVED = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
// quiet, and never the network: a package without dependencies needs none
const NPM_ENV = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', npm_config_loglevel: 'error' }

let dir, tarball, packed, project

function npm (args, cwd) {
  return execFileSync('npm', args, { cwd, env: NPM_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'dlxkit-pack-'))
  const out = join(dir, 'out')
  mkdirSync(out)
  const report = JSON.parse(npm(['pack', '--json', '--pack-destination', out], ROOT))
  packed = report[0]
  tarball = join(out, packed.filename)
  project = join(dir, 'project')
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'dlxkit-probe', version: '1.0.0', private: true, type: 'module' }))
  npm(['install', '--offline', '--no-audit', '--no-fund', tarball], project)
})

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

test('the tarball holds the build and the CLI, and no tests or build output', () => {
  assert.ok(existsSync(tarball))
  assert.equal(packed.name, 'dlxkit')
  assert.equal(packed.version, PKG.version)
  const files = packed.files.map((f) => f.path)
  // the library's modules (src/js/dlxkit-*.mjs) are in dist/ under their own names
  const library = readdirSync(new URL('../src/js/', import.meta.url)).filter((f) => /^dlxkit-.*\.mjs$/.test(f)).map((f) => `dist/${f}`)
  assert.ok(library.includes('dist/dlxkit-core.mjs') && library.length >= 8, library.join(' '))
  for (const f of ['package.json', 'dist/dlxkit.wasm', 'dist/dlxkit.mjs', 'dist/dlxkit.d.ts', 'dist/dlxkit-inline.mjs', 'dist/dlxkit-worker.mjs', 'dist/dlxkit-browser.mjs', 'dist/dlxkit-worker-browser.mjs', ...library, 'bin/dlxkit.mjs', 'README.md', 'LICENSE']) {
    assert.ok(files.includes(f), `${f} is not in the tarball`)
  }
  for (const f of files) {
    assert.doesNotMatch(f, /^(tests|build|node_modules|\.ci|bench)\//, `${f} should not be published`)
    assert.doesNotMatch(f, /\.o$/, `${f} is an object file`)
  }
  // the tarball itself says the same (npm's report is not the only witness)
  const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean)
  assert.ok(listing.includes('package/dist/dlxkit.wasm'))
  assert.ok(listing.includes('package/bin/dlxkit.mjs'))
  assert.ok(!listing.some((f) => f.startsWith('package/tests/') || f.startsWith('package/build/')))
  // every "exports" target and the bin are in it
  const targets = []
  const walk = (v) => typeof v === 'string' ? targets.push(v) : Object.values(v).forEach(walk)
  walk(PKG.exports)
  for (const t of [...targets, PKG.main, PKG.types, ...Object.values(PKG.bin)]) {
    assert.ok(files.includes(t.replace(/^\.\//, '')), `${t} is not in the tarball`)
  }
})

test('installed: the package sits in node_modules without tests/ or build/', () => {
  const installed = join(project, 'node_modules', 'dlxkit')
  assert.ok(existsSync(join(installed, 'dist', 'dlxkit.wasm')))
  assert.ok(!existsSync(join(installed, 'tests')))
  assert.ok(!existsSync(join(installed, 'build')))
  assert.equal(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version, PKG.version)
})

test("installed: import { load } from 'dlxkit', 'dlxkit/inline', and a worker", () => {
  writeFileSync(join(project, 'probe.mjs'), `
    import { load, DlxError, createWorker } from 'dlxkit'
    const out = {}
    const dlx = await load()
    out.main = dlx.sudoku.solve(${JSON.stringify(CLASSIC)}).solution
    const inline = await import('dlxkit/inline')
    out.inline = (await inline.load()).sudoku.solve(${JSON.stringify(CLASSIC)}).solution
    out.sameError = inline.DlxError === DlxError
    try { dlx.sudoku.solve('55' + '.'.repeat(79)) } catch (e) { out.error = e instanceof DlxError && e.code }
    const w = await createWorker()
    out.worker = (await w.sudoku.solve(${JSON.stringify(CLASSIC)})).solution
    w.terminate()
    out.resolved = [import.meta.resolve('dlxkit'), import.meta.resolve('dlxkit/worker'), import.meta.resolve('dlxkit/dlxkit.wasm')]
    process.stdout.write(JSON.stringify(out))
  `)
  const out = JSON.parse(execFileSync(process.execPath, ['probe.mjs'], { cwd: project, encoding: 'utf8', timeout: 60000 }))
  assert.equal(out.main, SOLVED)
  assert.equal(out.inline, SOLVED)
  assert.equal(out.sameError, true)
  assert.equal(out.error, 'CLASH')
  assert.equal(out.worker, SOLVED)
  const base = new URL(`file://${project}/node_modules/dlxkit/`).href
  assert.deepEqual(out.resolved, [base + 'dist/dlxkit.mjs', base + 'dist/dlxkit-worker.mjs', base + 'dist/dlxkit.wasm'])
})

test('installed: the dlxkit CLI runs from node_modules/.bin', () => {
  const bin = join(project, 'node_modules', '.bin', 'dlxkit')
  assert.ok(existsSync(bin))
  const version = execFileSync(bin, ['--version'], { cwd: project, encoding: 'utf8', timeout: 30000 })
  assert.match(version, new RegExp(PKG.version.replace(/\./g, '\\.')))
  const solved = execFileSync(bin, ['sudoku'], { cwd: project, input: CLASSIC + '\n', encoding: 'utf8', timeout: 30000 })
  assert.ok(solved.includes(SOLVED), `dlxkit sudoku printed: ${solved}`)
  // and through npx, with no network
  const viaNpx = execFileSync('npx', ['--offline', '--no-install', 'dlxkit', 'sudoku'], { cwd: project, env: NPM_ENV, input: CLASSIC + '\n', encoding: 'utf8', timeout: 60000 })
  assert.ok(viaNpx.includes(SOLVED))
})
