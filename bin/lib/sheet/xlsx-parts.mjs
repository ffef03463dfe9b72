// An .xlsx made safe for ExcelJS, and made whole again after it. ExcelJS
// turns some ranges into one object per cell: a defined name, a data
// validation or a merge over A1:XFD1048576 (17 billion cells) takes it
// minutes and gigabytes before V8 aborts. So before ExcelJS sees the file:
//   - the defined names (print areas too) are taken out of xl/workbook.xml
//     and read here as text (a puzzle's name is one N x N range; nothing is
//     ever iterated over a name's cells);
//   - each sheet's <dataValidations> block is taken out (it plays no part
//     in a puzzle);
//   - cells, rows and merged cells must stay within a budget, else the
//     workbook is refused (TOO_LARGE) with the range named.
// After ExcelJS has written the output, both blocks go back, byte for byte,
// where they were.
import { WorkbookError } from './zip-entries.mjs'
import { columnNumber } from './cells.mjs'

/**
 * Cells (and merged cells) ExcelJS is given at most: each costs it ~2 KB
 * and ~50 us, so this bounds a read to ~500 MB and seconds.
 */
export const MAX_CELLS = 1 << 18

const WORKBOOK = 'xl/workbook.xml'

/**
 * files: Map name -> Buffer of the input. Returns { files (what ExcelJS
 * reads), names: [{ name, sheet, text }], restore (output zip files Map ->
 * the same Map, blocks put back) }.
 */
export function prepareXlsx (files, what) {
  const book = text(files, WORKBOOK)
  if (book === undefined) throw new WorkbookError('NOT_XLSX', `${what} is a zip but not an .xlsx workbook (no ${WORKBOOK})`)
  const out = new Map(files)
  const namesBlock = firstBlock(book, 'definedNames')
  const sheetNames = sheetsOf(book)
  if (namesBlock) out.set(WORKBOOK, Buffer.from(book.replace(namesBlock, '')))
  const parts = sheetParts(files, book)
  const validations = new Map() // sheet name -> its <dataValidations> block
  let cells = 0
  for (const [sheet, part] of parts) {
    const xml = text(files, part)
    if (xml === undefined) continue
    cells += count(xml, /<c[\s>/]/g) + count(xml, /<row[\s>/]/g) // a row is an object to ExcelJS too
    for (const m of xml.matchAll(/<mergeCell\s[^>]*ref="([^"]+)"/g)) {
      const area = areaOf(m[1])
      cells += area
      if (area > MAX_CELLS) throw tooLarge(what, `a merged range ${sheet}!${m[1]} of ${area.toLocaleString('en-US')} cells`)
    }
    if (cells > MAX_CELLS) throw tooLarge(what, `more than ${MAX_CELLS.toLocaleString('en-US')} cells (with its rows and merged cells) by ${sheet}`)
    const block = firstBlock(xml, 'dataValidations')
    if (block) {
      validations.set(sheet, block)
      out.set(part, Buffer.from(xml.replace(block, '')))
    }
  }
  const names = namesBlock ? definedNames(namesBlock, sheetNames) : []
  return { files: out, names, restore: (written) => restore(written, namesBlock, validations) }
}

const tooLarge = (what, detail) => new WorkbookError('TOO_LARGE', `${what} holds ${detail}; dlxkit sheet reads workbooks of at most ${MAX_CELLS.toLocaleString('en-US')} cells`)

const text = (files, name) => files.has(name) ? files.get(name).toString('utf8') : undefined
const count = (s, re) => { let k = 0; for (const _ of s.matchAll(re)) k++; return k }

/** The whole element <tag ...>...</tag> (or <tag/>), or null. */
function firstBlock (xml, tag) {
  const m = new RegExp(`<${tag}(?:\\s[^>]*)?(?:/>|>[\\s\\S]*?</${tag}>)`).exec(xml)
  return m ? m[0] : null
}

