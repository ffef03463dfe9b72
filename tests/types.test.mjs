// The types (src/js/dlxkit.d.ts, src/js/dlxkit-sheets.d.ts) as users meet them:
// small projects compiled with `tsc --strict` (the typescript devDependency,
// through its API), browser-only (no @types/node) and Node, under the module
// resolutions people use: bundler, node16, node10. Each project imports
// 'dlxkit' through a node_modules/dlxkit symlink to this repository, as an
// installed package; nothing is installed at run time.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const NODE_TYPES = join(ROOT, 'node_modules', '@types', 'node')

// Common calls, written with no casts; every annotation must hold.
const GOOD = `
import { load, createWorker, runSearch, DlxError } from 'dlxkit'
import type { Generated, CountResult, ErrorCode, Chosen } from 'dlxkit'
import { load as loadInline } from 'dlxkit/inline'
import { loadSheetFunctions, isSheetError } from 'dlxkit/sheets'

export async function main (): Promise<void> {
  const dlx = await load({ wasm: new URL('https://example.com/dlxkit.wasm') })
  const line: string = dlx.sudoku.generate({ format: 'line', size: 4 }).puzzle
  const plain: string = dlx.sudoku.generate().puzzle
  const grid: string = dlx.sudoku.generate({ format: 'grid' }).solution
  const numbers: string = dlx.sudoku.generate({ format: 'numbers' }).puzzle
  const cells: number[][] = dlx.sudoku.generate({ format: 'array' }).puzzle
  const any: Generated = dlx.sudoku.generate({ format: Math.random() > 0.5 ? 'array' : 'line' })
  const solved: string | null = dlx.sudoku.solve(line).solution
  const solvedCells: number[][] | null = dlx.sudoku.solve(cells).solution
  const n: number = dlx.sudoku.count(plain, { limit: 0 })
  const p = dlx.exactCover({ primary: ['a', 'b'], options: [['a'], ['b'], ['a', 'b']] })
  const total: number = p.count()
  const detailed: CountResult = p.countDetailed({ limit: 5 })
  for (const s of p.solutions()) s.join(',')
  const rows = dlx.exactCover({ primary: 2, options: [{ row: [1, 0], data: 'left' }, { row: [false, true], data: 'right' }, new Uint8Array([1, 1]), ['0', '1']] })
  const firstIndices: number[] | null = rows.solve()
  const firstChosen: Array<Chosen<string>> | null = rows.solve({ withData: true, maxNodes: 10 })
  for (const s of rows.solutions({ withData: true, limit: 2 })) { const label: string = s[0].data; label.toUpperCase() }
  for (const s of rows.solutions({ limit: 2 })) { const k: number = s[0]; k.toFixed() }
  const one: string = rows.data(0)
  const chosen: Array<Chosen<string>> = rows.chosen([0, 1])
  const typed = dlx.exactCover({ primary: ['a'], options: [{ items: ['a'], data: { id: 1 } }] })
  const id: number | undefined = typed.solve({ withData: true })?.[0].data.id
  runSearch(typed, { onSolution: (s) => typed.chosen(s) })
  const z = p.zdd({ maxMemory: 1 << 20 })
  const zk: number[] = z.nth(2n ** 60n)
  const zc: bigint = z.countBig()
  const zr: number[][] = z.sample(3, { seed: 1 })
  const zt: string = z.toText() + z.size
  z[Symbol.dispose]()
  p[Symbol.dispose]()
  const w = await createWorker()
  const remote = await w.exactCover({ primary: 1, options: [[0]] })
  const remoteCount: number = await remote.count({ signal: new AbortController().signal })
  const remoteDetailed: CountResult = await remote.countDetailed({ limit: 1 })
  const remoteRows = await w.exactCover({ primary: 1, options: [{ row: [1], data: new Date(0) }] })
  const remoteChosen: Array<Chosen<Date>> | null = await remoteRows.solve({ withData: true })
  for await (const s of remoteRows.solutions({ withData: true })) s[0].data.getTime()
  for await (const s of remoteRows.solutions()) s[0].toFixed()
  const remoteData: Date = await remoteRows.data(0)
  const rz = await remoteRows.zdd({ signal: new AbortController().signal })
  const rzk: number[] = await rz.nth(0)
  const rzc: bigint = await rz.countBig()
  const zdds: number = (await w.usage()).zdds + rz.size
  const wn: number = await w.sudoku.count(line)
  const ws: string | null = (await w.sudoku.solve(line, { signal: new AbortController().signal })).solution
  const wc: number[][] | null = (await w.sudoku.solve(cells)).solution
  const wm: Array<string | null> = (await w.sudoku.solveMany([line, plain])).map((r) => r.solution)
  const jig: string = dlx.sudoku.generate({ jigsaw: cells, variant: ['x'], seed: 1 }).puzzle
  const made: number[][] | undefined = dlx.sudoku.generate({ size: 25, variant: 'jigsaw+windoku', seed: 1 }).jigsaw
  const wg: string = (await w.sudoku.generate({ format: 'grid' })).puzzle
  const wa: number[][] = (await w.sudoku.generate({ format: 'array' })).puzzle
  const st = dlx.sudoku.steps(line, { size: 4 })
  const firstMove: number | undefined = st.steps[0]?.placements[0]?.digit
  const hardest: string | null = st.rating.technique
  const h = dlx.sudoku.hint(line, { depth: 2 })
  if (h?.depth === 2) h.technique.toLowerCase()
  if (h?.depth === 3) h.eliminations.map((m) => m.row + m.col)
  const wh: string | undefined = (await w.sudoku.hint(line, { depth: 1, after: 2 }))?.houses[0]?.kind
  const wst: boolean = (await w.sudoku.steps(line)).solved
  w.terminate()
  try { dlx.parseDlx('') } catch (e) { if (e instanceof DlxError) { const code: ErrorCode = e.code; code.toLowerCase() } }
  const inline = await loadInline()
  const sheets = await loadSheetFunctions()
  const r = sheets.SUDOKU([[1, null]])
  if (!isSheetError(r)) r.flat()
  void [grid, numbers, any, solved, solvedCells, n, total, detailed, remoteCount, remoteDetailed, wn, wg, wa, inline, ws, wc, wm, jig, made]
  void [firstIndices, firstChosen, one, chosen, id, remoteChosen, remoteData, firstMove, hardest, wh, wst]
  void [zk, zc, zr, zt, rzk, rzc, zdds]
}
`

