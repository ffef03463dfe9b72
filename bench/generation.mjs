// The generation rows of bench/generation-run.mjs (issue 15's goal: generated
// for any seed, each under 10 s): dlx.sudoku.generate through the JS API on the jigsaw
// and X + windoku shapes of bench/generate-variants.mjs (jigsaw: the maps of
// tests/grid-units.mjs; made-jigsaw: generate makes the map), 3 seeds each, each
// in a fresh process under a 10 s CPU cap, every result checked. Once every
// seed of a size is capped, the shape's bigger sizes are not run (they only
// get harder), which keeps the section to a minute or two.
import { fileURLToPath } from 'node:url'
import { inChild } from './proc.mjs'

export const GENERATION = { shapes: ['jigsaw', 'jigsaw-2n', 'jigsaw+windoku', 'made-jigsaw', 'made-jigsaw+windoku', 'x+windoku'], sizes: [25, 36, 49, 64], seeds: 3, cap: 10 }

/** Rows { name, n, runs: [{ seconds } | { capped: true } | { error }] | null (not run) }. */
export function generationRows (say = () => {}, seeds = GENERATION.seeds) {
  const dist = fileURLToPath(new URL('../src/js', import.meta.url))
  const rows = []
  for (const name of GENERATION.shapes) {
    let skip = false
    for (const n of GENERATION.sizes) {
      if (skip) {
        rows.push({ name, n, runs: null })
        continue
      }
      say(`generate ${name} ${n}x${n}:`)
      const runs = []
      for (let seed = 1; seed <= seeds; seed++) {
        const r = inChild('generate-variants.mjs', 'generateOne', { dist, name, n, seed }, undefined, { cap: GENERATION.cap })
        runs.push(r.capped ? { capped: true } : r.ok ? { seconds: r.seconds } : { error: r.error ?? 'failed' })
        say(` ${seed}`)
      }
      say('\n')
      rows.push({ name, n, runs })
      skip = runs.every((r) => r.capped)
    }
  }
  return rows
}

/** One cell of the table: how many seeds generated, their median and worst CPU s. */
export function generationCell (runs, cap) {
  if (!runs) return 'not run'
  const ok = runs.filter((r) => r.seconds !== undefined).map((r) => r.seconds).sort((a, b) => a - b)
  const errors = [...new Set(runs.filter((r) => r.error).map((r) => r.error.split(' ')[0]))]
  const all = runs.map((r) => r.seconds ?? Infinity).sort((a, b) => a - b)
  const s = (x) => x === Infinity ? `> ${cap} s` : `${x.toFixed(2)} s`
  return `${ok.length}/${runs.length}, ${s(all[all.length >> 1])} (worst ${s(all.at(-1))})${errors.length ? `; ${errors.join(', ')}` : ''}`
}

/** The markdown table, or a note when the run had none. */
export function generationTable (rows, cap = GENERATION.cap) {
  if (!rows) return 'Not measured in this run.'
  const sizes = [...new Set(rows.map((r) => r.n))]
  const names = [...new Set(rows.map((r) => r.name))]
  const cell = (name, n) => generationCell(rows.find((r) => r.name === name && r.n === n)?.runs ?? null, cap)
  return [`| shape | ${sizes.map((n) => `${n}x${n}`).join(' | ')} |`, `| --- |${sizes.map(() => ' --- |').join('')}`,
    ...names.map((name) => `| ${name} | ${sizes.map((n) => cell(name, n)).join(' | ')} |`)].join('\n')
}
