// Shared by the tests/cli*.test.mjs files: the CLI run as a user runs it,
// `node bin/dlxkit.mjs ...`, with a pipe or under a pseudo-terminal.
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DATA, HANG_MS } from './helpers.mjs'

export const ROOT = new URL('..', import.meta.url).pathname
export { DATA }
export const exactCover = (name) => join(DATA, 'exact-cover', name)

/** Run the CLI; returns { status, stdout, stderr }. */
export function dlxkit (args, { input, env } = {}) {
  const r = spawnSync(process.execPath, ['bin/dlxkit.mjs', ...args], { cwd: ROOT, input, env: env && { ...process.env, ...env }, encoding: 'utf8', timeout: HANG_MS, maxBuffer: 1 << 28 })
  if (r.error) throw r.error
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** Run the CLI and insist on exit status 0. */
export function ok (args, options) {
  const r = dlxkit(args, options)
  assert.equal(r.status, 0, `dlxkit ${args.join(' ')} exited ${r.status}: ${r.stderr}`)
  return r
}

export const lines = (text) => text.split('\n').filter(Boolean)

/** util-linux script(1), which runs a command under a pseudo-terminal. */
export const SCRIPT = '/usr/bin/script'
export const noTerminal = !existsSync(SCRIPT) && 'no script(1) to make a terminal'

const shellQuote = (s) => `'${String(s).replace(/'/g, "'\\''")}'`

/**
 * The CLI under a pseudo-terminal (stdin, stdout and stderr all on it), as
 * `script -qfec CMD /dev/null`: returns the child and a promise of
 * { status, output } (output: all the terminal showed). env: added to the
 * environment (TERM, ...). The child's stdin feeds the terminal: writing
 * '\x03' there is a Ctrl-C typed at the keyboard.
 */
export function onTerminal (args, { env = {} } = {}) {
  // timeout(1): a test that fails or times out leaves no endless run behind.
  // --foreground keeps the CLI in the terminal's foreground process group, so
  // that Ctrl-C reaches it even when script(1) runs the command through a
  // shell that forks (dash, when SHELL is unset, as on CI machines).
  const command = ['timeout', '--foreground', String(HANG_MS / 1000), process.execPath, 'bin/dlxkit.mjs', ...args].map(shellQuote).join(' ')
  const child = spawn(SCRIPT, ['-qfec', command, '/dev/null'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] })
  let output = ''
  const waiters = []
  child.stdout.on('data', (d) => {
    output += d
    for (const w of waiters.splice(0)) if (!w.test(output)) waiters.push(w)
  })
  const done = new Promise((resolve) => child.on('close', (status) => {
    for (const w of waiters.splice(0)) w.fail(output)
    resolve({ status, output })
  }))
  /** Resolves once the output matches `pattern` (rejects if the run ends first). */
  const waitFor = (pattern) => new Promise((resolve, reject) => {
    const w = { test: (text) => pattern.test(text) && (resolve(text), true), fail: (text) => reject(new Error(`the run ended before ${pattern}: ${JSON.stringify(text)}`)) }
    if (!w.test(output)) waiters.push(w)
  })
  return { child, done, waitFor }
}
