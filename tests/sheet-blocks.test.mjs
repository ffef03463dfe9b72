// The sheet's block finder joins groups of numbers that lie at most one
// empty row or column apart. It used to try every pair of groups, again
// after each join: a sheet of a quarter million scattered numbers (well
// within the cell budget) took minutes. It now meets only nearby groups;
// this checks it joins exactly as the plain every-pair loop does, on random
// layouts, and that the large case ends (the timeout is a hang guard only).
import { test } from 'node:test'
import { HANG_MS } from './helpers.mjs'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { joinNear, autoSides } from '../bin/lib/sheet/find-blocks.mjs'

const MAX_SIDE = 64
const isFullSquare = (g, allowed) => g.bottom - g.top === g.right - g.left && allowed.has(g.bottom - g.top + 1)

/** The reference: the first pair that may join, joined; start again; until none may. */
function joinEveryPair (groups, allowed) {
  for (let changed = true; changed;) {
    changed = false
    outer:
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const a = groups[i]
        const b = groups[j]
        const gapRows = Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom) - 1
        const gapCols = Math.max(a.left, b.left) - Math.min(a.right, b.right) - 1
        if (gapRows > 1 || gapCols > 1) continue
        const u = { top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom), left: Math.min(a.left, b.left), right: Math.max(a.right, b.right) }
        if (u.bottom - u.top >= MAX_SIDE || u.right - u.left >= MAX_SIDE) continue
        const overlap = gapRows < 0 && gapCols < 0
        if (!overlap && (isFullSquare(a, allowed) || isFullSquare(b, allowed)) && !isFullSquare(u, allowed)) continue
        groups[i] = u
        groups.splice(j, 1)
        changed = true
        break outer
      }
    }
  }
  return groups
}

/** A small random generator (the layouts are the same on every run). */
function random (seed) {
  let s = seed >>> 0
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s % n
  }
}

test('joinNear joins exactly as the every-pair loop, on 400 random layouts', () => {
  const allowed = new Set(autoSides())
  for (let seed = 1; seed <= 400; seed++) {
    const next = random(seed)
    const span = 20 + next(200) // small sheets: crowded; large ones: scattered
    const groups = Array.from({ length: 5 + next(120) }, () => {
      const top = 1 + next(span)
      const left = 1 + next(span)
      // mostly small islands, some full squares (4x4, 9x9) and a few wide ones
      const kind = next(10)
      const h = kind < 6 ? next(3) : kind < 8 ? [3, 8][next(2)] : next(80)
      const w = kind < 6 ? next(3) : kind < 8 ? h : next(80)
      return { top, bottom: top + h, left, right: left + w }
    })
    const expected = joinEveryPair(groups.map((g) => ({ ...g })), allowed)
    const got = joinNear(groups.map((g) => ({ ...g })), allowed)
    assert.deepEqual(got, expected, `seed ${seed}`)
  }
})

// In a child process, so that the hang guard can stop it (a synchronous
// loop in this process could not be interrupted by the test's timeout).
test('a quarter million scattered numbers, and 40,000 that all join: joinNear meets only neighbours and ends', () => {
  const script = `
    import { joinNear, autoSides } from ${JSON.stringify(new URL('../bin/lib/sheet/find-blocks.mjs', import.meta.url).href)}
    const points = (n, step) => {
      const groups = []
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) groups.push({ top: 1 + step * r, bottom: 1 + step * r, left: 1 + step * c, right: 1 + step * c })
      return groups
    }
    const apart = joinNear(points(500, 3), new Set(autoSides())) // two empty rows and columns apart: none joins
    const near = joinNear(points(200, 2), new Set(autoSides())) // one apart: blocks of at most 64 across
    console.log(JSON.stringify({ apart: apart.length, near: near.length, widest: Math.max(...near.map((g) => Math.max(g.bottom - g.top, g.right - g.left))) }))`
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: HANG_MS })
  assert.equal(r.error, undefined, `hang guard: ${r.error?.message}`)
  assert.equal(r.status, 0, r.stderr)
  const { apart, near, widest } = JSON.parse(r.stdout)
  assert.equal(apart, 250000)
  assert.ok(near > 1 && near < 40000, `${near} blocks`)
  assert.ok(widest < MAX_SIDE, `a block ${widest + 1} across`)
})
