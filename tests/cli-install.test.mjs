// Install advice that fits how dlxkit was installed (bin/lib/install-advice.mjs):
// `dlxkit sheet` without exceljs says the command that puts exceljs where
// this dlxkit looks for it. The package is laid out as npm lays it out
// (global prefix, project, npx cache, source folder); following the advice
// is played by linking exceljs to the place the advised command installs
// it, after which dlxkit sheet finds it. Run: node --test tests/cli-install.test.mjs
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './cli-helpers.mjs'
import { installAdvice } from '../bin/lib/install-advice.mjs'
import { HANG_MS } from './helpers.mjs'

let dir
before(() => { dir = realpathSync(mkdtempSync(join(tmpdir(), 'dlxkit-install-'))) })
after(() => rmSync(dir, { recursive: true, force: true }))

/** The parts of the package dlxkit sheet runs from, copied to `to`. */
function installCopy (to) {
  mkdirSync(to, { recursive: true })
  for (const part of ['bin', 'src', 'dist', 'package.json']) cpSync(join(ROOT, part), join(to, part), { recursive: true })
  return to
}

/** dlxkit sheet from the copy at `packageDir` (no workbook: only the exceljs check and what follows). */
function sheetFrom (packageDir) {
  return spawnSync(process.execPath, [join(packageDir, 'bin', 'dlxkit.mjs'), 'sheet', 'missing.xlsx'], { cwd: dir, encoding: 'utf8', timeout: HANG_MS, env: { ...process.env, NODE_PATH: '' } })
}

const advice = (from, command) => `dlxkit: sheet needs the package exceljs, which ${from} does not find; install it with:\n  ${command}\n`

describe('dlxkit sheet without exceljs', () => {
  test('a global install in its own prefix: npm install -g --prefix PREFIX exceljs, which then works', () => {
    const prefix = join(dir, 'global')
    mkdirSync(join(prefix, 'bin'), { recursive: true })
    const pkg = installCopy(join(prefix, 'lib', 'node_modules', 'dlxkit'))
    const r = sheetFrom(pkg)
    assert.equal(r.status, 2)
    assert.equal(r.stderr, advice(`the global dlxkit in ${prefix}`, `npm install -g --prefix ${prefix} exceljs`))
    // what that command does: exceljs in PREFIX/lib/node_modules
    symlinkSync(join(ROOT, 'node_modules', 'exceljs'), join(prefix, 'lib', 'node_modules', 'exceljs'))
    const after = sheetFrom(pkg)
    assert.equal(after.status, 2)
    assert.match(after.stderr, /^dlxkit: cannot read 'missing\.xlsx': no such file/, 'exceljs found; now the workbook is looked for')
  })

  test("a project's dependency: cd PROJECT && npm install exceljs, which then works", () => {
    const project = join(dir, 'project')
    const pkg = installCopy(join(project, 'node_modules', 'dlxkit'))
    writeFileSync(join(project, 'package.json'), '{ "name": "my-app", "private": true }\n')
    const r = sheetFrom(pkg)
    assert.equal(r.status, 2)
    assert.equal(r.stderr, advice(`the dlxkit of the project ${project}`, `cd ${project} && npm install exceljs`))
    symlinkSync(join(ROOT, 'node_modules', 'exceljs'), join(project, 'node_modules', 'exceljs'))
    assert.match(sheetFrom(pkg).stderr, /^dlxkit: cannot read 'missing\.xlsx'/)
  })

  test('a source folder: npm install there (exceljs is a development dependency)', () => {
    const source = installCopy(join(dir, 'checkout'))
    const r = sheetFrom(source)
    assert.equal(r.stderr, advice(`the dlxkit source folder ${source}`, `cd ${source} && npm install`))
  })
})

describe('installAdvice', () => {
  const layout = (...parts) => { const p = join(dir, 'layouts', ...parts); mkdirSync(p, { recursive: true }); return p }

  test("npm's own global prefix: plain npm install -g", () => {
    const pkg = layout('usr', 'lib', 'node_modules', 'dlxkit')
    const node = join(dir, 'layouts', 'usr', 'bin', 'node')
    assert.deepEqual(installAdvice('exceljs', { packageDir: pkg, execPath: node, platform: 'linux', env: {} }), { command: 'npm install -g exceljs', from: `the global dlxkit in ${join(dir, 'layouts', 'usr')}` })
    assert.equal(installAdvice('exceljs', { packageDir: pkg, execPath: '/elsewhere/bin/node', platform: 'linux', env: { npm_config_prefix: join(dir, 'layouts', 'usr') } }).command, 'npm install -g exceljs', 'the prefix npm was told to use')
  })

  test('Windows: packages sit in PREFIX\\node_modules', () => {
    const pkg = layout('nodejs', 'node_modules', 'dlxkit')
    const r = installAdvice('exceljs', { packageDir: pkg, execPath: join(dir, 'layouts', 'nodejs', 'node.exe'), platform: 'win32', env: {} })
    assert.equal(r.command, 'npm install -g exceljs')
  })

  test("the project's package manager, by its lock file; pnpm's nested folder", () => {
    const project = layout('pnpm-app')
    writeFileSync(join(project, 'package.json'), '{}')
    writeFileSync(join(project, 'pnpm-lock.yaml'), '')
    const pkg = layout('pnpm-app', 'node_modules', '.pnpm', 'dlxkit@0.1.0', 'node_modules', 'dlxkit')
    assert.equal(installAdvice('exceljs', { packageDir: pkg }).command, `cd ${project} && pnpm add exceljs`)
    const yarn = layout('yarn app')
    writeFileSync(join(yarn, 'package.json'), '{}')
    writeFileSync(join(yarn, 'yarn.lock'), '')
    assert.equal(installAdvice('exceljs', { packageDir: layout('yarn app', 'node_modules', 'dlxkit') }).command, `cd '${yarn}' && yarn add exceljs`, 'a path with a space is quoted')
  })

  test('npx: both packages for the one run', () => {
    const cache = layout('.npm', '_npx', '1a2b3c')
    writeFileSync(join(cache, 'package.json'), '{}')
    const pkg = layout('.npm', '_npx', '1a2b3c', 'node_modules', 'dlxkit')
    assert.equal(installAdvice('exceljs', { packageDir: pkg }).command, 'npx -p dlxkit -p exceljs dlxkit ...')
  })
})
