// Write dist/dlxkit-apps-script.js: one classic script for Google Apps Script
// (no ES modules there): the custom functions =SUDOKU(range) and the others,
// each a top-level function with its @customfunction JSDoc (from
// web/excel/functions.json, the one list of the functions and their words),
// over web/apps-script/apps-script.mjs and the library, bundled here with no
// bundler (none is installed when `make dist` runs in CI), and the module's
// bytes in base64.
//
// The bundler knows only the forms the library uses: named imports and
// exports, `export` before a declaration, and `export { ... } from`; anything
// else stops the build. Each module becomes a function scope run once, in
// dependency order (there is no cycle).
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const ENTRY = 'web/apps-script/apps-script.mjs'
// The sheet functions import the library's Node entry; here it is this one.
const ALIASES = { 'src/js/dlxkit.mjs': 'web/apps-script/host.mjs' }
// Globals Apps Script lacks, given to every module from these files.
const PROVIDED = { 'web/apps-script/utf8.mjs': ['TextEncoder', 'TextDecoder'] }

const [wasmPath, outPath] = process.argv.slice(2)
if (!wasmPath || !outPath) {
  process.stderr.write('usage: node tools/apps-script.mjs dist/dlxkit.wasm dist/dlxkit-apps-script.js\n')
  process.exit(2)
}

const IMPORT = /^import\s*\{([^}]*)\}\s*from\s*'([^']+)'[ \t]*;?[ \t]*$/gm
const EXPORT_FROM = /^export\s*\{([^}]*)\}\s*from\s*'([^']+)'[ \t]*;?[ \t]*$/gm
const EXPORT_LIST = /^export\s*\{([^}]*)\}[ \t]*;?[ \t]*$/gm
const EXPORT_DECL = /^export (async function\*? |function\*? |class |const |let |var )\s*([A-Za-z_$][\w$]*)/gm

/** 'a, b as c' -> [['a', 'a'], ['b', 'c']] (local or imported name, name seen). */
function specifiers (list) {
  return list.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    const m = /^([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(s)
    if (!m) throw new Error(`cannot bundle the specifier '${s}'`)
    return [m[1], m[2] ?? m[1]]
  })
}

const modules = new Map() // path (from ROOT) -> { name, body, deps }
const order = []

function add (path, trail = []) {
  if (trail.includes(path)) throw new Error(`an import cycle: ${[...trail, path].join(' -> ')}`)
  if (modules.has(path)) return modules.get(path)
  let code = readFileSync(join(ROOT, path), 'utf8')
  const deps = []
  const exports = [] // [name seen, expression]
  const target = (spec) => {
    const p = relative(ROOT, resolve(ROOT, dirname(path), spec))
    if (!spec.startsWith('.')) throw new Error(`${path}: cannot bundle the import '${spec}' (only relative files)`)
    const dep = add(ALIASES[p] ?? p, [...trail, path])
    deps.push(dep)
    return dep.name
  }
  code = code.replace(IMPORT, (_, list, spec) => {
    const from = target(spec)
    return `const { ${specifiers(list).map(([a, b]) => a === b ? a : `${a}: ${b}`).join(', ')} } = ${from}`
  })
  code = code.replace(EXPORT_FROM, (_, list, spec) => {
    const from = target(spec)
    for (const [a, b] of specifiers(list)) exports.push([b, `${from}.${a}`])
    return ''
  })
  code = code.replace(EXPORT_LIST, (_, list) => {
    for (const [a, b] of specifiers(list)) exports.push([b, a])
    return ''
  })
  code = code.replace(EXPORT_DECL, (_, kind, name) => {
    exports.push([name, name])
    return `${kind}${name}`
  })
  const left = /^\s*(import|export)\b.*$|import\.meta|\bimport\s*\(/m.exec(code)
  if (left) throw new Error(`${path}: cannot bundle '${left[0].trim()}'`)
  const module = { name: `m${modules.size}_`, path, deps }
  modules.set(path, module)
  module.body = code.trimEnd()
  module.exports = exports
  order.push(module)
  return module
}

const provided = Object.entries(PROVIDED).map(([path, names]) => ({ module: add(path), names }))
const entry = add(ENTRY)

function moduleText (m) {
  const given = provided.filter((p) => p.module !== m).map((p) => `  const { ${p.names.join(', ')} } = ${p.module.name}\n`).join('')
  const out = m.exports.map(([name, expr]) => name === expr ? name : `${name}: ${expr}`).join(', ')
  return `// ---- ${m.path}\nconst ${m.name} = (function () {\n  'use strict'\n${given}${m.body}\n  return { ${out} }\n})()\n`
}

/** A JSDoc comment and a function per entry of functions.json. */
function customFunction (f) {
  const params = f.parameters.map((p) => p.name)
  const lines = [f.description, '']
  for (const p of f.parameters) {
    const name = p.optional ? `[${p.name}]` : p.name
    lines.push(`@param {${p.dimensionality === 'matrix' ? 'any[][]' : 'any'}} ${name} ${p.description}`)
  }
  lines.push(`@return ${f.result.dimensionality === 'matrix' ? 'A range of values' : 'A value'}`, '@customfunction')
  return `/**\n${lines.map((l) => ` *${l ? ` ${l}` : ''}`).join('\n')}\n */\nfunction ${f.name} (${params.join(', ')}) {\n  return dlxkit_.call('${f.name}', [${params.join(', ')}], DLXKIT_WASM_)\n}\n`
}

const { functions } = JSON.parse(readFileSync(join(ROOT, 'web/excel/functions.json'), 'utf8'))
const base64 = readFileSync(wasmPath).toString('base64')
const text = `// dlxkit for Google Sheets: paste this whole file into Extensions > Apps
// Script (see web/apps-script/README.md), save, then type =SUDOKU(A1:I9) in
// a cell. Generated by tools/apps-script.mjs from src/js/ and dlxkit.wasm: do
// not edit. Custom functions in Apps Script run synchronously, so the
// WebAssembly module below is compiled with WebAssembly.Module and
// WebAssembly.Instance (no promise, no fetch, no TextEncoder needed).

${functions.map(customFunction).join('\n')}
// ---- the library (names ending in _ are private to the script) ------------

var dlxkit_ = (function () {
'use strict'
${order.map(moduleText).join('\n')}
return ${entry.name}
})()

var DLXKIT_WASM_ =
  '${base64.match(/.{1,100}/g).join("' +\n  '")}'
`
writeFileSync(outPath, text)