/** Cells in "A1:C3" (or "A1"): rows times columns, no cell visited. */
function areaOf (ref) {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)(?::\$?([A-Za-z]{1,3})\$?(\d+))?$/.exec(ref)
  if (!m) return 0
  if (!m[3]) return 1
  return (Math.abs(+m[4] - +m[2]) + 1) * (Math.abs(columnNumber(m[3]) - columnNumber(m[1])) + 1)
}

const attr = (tag, name) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)
  return m ? decode(m[1]) : undefined
}

/** XML text to plain text (the five entities and character references). */
export function decode (s) {
  return s.replace(/&(amp|lt|gt|quot|apos|#x[0-9a-fA-F]+|#\d+);/g, (_, e) =>
    e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'"
      : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : +e.slice(1)))
}

/** Sheet names in workbook order. */
function sheetsOf (book) {
  return [...book.matchAll(/<sheet\s[^>]*>/g)].map((m) => attr(m[0], 'name'))
}

/** Map of sheet name -> its part ("xl/worksheets/sheet1.xml"), through the workbook's relationships. */
function sheetParts (files, book) {
  const rels = text(files, 'xl/_rels/workbook.xml.rels') ?? ''
  const targets = new Map()
  for (const m of rels.matchAll(/<Relationship\s[^>]*>/g)) targets.set(attr(m[0], 'Id'), attr(m[0], 'Target'))
  const parts = new Map()
  for (const m of book.matchAll(/<sheet\s[^>]*>/g)) {
    const target = targets.get(attr(m[0], 'r:id'))
    if (target) parts.set(attr(m[0], 'name'), target.startsWith('/') ? target.slice(1) : `xl/${target}`)
  }
  return parts
}

/** [{ name, sheet (of a sheet-scoped name), text }]: each <definedName> as written. */
function definedNames (block, sheetNames) {
  const names = []
  for (const m of block.matchAll(/<definedName(\s[^>]*)?>([\s\S]*?)<\/definedName>/g)) {
    const local = attr(m[1] ?? '', 'localSheetId')
    names.push({ name: attr(m[1] ?? '', 'name'), scope: local === undefined ? undefined : sheetNames[+local], text: decode(m[2]).trim() })
  }
  return names
}

// Where a block goes back: before the first element that follows it in
// the schema's order (after </sheets> for the names).
const AFTER_VALIDATIONS = ['hyperlinks', 'printOptions', 'pageMargins', 'pageSetup', 'headerFooter', 'rowBreaks', 'colBreaks',
  'customProperties', 'cellWatches', 'ignoredErrors', 'smartTags', 'drawing', 'legacyDrawing', 'legacyDrawingHF',
  'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst']

function restore (written, namesBlock, validations) {
  if (namesBlock) {
    const book = text(written, WORKBOOK)
    const own = firstBlock(book, 'definedNames') // ExcelJS's (none: it was given no names)
    const inner = namesBlock.replace(/^<definedNames[^>]*>|<\/definedNames>$/g, '').replace(/^<definedNames[^>]*\/>$/, '')
    const next = own
      ? book.replace(own, own.endsWith('/>') ? `<definedNames>${inner}</definedNames>` : own.replace(/^<definedNames[^>]*>/, (s) => s + inner))
      : book.replace('</sheets>', `</sheets>${namesBlock}`)
    written.set(WORKBOOK, Buffer.from(next))
  }
  if (validations.size) {
    const parts = sheetParts(written, text(written, WORKBOOK))
    for (const [sheet, block] of validations) {
      const part = parts.get(sheet)
      const xml = part && text(written, part)
      if (xml === undefined) continue
      const at = firstOf(xml, AFTER_VALIDATIONS)
      written.set(part, Buffer.from(xml.slice(0, at) + block + xml.slice(at)))
    }
  }
  return written
}

function firstOf (xml, tags) {
  let best = xml.lastIndexOf('</worksheet>')
  for (const tag of tags) {
    const m = new RegExp(`<${tag}[\\s>/]`).exec(xml)
    if (m && m.index < best) best = m.index
  }
  return best
}
