// The published package: `npm pack` the repository, install the tarball into
// a fresh project (as the README's first lines say), and use it as a user
// would: import 'dlxkit', 'dlxkit/inline', 'dlxkit/sheets', start a worker
// ('dlxkit/worker'), run the installed CLI, find every file the README and
// docs/ name, run make in it. The same from a git URL (git+file:// of a bare
// repository holding this checkout's HEAD: what is committed, not the
// working tree), which npm installs with no build step and no devDependencies.
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

let dir, tarball, packed, project, fromGit

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
  // HEAD pushed to a bare repository, installed by its git+file:// URL
  const bare = join(dir, 'dlxkit.git')
  execFileSync('git', ['init', '-q', '--bare', bare])
  execFileSync('git', ['push', '-q', bare, 'HEAD:refs/heads/main'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  execFileSync('git', ['symbolic-ref', 'HEAD', 'refs/heads/main'], { cwd: bare }) // npm reads the remote's HEAD
  fromGit = join(dir, 'from-git')
  mkdirSync(fromGit)
  writeFileSync(join(fromGit, 'package.json'), JSON.stringify({ name: 'dlxkit-git-probe', version: '1.0.0', private: true, type: 'module' }))
  npm(['install', '--offline', '--no-audit', '--no-fund', `git+file://${bare}#main`], fromGit)
})

/** Both installs: [how, the project's folder]. */
const installs = () => [['tarball', project], ['git URL', fromGit]]

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

test('the tarball holds the build and the CLI, and no tests or build output', () => {
  assert.ok(existsSync(tarball))
  assert.equal(packed.name, 'dlxkit')
  assert.equal(packed.version, PKG.version)
  const files = packed.files.map((f) => f.path)
  // the library is src/js/ as it is; dist/ holds the modules and the bundles
  const library = readdirSync(new URL('../src/js/', import.meta.url)).filter((f) => /\.(mjs|d\.ts)$/.test(f)).map((f) => `src/js/${f}`)
  assert.ok(library.includes('src/js/dlxkit-core.mjs') && library.includes('src/js/dlxkit.mjs') && library.length >= 20, library.join(' '))
  for (const f of ['package.json', 'dist/dlxkit.wasm', 'dist/dlxkit-inline.mjs', 'dist/dlxkit-apps-script.js', ...library, 'bin/dlxkit.mjs', 'README.md', 'LICENSE']) {
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

// npm installs a git dependency with a script of these names by first running
// `npm install` in its clone, devDependencies and all (pacote's git fetcher):
// a user would download a bundler, a browser driver and TypeScript for nothing.
test('a git URL install needs no devDependencies: no script that makes npm prepare the clone', () => {
  for (const name of ['build', 'prepare', 'prepack', 'preinstall', 'install', 'postinstall']) {
    assert.ok(!(name in (PKG.scripts ?? {})), `package.json has the script "${name}"`)
  }
  assert.equal(readdirSync(join(fromGit, 'node_modules')).filter((f) => !f.startsWith('.')).join(' '), 'dlxkit', 'the git install brought nothing else')
})

test('installed (tarball, git URL): the package sits in node_modules without tests/ or build/', () => {
  for (const [how, where] of installs()) {
    const installed = join(where, 'node_modules', 'dlxkit')
    for (const f of ['dist/dlxkit.wasm', 'dist/dlxkit-inline.mjs', 'src/js/dlxkit.mjs', 'bin/dlxkit.mjs']) {
      assert.ok(existsSync(join(installed, f)), `${how}: ${f} is missing`)
    }
    assert.ok(!existsSync(join(installed, 'tests')), how)
    assert.ok(!existsSync(join(installed, 'build')), how)
    assert.equal(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version, PKG.version, how)
  }
})

test("installed (tarball, git URL): 'dlxkit' solves and counts, 'dlxkit/inline', 'dlxkit/sheets', 'dlxkit/worker'", () => {
  for (const [how, where] of installs()) {
    writeFileSync(join(where, 'probe.mjs'), `
      import { load, DlxError, createWorker } from 'dlxkit'
      import { loadSheetFunctions } from 'dlxkit/sheets'
      const out = {}
      const dlx = await load()
      out.main = dlx.sudoku.solve(${JSON.stringify(CLASSIC)}).solution
      out.count = dlx.parseDlx('a b c\\na b\\nc\\na\\nb c\\n').count()
      const inline = await import('dlxkit/inline')
      out.inline = (await inline.load()).sudoku.solve(${JSON.stringify(CLASSIC)}).solution
      out.sameError = inline.DlxError === DlxError
      try { dlx.sudoku.solve('55' + '.'.repeat(79)) } catch (e) { out.error = e instanceof DlxError && e.code }
      const sheets = await loadSheetFunctions()
      out.sheetCount = sheets.EXACTCOVER_COUNT([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]])
      const w = await createWorker()
      out.worker = (await w.sudoku.solve(${JSON.stringify(CLASSIC)})).solution
      w.terminate()
      // the worker entry by its package name
      const named = await createWorker({ workerUrl: new URL(import.meta.resolve('dlxkit/worker')) })
      out.namedWorker = await (await named.parseDlx('a b\\na\\nb\\n')).count()
      named.terminate()
      out.resolved = ['dlxkit', 'dlxkit/inline', 'dlxkit/sheets', 'dlxkit/worker', 'dlxkit/dlxkit.wasm'].map((n) => import.meta.resolve(n))
      process.stdout.write(JSON.stringify(out))
    `)
    const out = JSON.parse(execFileSync(process.execPath, ['probe.mjs'], { cwd: where, encoding: 'utf8', timeout: HANG_MS }))
    assert.equal(out.main, SOLVED, how)
    assert.equal(out.count, 2, how)
    assert.equal(out.inline, SOLVED, how)
    assert.equal(out.sameError, true, how)
    assert.equal(out.error, 'CLASH', how)
    assert.equal(out.sheetCount, 2, how)
    assert.equal(out.worker, SOLVED, how)
    assert.equal(out.namedWorker, 1, how)
    const base = new URL(`file://${where}/node_modules/dlxkit/`).href
    assert.deepEqual(out.resolved, ['src/js/dlxkit.mjs', 'dist/dlxkit-inline.mjs', 'src/js/dlxkit-sheets.mjs', 'src/js/dlxkit-worker.mjs', 'dist/dlxkit.wasm'].map((f) => base + f), how)
  }
})

test('installed (tarball, git URL): the dlxkit CLI runs from node_modules/.bin and through npx', () => {
  for (const [how, where] of installs()) {
    const bin = join(where, 'node_modules', '.bin', 'dlxkit')
    assert.ok(existsSync(bin), how)
    const version = execFileSync(bin, ['--version'], { cwd: where, encoding: 'utf8', timeout: HANG_MS })
    assert.match(version, new RegExp(PKG.version.replace(/\./g, '\\.')), how)
    const solved = execFileSync(bin, ['sudoku'], { cwd: where, input: CLASSIC + '\n', encoding: 'utf8', timeout: HANG_MS })
    assert.ok(solved.includes(SOLVED), `${how}: dlxkit sudoku printed: ${solved}`)
    // and through npx, with no network
    const viaNpx = execFileSync('npx', ['--offline', '--no-install', 'dlxkit', '--version'], { cwd: where, env: NPM_ENV, encoding: 'utf8', timeout: HANG_MS })
    assert.equal(viaNpx, version, how)
  }
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
