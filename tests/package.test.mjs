// The published package: `npm pack` the repository, install the tarball into
// a fresh project (as the README's first lines say), and use it as a user
// would: import 'dlxkit' and 'dlxkit/inline', start a worker, run the
// installed CLI, find every file the README and docs/ name, run make in it.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, existsSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HANG_MS } from './helpers.mjs'

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
  const out = JSON.parse(execFileSync(process.execPath, ['probe.mjs'], { cwd: project, encoding: 'utf8', timeout: HANG_MS }))
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
  const version = execFileSync(bin, ['--version'], { cwd: project, encoding: 'utf8', timeout: HANG_MS })
  assert.match(version, new RegExp(PKG.version.replace(/\./g, '\\.')))
  const solved = execFileSync(bin, ['sudoku'], { cwd: project, input: CLASSIC + '\n', encoding: 'utf8', timeout: HANG_MS })
  assert.ok(solved.includes(SOLVED), `dlxkit sudoku printed: ${solved}`)
  // and through npx, with no network
  const viaNpx = execFileSync('npx', ['--offline', '--no-install', 'dlxkit', 'sudoku'], { cwd: project, env: NPM_ENV, input: CLASSIC + '\n', encoding: 'utf8', timeout: HANG_MS })
  assert.ok(viaNpx.includes(SOLVED))
})

test("the README's first lines say how to install (npm pack, then npm install the tarball) and how to run", () => {
  const top = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').slice(0, 30).join('\n')
  assert.match(top, /npm pack/)
  assert.match(top, /npm install \S*dlxkit-\d+\.\d+\.\d+\.tgz/)
  assert.match(top, /npx dlxkit sudoku/)
  assert.match(top, /import \{ load \} from 'dlxkit'/)
  assert.match(top, new RegExp(`dlxkit-${PKG.version.replace(/\./g, '\\.')}\\.tgz`), 'the tarball named for this version')
  assert.equal(packed.filename, `dlxkit-${PKG.version}.tgz`)
})

// Built from shipped files by `make extension` (or npm run build:extension): not in the tarball.
const BUILT = new Set(['web/extension/lib/'])

test('installed: every file and folder the README and docs/ name is in the package (web/excel, web/typst, web/extension, the Apps Script file)', () => {
  const installed = join(project, 'node_modules', 'dlxkit')
  const docs = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]
  for (const f of docs) assert.ok(existsSync(join(installed, f)), `${f} is not in the package`)
  const readme = docs.map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n')
  const named = new Set([...readme.matchAll(/`((?:dist|web|bin|tools|src|include|mk)\/[^`\s]*)`/g)].map((m) => m[1]))
  for (const p of ['web/excel/', 'web/typst/', 'web/extension/', 'web/apps-script/README.md', 'dist/dlxkit-apps-script.js']) {
    assert.ok(named.has(p), `neither the README nor docs/ name ${p}`)
  }
  for (const p of named) {
    if (BUILT.has(p)) continue
    const full = join(installed, p)
    assert.ok(existsSync(full), `the docs name ${p}, which is not in the package`)
    if (p.endsWith('/')) assert.ok(readdirSync(full).length > 0, `${p} is empty in the package`)
  }
  for (const f of ['web/excel/manifest.xml', 'web/typst/dlxkit.typ', 'web/typst/typst.toml', 'web/typst/dlxkit-typst.wasm', 'web/extension/manifest.json']) {
    assert.ok(existsSync(join(installed, f)), `${f} is not in the package`)
  }
  // the extension's lib/ is made from what is shipped, with no compiler
  execFileSync(process.execPath, ['tools/build-extension.mjs'], { cwd: installed, encoding: 'utf8', timeout: HANG_MS })
  const manifest = JSON.parse(readFileSync(join(installed, 'web/extension/manifest.json'), 'utf8'))
  for (const icon of Object.values(manifest.icons)) assert.ok(existsSync(join(installed, 'web/extension', icon)), `${icon} after the build`)
})

/** make in the installed package: its status and what it said. */
function make (args) {
  const r = spawnSync('make', args, { cwd: join(project, 'node_modules', 'dlxkit'), encoding: 'utf8', timeout: HANG_MS })
  return { status: r.status, out: r.stdout + r.stderr }
}

test('installed: make finds every file it needs, builds the native CLI, and says plainly what it cannot do', { timeout: HANG_MS }, () => {
  const dry = make(['-n'])
  assert.equal(dry.status, 0, `make -n: ${dry.out}`) // no "No rule to make target": tools/, mk/, web/ are there
  const native = make(['native'])
  assert.equal(native.status, 0, native.out)
  writeFileSync(join(dir, 'two.dlx'), 'a b c | x\na x:red\nb c x:red\nb x:blue\n')
  const counted = execFileSync(join(project, 'node_modules/dlxkit/build/dlx'), ['--count', join(dir, 'two.dlx')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  assert.equal(counted.trim(), '1')
  const tests = make(['test'])
  assert.notEqual(tests.status, 0)
  assert.match(tests.out, /the tests and benchmarks are in dlxkit's source repository, not in the npm package/)
  const noEmcc = make(['dist', 'EMCC=/nonexistent/emcc'])
  assert.notEqual(noEmcc.status, 0)
  assert.match(noEmcc.out, /\/nonexistent\/emcc not found\. dist\/ is built already .*Rebuilding it needs Emscripten: apt-get install emscripten/)
})
