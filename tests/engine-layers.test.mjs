// The engine's files call each other in layers, never in a circle, and one
// file chooses the search (docs/engine.md, "Which search a problem gets").
// The call graph is read from the compiled objects (tests/core-graph.mjs).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, coreSymbols, cycles, fileGraph } from './core-graph.mjs'

const CHOICE = 'search_choice.c'
const graph = fileGraph(coreSymbols())

// The exact-cover searches: every function declared with the one signature.
const SEARCHES = [...readFileSync(join(ROOT, 'src', 'core', 'dlx_internal.h'), 'utf8')
  .matchAll(/^dlx_search_fn\s+(\w+)\s*;/gm)].map((m) => m[1])

test('the cycle finder sees a circle, and only circles', () => {
  const g = (edges) => new Map(Object.entries(edges).map(([f, to]) => [f, new Map(to.map((t) => [t, ['f']]))]))
  assert.deepEqual(cycles(g({ 'a.c': ['b.c'], 'b.c': ['c.c'], 'c.c': ['a.c'], 'd.c': ['a.c'] })), [['a.c', 'b.c', 'c.c']])
  assert.deepEqual(cycles(g({ 'a.c': ['b.c', 'c.c'], 'b.c': ['c.c'], 'c.c': [] })), [])
})

test('the graph is read from the objects: known calls show', () => {
  assert.ok(graph.size >= 20, `${graph.size} files`)
  assert.ok(graph.get('dlx_count.c').get(CHOICE)?.includes('dlx_search_until'))
  assert.ok(graph.get('dlx_learn.c').get('dlx_cdcl.c')?.includes('cdcl_solve'))
})

test('no circle of calls among the files of src/core', () => {
  const found = cycles(graph)
  const why = found.flatMap((files) => files.flatMap((f) => [...graph.get(f)]
    .filter(([to]) => files.includes(to)).map(([to, fns]) => `${f} -> ${to} (${fns.join(', ')})`))).join('\n')
  assert.deepEqual(found, [], `files that call each other in a circle:\n${why}`)
})

test(`only ${CHOICE} runs an exact-cover search`, () => {
  assert.ok(SEARCHES.length >= 5, `searches declared with dlx_search_fn: ${SEARCHES}`)
  for (const name of ['dlx_links_search', 'dlx_bits_search', 'dlx_cells_search', 'dlx_learn_search', 'dlx_multi_search']) assert.ok(SEARCHES.includes(name), name)
  const callers = []
  for (const [file, edges] of graph) {
    for (const fns of edges.values()) for (const f of fns) if (SEARCHES.includes(f) && file !== CHOICE) callers.push(`${file} calls ${f}`)
  }
  assert.deepEqual(callers, [])
  const chosen = [...graph.get(CHOICE).values()].flat()
  for (const name of SEARCHES) assert.ok(chosen.includes(name), `${CHOICE} calls ${name}`)
})

test(`the rules' input and the Sudoku routes come from ${CHOICE}`, () => {
  // The tests' forced search (dlx_set_engine) is read by the rule alone.
  const readers = [...graph.keys()].filter((f) => /->engine_pref\b/.test(code(f)))
  assert.deepEqual(readers, [CHOICE])
  // Sudoku: what a shape gets, which solver a solve runs, how the generator searches.
  const asks = (file) => [...(graph.get(file).get(CHOICE) ?? [])]
  for (const f of ['sudoku_gets_nine', 'sudoku_gets_masks']) assert.ok(asks('sudoku.c').includes(f), `sudoku.c asks ${f}`)
  assert.ok(asks('sudoku_solve.c').includes('sudoku_plan_solve'))
  for (const f of ['sudoku_plan_fill', 'sudoku_proofs_on_stack']) assert.ok(asks('sudoku_generate.c').includes(f), `sudoku_generate.c asks ${f}`)
  // The solvers beside the links run only where the plan is followed.
  for (const f of ['xc_array_search', 'sudoku9_solve']) {
    const callers = [...graph].filter(([, edges]) => [...edges.values()].flat().includes(f)).map(([file]) => file)
    assert.deepEqual(callers, ['sudoku_solve.c'], f)
  }
})

// A file's code without comments, so that a comment naming a field does not count.
function code (file) {
  return readFileSync(join(ROOT, 'src', 'core', file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ')
}
