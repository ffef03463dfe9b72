// The Excel add-in as far as it can be checked offline: web/excel/manifest.xml
// is well-formed XML (a conforming parser, saxes), has the elements Office
// requires in the order of its schema (OfficeApp 1.1, TaskPaneApp), each
// value of the allowed form, every URL https and naming a file of this
// repository, every resid defined, icons of the sizes asked; the icons show
// what tools/excel-icons.mjs draws. Not checked here: the XSD itself (not
// available offline), Microsoft's validation service (office-addin-manifest
// validate calls it), loading into Excel.
import { test, before } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, existsSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SaxesParser } from 'saxes'
import { render, SIZES } from '../tools/excel-icons.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const EXCEL = join(ROOT, 'web/excel')
const OFFICE = 'http://schemas.microsoft.com/office/appforoffice/1.1'
const XSI = 'http://www.w3.org/2001/XMLSchema-instance'
// OfficeApp's children in the schema's sequence (TaskPaneApp); * = required.
const SEQUENCE = ['Id*', 'AlternateId', 'Version*', 'ProviderName*', 'DefaultLocale*', 'DisplayName*', 'Description*',
  'IconUrl*', 'HighResolutionIconUrl*', 'SupportUrl*', 'AppDomains', 'Hosts*', 'Requirements', 'DefaultSettings*',
  'Permissions*', 'AllowSnapshot', 'VersionOverrides']
const SERVED = 'https://localhost:3000/' // the placeholder for the repository root over https

let root

/** The document as { name, uri, attrs: { local or xsi:local: value }, children, text }; throws on any XML error. */
function parse (text) {
  const parser = new SaxesParser({ xmlns: true })
  const stack = [{ children: [] }]
  parser.on('error', (e) => { throw e })
  parser.on('opentag', (tag) => {
    const node = { name: tag.local, uri: tag.uri, attrs: {}, children: [], text: '' }
    for (const a of Object.values(tag.attributes)) node.attrs[a.uri === XSI ? `xsi:${a.local}` : a.local] = a.value
    stack.at(-1).children.push(node)
    stack.push(node)
  })
  parser.on('text', (t) => { stack.at(-1).text += t })
  parser.on('closetag', () => stack.pop())
  parser.write(text).close()
  return stack[0].children[0]
}

function * walk (node) {
  yield node
  for (const c of node.children) yield * walk(c)
}

const child = (node, name) => node.children.find((c) => c.name === name)

/** Width and height from a PNG's header. */
function pngSize (path) {
  const b = readFileSync(path)
  assert.deepEqual([...b.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], `${path} is a PNG`)
  return [b.readUInt32BE(16), b.readUInt32BE(20)]
}

before(() => { root = parse(readFileSync(join(EXCEL, 'manifest.xml'), 'utf8')) })

test('the manifest is well-formed XML and a TaskPaneApp of OfficeApp 1.1', () => {
  assert.throws(() => parse('<OfficeApp><Id></OfficeApp>'), 'the parser does reject bad XML')
  assert.equal(root.name, 'OfficeApp')
  assert.equal(root.uri, OFFICE)
  assert.equal(root.attrs['xsi:type'], 'TaskPaneApp')
})

test('its elements are those required, in the schema\'s order, with values of the allowed form', () => {
  const names = root.children.map((c) => c.name)
  const order = SEQUENCE.map((s) => s.replace('*', ''))
  for (const s of SEQUENCE.filter((x) => x.endsWith('*'))) assert.ok(names.includes(s.slice(0, -1)), `${s.slice(0, -1)} is required`)
  for (const n of names) assert.ok(order.includes(n), `${n} is an element of OfficeApp`)
  assert.deepEqual(names, [...names].sort((a, b) => order.indexOf(a) - order.indexOf(b)), 'in the schema\'s order')
  const text = (n) => child(root, n).text.trim()
  assert.match(text('Id'), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
  assert.match(text('Version'), /^\d{1,5}(\.\d{1,5}){0,3}$/)
  assert.ok(text('ProviderName').length > 0 && text('ProviderName').length <= 250)
  assert.match(text('DefaultLocale'), /^[a-z]{2}-[A-Z]{2}$/)
  assert.ok(['Restricted', 'ReadDocument', 'ReadAllDocument', 'WriteDocument', 'ReadWriteDocument'].includes(text('Permissions')))
  const value = (n) => child(root, n).attrs.DefaultValue
  assert.ok(value('DisplayName').length <= 125, 'DisplayName: at most 125 characters')
  assert.ok(value('Description').length <= 250, 'Description: at most 250 characters')
  assert.deepEqual(child(root, 'Hosts').children.map((h) => h.attrs.Name), ['Workbook'])
})

test('every URL is https and names a file of the repository; the icons have the sizes Office asks for', () => {
  const urls = [...walk(root)].map((n) => n.attrs.DefaultValue).filter((v) => /^\w+:\/\//.test(v ?? ''))
  assert.ok(urls.length >= 7, 'SourceLocation, IconUrl, HighResolutionIconUrl, SupportUrl and the bt:Urls')
  for (const url of urls) {
    assert.ok(url.startsWith(SERVED), `${url}: https, under the one placeholder root`)
    assert.ok(existsSync(join(ROOT, url.slice(SERVED.length))), `${url}: the file exists`)
  }
  const url = (n) => child(root, n).attrs.DefaultValue.slice(SERVED.length)
  assert.deepEqual(pngSize(join(ROOT, url('IconUrl'))), [32, 32], 'IconUrl: 32x32')
  assert.deepEqual(pngSize(join(ROOT, url('HighResolutionIconUrl'))), [64, 64], 'HighResolutionIconUrl: 64x64')
  assert.match(readFileSync(join(ROOT, url('SupportUrl')), 'utf8'), /=DLXKIT\.SUDOKU\(A1:I9\)/, 'the support page says how to use it')
})

test('every resid is defined once, ids within 32 characters', () => {
  const ids = [...walk(root)].filter((n) => ['Url', 'String', 'Image'].includes(n.name) && n.attrs.id).map((n) => n.attrs.id)
  assert.equal(new Set(ids).size, ids.length, 'ids are unique')
  for (const id of ids) assert.ok(id.length <= 32, `${id}: at most 32 characters`)
  const used = [...walk(root)].map((n) => n.attrs.resid).filter(Boolean)
  assert.ok(used.length >= 4)
  for (const r of used) assert.ok(ids.includes(r), `resid ${r} is defined`)
})

test('the icons show what tools/excel-icons.mjs draws', () => {
  for (const size of SIZES) {
    const file = readFileSync(join(EXCEL, `icon-${size}.png`))
    assert.deepEqual(pngSize(join(EXCEL, `icon-${size}.png`)), [size, size])
    const idat = file.subarray(41, 41 + file.readUInt32BE(33)) // after the signature and IHDR: one IDAT
    const raw = inflateSync(idat)
    const want = render(size)
    for (let y = 0; y < size; y++) {
      assert.equal(raw[y * (size * 4 + 1)], 0, 'no filter')
      assert.deepEqual(raw.subarray(y * (size * 4 + 1) + 1, (y + 1) * (size * 4 + 1)), Buffer.from(want.subarray(y * size * 4, (y + 1) * size * 4)), `icon-${size}.png row ${y}`)
    }
    const alpha = want.filter((_, i) => i % 4 === 3)
    assert.equal(alpha[0], 0, 'the corner is transparent (rounded)')
    assert.equal(alpha[(size >> 1) * size + (size >> 1)], 255)
  }
})
