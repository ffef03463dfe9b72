#!/usr/bin/env node
// Make web/extension/ loadable: copy the library from dist/ and the page's
// Sudoku modules from web/ into web/extension/lib/ (git-ignored), so that
// the extension always carries what `make dist` built and nothing goes stale;
// draw its icons there (lib/icon-16.png ... lib/icon-128.png, web/icon.mjs).
// `node tools/build-extension.mjs`, or buildExtension() from a test.
import { copyFile, mkdir, rm, readFile, readdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { iconPixels } from '../web/icon.mjs'
import { encodePng } from './png.mjs'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
export const EXTENSION_DIR = join(REPO_ROOT, 'web', 'extension')

/**
 * The library: its .mjs files in dist/ (dlxkit-inline.mjs carries the
 * module's bytes, so no .wasm file is needed).
 */
const fromDist = async (root) => (await readdir(join(root, 'dist'))).filter((f) => f.endsWith('.mjs'))

/** The Sudoku panel and what it imports (a missing one fails the extension test loudly). */
const FROM_WEB = [
  'sudoku-panel.mjs', 'board.mjs', 'keypad.mjs', 'shape.mjs', 'jigsaw.mjs',
  'task.mjs', 'format.mjs', 'style.css'
]

export { encodePng } // the tests compare the icons with it

/** The sizes manifest.json names (lib/icon-N.png). */
export const ICON_SIZES = [16, 32, 48, 128]

/** Build lib/ afresh; resolves to the extension's directory. */
export async function buildExtension ({ root = REPO_ROOT } = {}) {
  const extension = join(root, 'web', 'extension')
  const lib = join(extension, 'lib')
  await rm(lib, { recursive: true, force: true })
  await mkdir(lib, { recursive: true })
  for (const name of await fromDist(root)) await copyFile(join(root, 'dist', name), join(lib, name))
  for (const name of FROM_WEB) {
    // The page's modules import the library as 'dlxkit' (the page's import
    // map); the extension has no import map, so they name its copy instead.
    const text = await readFile(join(root, 'web', name), 'utf8')
    await writeFile(join(lib, name), name.endsWith('.mjs') ? text.replaceAll(/ from 'dlxkit'/g, " from './dlxkit-inline.mjs'") : text)
  }
  for (const size of ICON_SIZES) await writeFile(join(lib, `icon-${size}.png`), encodePng(iconPixels(size), size))
  // Fail here rather than in the browser when the manifest is not JSON.
  JSON.parse(await readFile(join(extension, 'manifest.json'), 'utf8'))
  return extension
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildExtension().then((dir) => {
    console.log(`extension built in ${dir}: load it as an unpacked extension (chrome://extensions, Developer mode)`)
  }, (e) => {
    console.error(`cannot build the extension: ${e.message}`)
    process.exit(1)
  })
}