// Each line is a type error the checker must report (so this test can fail).
const BAD = [
  "import { load, createWorker } from 'dlxkit'",
  'export async function bad (): Promise<void> {',
  '  const dlx = await load()',
  "  const a: number[][] = dlx.sudoku.generate({ format: 'line' }).puzzle // error",
  "  const b: string = dlx.sudoku.generate({ format: 'array' }).puzzle // error",
  '  const c: string = dlx.exactCover({ primary: 1, options: [[0]] }).count() // error',
  "  dlx.sudoku.generate({ format: 'csv' }) // error",
  "  const rows = dlx.exactCover({ primary: 1, options: [{ row: [1], data: 'x' }] })",
  '  const d: number[] | null = rows.solve({ withData: true }) // error',
  '  const e: number = rows.data(0) // error',
  "  dlx.exactCover({ primary: 1, options: [{ row: ['1'] }] }) // error",
  "  dlx.exactCover({ primary: 1, options: [{ items: ['a'], row: [1] }] }) // error",
  "  dlx.sudoku.solve('', { variant: 'jigsaw' }) // error",
  '  dlx.sudoku.generate({ seed: 1, limit: 2 }) // error',
  '  const f: string | null = (await (await createWorker()).sudoku.solve([[1]])).solution // error',
  "  dlx.sudoku.hint('', { depth: 4 }) // error",
  "  const g: string = dlx.sudoku.steps('').steps[0].houses[0].kind === 'square' ? '' : '' // error",
  '  const h: number = dlx.exactCover({ primary: 1, options: [[0]] }).zdd().countBig() // error',
  "  dlx.exactCover({ primary: 1, options: [[0]] }).zdd().nth('1') // error",
  '  void [a, b, c, d, e, f, g, h]',
  '}'
]
const BAD_LINES = BAD.flatMap((l, i) => l.endsWith('// error') ? [i] : [])

