#!/usr/bin/env node
// Make web/extension/ loadable: copy the library (src/js/, and
// dist/dlxkit-inline.mjs, which `make dist` built) and the page's Sudoku
// modules from web/ into web/extension/lib/ (git-ignored), so that nothing
// goes stale; draw its icons there (lib/icon-16.png ... lib/icon-128.png,
// web/icon.mjs).
// `node tools/build-extension.mjs`, or buildExtension() from a test.
import { copyFile, mkdir, rm, readFile, readdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { iconPixels } from '../web/icon.mjs'
import { encodePng } from './png.mjs'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
export const EXTENSION_DIR = join(REPO_ROOT, 'web', 'extension')

/**
 * The library as the package lays it out, lib/src/js/*.mjs and
 * lib/dist/dlxkit-inline.mjs (which carries the module's bytes, so no .wasm
 * file is needed, and imports ../src/js/dlxkit.mjs).
 */
const LIBRARY = [['src/js', async (root) => (await readdir(join(root, 'src', 'js'))).filter((f) => f.endsWith('.mjs'))],
  ['dist', async () => ['dlxkit-inline.mjs']]]

/** The Sudoku panel and what it imports (a missing one fails the extension test loudly). */
const FROM_WEB = [
  'sudoku-panel.mjs', 'board.mjs', 'keypad.mjs', 'shape.mjs', 'jigsaw.mjs',
  'task.mjs', 'format.mjs', 'explanation.mjs', 'hint.mjs', 'steps-list.mjs', 'style.css'
]

export { encodePng } // the tests compare the icons with it

/** The sizes manifest.json names (lib/icon-N.png). */
export const ICON_SIZES = [16, 32, 48, 128]

/** Build lib/ afresh; resolves to the extension's directory. */
export async function buildExtension ({ root = REPO_ROOT } = {}) {
  const extension = join(root, 'web', 'extension')
  const lib = join(extension, 'lib')
  await rm(lib, { recursive: true, force: true })
  for (const [dir, names] of LIBRARY) {
    await mkdir(join(lib, dir), { recursive: true })
    for (const name of await names(root)) await copyFile(join(root, dir, name), join(lib, dir, name))
  }
  for (const name of FROM_WEB) {
    // The page's modules import the library as 'dlxkit' (the page's import
    // map); the extension has no import map, so they name its copy instead.
    const text = await readFile(join(root, 'web', name), 'utf8')
    await writeFile(join(lib, name), name.endsWith('.mjs') ? text.replaceAll(/ from 'dlxkit'/g, " from './dist/dlxkit-inline.mjs'") : text)
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
