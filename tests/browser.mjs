// Shared by the browser tests (web.test.mjs, extension.test.mjs): the system's
// Chromium driven by playwright-core. A missing browser or driver is an
// error with the command that fixes it, never a silent skip.
import { existsSync } from 'node:fs'
import { HANG_MS } from './helpers.mjs'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags that keep a test browser quiet: no update checks, no sync, no QUIC. */
export const QUIET_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--no-first-run', '--disable-quic', '--disable-sync'
]

/** playwright-core's chromium, after checking that the browser is there. */
export async function chromiumDriver () {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`)
  }
  try {
    return (await import('playwright-core')).chromium
  } catch (e) {
    throw new Error(`playwright-core is missing (run npm install): ${e.message}`)
  }
}

/**
 * A headless browser for pages. Its pages wait for anything (a selector, a
 * navigation, a click) up to the tests' hang guard, not playwright's 30 s.
 */
export async function launchBrowser () {
  const chromium = await chromiumDriver()
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', ...QUIET_FLAGS] })
  const newPage = browser.newPage.bind(browser)
  browser.newPage = async (...args) => {
    const page = await newPage(...args)
    page.setDefaultTimeout(HANG_MS)
    return page
  }
  return browser
}

/** A URL the page may load: the test server on localhost, or data: and blob: URLs it makes itself. */
export function isLocal (url) {
  const { protocol, hostname } = new URL(url)
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'chrome-extension:') return true
  return (protocol === 'http:' || protocol === 'https:') && (hostname === 'localhost' || hostname === '127.0.0.1')
}

/** The classic example (Wikipedia's) and its solution, as one line each. */
export const PUZZLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
export const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