const RESOLUTIONS = {
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
  node16: { module: 'node16', moduleResolution: 'node16' },
  node10: { module: 'commonjs', moduleResolution: 'node10' }
}
const HOSTS = {
  // a page: the DOM and no Node types at all (Symbol.dispose is not in ES2022)
  browser: { lib: ['ES2022', 'DOM'], types: [] },
  // Node: its types, and the newest lib (where Symbol.dispose is declared too)
  node: { lib: ['ESNext'], types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')] }
}
// Calls only one host can write (@types/node 20 has no WebAssembly namespace).
const HOST_CALLS = {
  browser: "import { load } from 'dlxkit'\nexport const kit = load({ wasm: new WebAssembly.Module(new Uint8Array(8)) })\n",
  node: "import { load } from 'dlxkit'\nimport { readFileSync } from 'fs'\nexport const kit = load({ wasm: readFileSync('dlxkit.wasm') })\n"
}

const dirs = []
after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }) })

function project (host, resolution) {
  const dir = mkdtempSync(join(tmpdir(), `dlxkit-types-${host}-${resolution}-`))
  dirs.push(dir)
  mkdirSync(join(dir, 'node_modules'))
  symlinkSync(ROOT, join(dir, 'node_modules', 'dlxkit'), 'dir')
  const esm = resolution === 'node16'
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'probe', private: true, type: esm ? 'module' : 'commonjs' }))
  writeFileSync(join(dir, 'good.ts'), GOOD)
  writeFileSync(join(dir, 'bad.ts'), BAD.join('\n') + '\n')
  writeFileSync(join(dir, 'host.ts'), HOST_CALLS[host])
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: false, // our .d.ts files are checked too
    target: 'ES2022',
    ...RESOLUTIONS[resolution],
    ...HOSTS[host]
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['good.ts', 'host.ts', 'bad.ts'] }))
  return dir
}

// The lib and @types/node files, parsed once for all the projects.
const parsedFiles = new Map()

function compile (dir) {
  const config = ts.readConfigFile(join(dir, 'tsconfig.json'), ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dir)
  assert.deepEqual(parsed.errors, [])
  const host = ts.createCompilerHost(parsed.options)
  const read = host.getSourceFile
  host.getSourceFile = (name, language, ...rest) => {
    if (name.startsWith(dir)) return read.call(host, name, language, ...rest)
    const key = `${name}:${JSON.stringify(language)}`
    if (!parsedFiles.has(key)) parsedFiles.set(key, read.call(host, name, language, ...rest))
    return parsedFiles.get(key)
  }
  const program = ts.createProgram(parsed.fileNames, parsed.options, host)
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? d.file.getLineAndCharacterOfPosition(d.start) : null
    return {
      file: !d.file ? '' : d.file.fileName.startsWith(dir) ? d.file.fileName.slice(dir.length + 1) : d.file.fileName,
      line: where?.line,
      text: ts.flattenDiagnosticMessageText(d.messageText, '\n')
    }
  })
}

test('the typescript devDependency and Node types are installed', () => {
  assert.match(ts.version, /^\d+\.\d+/)
  assert.ok(ts.sys.fileExists(join(NODE_TYPES, 'index.d.ts')), 'npm install (devDependencies)')
})

for (const host of Object.keys(HOSTS)) {
  for (const resolution of Object.keys(RESOLUTIONS)) {
    test(`tsc --strict, ${host} project, moduleResolution ${resolution}: common calls need no casts; mistakes are caught`, () => {
      const found = compile(project(host, resolution))
      const elsewhere = found.filter((d) => d.file !== 'bad.ts')
      assert.deepEqual(elsewhere, [], elsewhere.map((d) => `${d.file}:${(d.line ?? 0) + 1}: ${d.text}`).join('\n'))
      const lines = [...new Set(found.map((d) => d.line))].sort((a, b) => a - b)
      assert.deepEqual(lines, BAD_LINES, found.map((d) => `bad.ts:${d.line + 1}: ${d.text}`).join('\n'))
    })
  }
}
