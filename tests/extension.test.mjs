// The browser extension in web/extension/, built from src/js/ and dist/ by
// tools/build-extension.mjs and loaded unpacked into Chromium with a fresh
// profile: its service worker adds the context-menu entry, and its popup
// page solves puzzles with the network off, gives hints and the steps (the
// page's modules), fits Chrome's popup size, and the extension has its icons.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildExtension, encodePng, ICON_SIZES } from '../tools/build-extension.mjs'
import { iconPixels } from '../web/icon.mjs'
import { chromiumDriver, CHROMIUM, QUIET_FLAGS, PUZZLE, SOLUTION } from './browser.mjs'
import { HANG_MS } from './helpers.mjs'
import { load } from '../src/js/dlxkit.mjs'

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
  context.setDefaultTimeout(HANG_MS) // waits are hang guards only
  serviceWorker = context.serviceWorkers()[0] ?? await context.waitForEvent('serviceworker')
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
  for (const until = Date.now() + HANG_MS; error !== null && Date.now() < until;) {
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

test('the popup fits Chrome\'s 800 x 600 with every board whole, 25x25 included', async () => {
  const { page, errors } = await openPopup()
  await page.setViewportSize({ width: 800, height: 600 })
  await page.click('.more summary') // the size menu is in the folded section
  for (const size of [9, 16, 25]) {
    await page.selectOption('#size', String(size))
    await page.waitForFunction((n) => document.querySelectorAll('#board .cell').length === n * n, size)
    const box = await page.evaluate(() => {
      const board = document.getElementById('board').getBoundingClientRect()
      const cells = [...document.querySelectorAll('#board .cell')]
      const last = cells.at(-1).getBoundingClientRect()
      const hit = document.elementFromPoint(last.x + last.width / 2, last.y + last.height / 2)
      return {
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
        right: board.right,
        bottom: board.bottom,
        cell: Math.min(...cells.map((c) => c.getBoundingClientRect().width)),
        lastVisible: hit === cells.at(-1) || cells.at(-1).contains(hit)
      }
    })
    assert.ok(box.width <= 800 && box.height <= 600, `${size}x${size}: the popup is ${box.width} x ${box.height}`)
    assert.ok(box.right <= 800 && box.bottom <= 600, `${size}x${size}: the board ends at ${box.right}, ${box.bottom}`)
    assert.ok(box.cell >= 16, `${size}x${size}: cells of ${box.cell} px`)
    assert.ok(box.lastVisible, `${size}x${size}: the last cell is hidden`)
  }
  assert.deepEqual(errors, [])
  await page.close()
})

test('the extension has icons of 16, 32, 48 and 128 px, drawn the same every build, that Chromium decodes', async () => {
  const dir = await buildExtension()
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
  assert.deepEqual(Object.keys(manifest.icons).map(Number), ICON_SIZES)
  for (const size of ICON_SIZES) {
    const file = join(dir, manifest.icons[size])
    const bytes = readFileSync(file)
    assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG')
    assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [size, size], file)
    assert.deepEqual(bytes, encodePng(iconPixels(size), size))
  }
  for (const path of Object.values(manifest.action.default_icon)) assert.ok(Object.values(manifest.icons).includes(path), path)
  // Chromium reads them: a transparent corner, an opaque tile.
  const { page } = await openPopup()
  const seen = await page.evaluate(async (paths) => Promise.all(paths.map(async (path) => {
    const bitmap = await createImageBitmap(await (await fetch(path)).blob())
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const g = canvas.getContext('2d')
    g.drawImage(bitmap, 0, 0)
    const alpha = (x, y) => g.getImageData(x, y, 1, 1).data[3]
    return { width: bitmap.width, corner: alpha(0, 0), inside: alpha(2, Math.floor(bitmap.height / 2)) }
  })), Object.values(manifest.icons))
  assert.deepEqual(seen, ICON_SIZES.map((width) => ({ width, corner: 0, inside: 255 })))
  await page.close()
})

test('the popup\'s Hint shows the first step at depths 1, 2 and 3, Apply makes it, and Show steps lists the explanation; a bad grid says why', async () => {
  const kit = await load()
  const { page, errors } = await openPopup()
  await page.setViewportSize({ width: 800, height: 600 })
  await page.fill('#puzzle-text', PUZZLE)
  await page.click('#load-text')
  await page.waitForSelector('#status[data-result="loaded"]')
  const { steps, rating } = kit.sudoku.steps(PUZZLE)
  const at = ({ row, col }) => row * 9 + col
  for (const depth of [1, 2, 3]) {
    await page.click('#hint')
    await page.waitForSelector(`#hint-text[data-result="depth-${depth}"]`)
    const hint = kit.sudoku.hint(PUZZLE, { depth })
    assert.ok((await page.textContent('#hint-text')).endsWith(hint.text), `depth ${depth}`)
    const lit = await page.$$eval('#board .cell', (cells) => cells.flatMap((c, i) => c.classList.contains('hinted') ? [i] : []))
    assert.deepEqual(lit, hint.cells.map(at).sort((a, b) => a - b), `depth ${depth}`)
  }
  assert.ok((await page.textContent('#hint-text')).endsWith(steps[0].text))
  await page.click('#apply-hint')
  const [move] = steps[0].placements
  await page.waitForSelector(`.cell[data-row="${move.row}"][data-col="${move.col}"][data-kind="hint"]`)
  assert.equal(await page.textContent(`.cell[data-row="${move.row}"][data-col="${move.col}"]`), String(move.digit))
  await page.click('#show-steps')
  await page.waitForSelector('#difficulty[data-result="rated"]')
  assert.equal(await page.locator('#steps-list li').count(), steps.length)
  assert.equal(await page.textContent('#steps-list li:first-child'), steps[0].text)
  assert.ok((await page.textContent('#difficulty')).includes(`${rating.technique}, ${rating.rating.toFixed(1)}`))
  // Still within Chrome's popup: the steps list is short and scrolls.
  const size = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight])
  assert.ok(size[0] <= 800 && size[1] <= 600, `the popup is ${size.join(' x ')}`)
  // Too few givens: the message and its code, in the hint and the steps panel.
  await page.fill('#puzzle-text', '1' + '.'.repeat(80))
  await page.click('#load-text')
  await page.waitForSelector('#status[data-result="loaded"]')
  await page.click('#hint')
  await page.waitForSelector('#hint-text[data-result="error"]')
  assert.match(await page.textContent('#hint-text'), /more than one solution.*\(AMBIGUOUS\)$/)
  await page.waitForSelector('#difficulty[data-result="error"]')
  assert.match(await page.textContent('#difficulty'), /\(AMBIGUOUS\)$/)
  assert.deepEqual(errors, [])
  await page.close()
})
