// The browser extension in web/extension/, built from dist/ by
// tools/build-extension.mjs and loaded unpacked into Chromium with a fresh
// profile: its service worker adds the context-menu entry, and its popup
// page solves puzzles with the network off.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildExtension } from '../tools/build-extension.mjs'
import { chromiumDriver, CHROMIUM, QUIET_FLAGS, PUZZLE, SOLUTION } from './browser.mjs'

let context
let profile
let extensionId
let serviceWorker

function boardLine (page) {
  return page.$$eval('#board .cell', (cells) => cells.map((c) => c.textContent || '.').join(''))
}

/** A page of the extension that records every request it makes. */
async function openPopup (hash = '') {
  const page = await context.newPage()
  const requests = []
  const errors = []
  page.on('request', (r) => requests.push(r.url()))
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`))
  await page.goto(`chrome-extension://${extensionId}/popup.html${hash}`)
  await page.waitForSelector('body[data-ready="true"]')
  return { page, requests, errors }
}

before(async () => {
  const dir = await buildExtension()
  const chromium = await chromiumDriver()
  profile = await mkdtemp(join(tmpdir(), 'dlxkit-extension-profile-'))
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: false, // the flag below: only the new headless mode loads extensions
    ignoreDefaultArgs: ['--disable-extensions'],
    args: ['--headless=new', ...QUIET_FLAGS, `--disable-extensions-except=${dir}`, `--load-extension=${dir}`]
  })
  serviceWorker = context.serviceWorkers()[0] ?? await context.waitForEvent('serviceworker', { timeout: 15000 })
  extensionId = new URL(serviceWorker.url()).host
  await context.setOffline(true)
})

after(async () => {
  await context?.close()
  if (profile) await rm(profile, { recursive: true, force: true })
})

test('the service worker adds "Solve this Sudoku" to the context menu', async () => {
  // update() fails for an id that was never created.
  const menuError = (id) => serviceWorker.evaluate((menuId) => new Promise((resolve) => {
    chrome.contextMenus.update(menuId, {}, () => resolve(chrome.runtime.lastError?.message ?? null))
  }), id)
  // The entry is made by onInstalled, which may still be running on a busy machine: wait for it.
  let error = await menuError('solve-sudoku')
  for (let tries = 0; error !== null && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    error = await menuError('solve-sudoku')
  }
  assert.equal(error, null)
  assert.notEqual(await menuError('no-such-entry'), null)
})

test('the popup solves a puzzle with the network off', async () => {
  const { page, requests, errors } = await openPopup()
  await page.fill('#puzzle-text', PUZZLE)
  await page.click('#load-text')
  await page.waitForSelector('#status[data-result="loaded"]')
  await page.click('#solve')
  await page.waitForSelector('#status[data-result="solved"]')
  assert.equal(await boardLine(page), SOLUTION)
  // Everything came from the extension itself, and no .wasm file was fetched (the bytes are inline).
  assert.deepEqual(requests.filter((url) => !url.startsWith(`chrome-extension://${extensionId}/`)), [])
  assert.deepEqual(requests.filter((url) => url.endsWith('.wasm')), [])
  assert.deepEqual(errors, [])
  await page.close()
})

test('a selection opened by the context menu (puzzle in the hash) is solved on arrival', async () => {
  // Selected text arrives with its line breaks turned into spaces.
  const selection = PUZZLE.split('').join(' ')
  const { page, errors } = await openPopup(`#${encodeURIComponent(selection)}`)
  await page.waitForSelector('#status[data-result="solved"]')
  assert.equal(await boardLine(page), SOLUTION)
  assert.deepEqual(errors, [])
  await page.close()
})

test('a grid selected from a page (borders, * blanks, one line) is solved on arrival; a bad one says where', async () => {
  const rows = PUZZLE.replace(/\./g, '*').match(/.{9}/g)
  const framed = ['+-------+-------+-------+', ...rows.flatMap((r, i) => [
    `| ${[r.slice(0, 3), r.slice(3, 6), r.slice(6)].map((s) => [...s].join(' ')).join(' | ')} |`,
    ...(i % 3 === 2 ? ['+-------+-------+-------+'] : [])])]
  const { page, errors } = await openPopup(`#${encodeURIComponent(framed.join(' '))}`)
  await page.waitForSelector('#status[data-result="solved"]')
  assert.equal(await boardLine(page), SOLUTION)
  await page.fill('#puzzle-text', PUZZLE.replace('5', 'Z'))
  await page.click('#load-text')
  await page.waitForSelector('#status[data-result="error"]')
  assert.match(await page.textContent('#status'), /'Z' .*line 1, column 1/)
  assert.deepEqual(errors, [])
  await page.close()
})
