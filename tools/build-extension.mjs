#!/usr/bin/env node
// Make web/extension/ loadable: copy the library from dist/ and the page's
// Sudoku modules from web/ into web/extension/lib/ (git-ignored), so that
// the extension always carries what `make dist` built and nothing goes stale;
// draw its icons there (lib/icon-16.png ... lib/icon-128.png, web/icon.mjs).
// `node tools/build-extension.mjs`, or buildExtension() from a test.
import { copyFile, mkdir, rm, readFile, readdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'
import { iconPixels } from '../web/icon.mjs'

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

/** The sizes manifest.json names (lib/icon-N.png). */
export const ICON_SIZES = [16, 32, 48, 128]

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32 (bytes) {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk (type, data) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(body.length + 8)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), body.length + 4)
  return out
}

/** A square RGBA image as PNG bytes (8 bits a channel, no filters). */
export function encodePng (rgba, size) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8) // depth 8, RGBA, deflate, no filter choice, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) rows.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))
  ])
}

/** Build lib/ afresh; resolves to the extension's directory. */
export async function buildExtension ({ root = REPO_ROOT } = {}) {
  const extension = join(root, 'web', 'extension')
  const lib = join(extension, 'lib')
  await rm(lib, { recursive: true, force: true })
  await mkdir(lib, { recursive: true })
  for (const name of await fromDist(root)) await copyFile(join(root, 'dist', name), join(lib, name))
  for (const name of FROM_WEB) await copyFile(join(root, 'web', name), join(lib, name))
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
