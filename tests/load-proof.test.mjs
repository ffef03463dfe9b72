// The tests pass on a loaded machine: a time limit in them is a hang guard
// (HANG_MS of tests/helpers.mjs), never a number picked near the expected
// time, and no test asserts on elapsed wall-clock time (an order of events,
// a node count or CPU time says the same without depending on the load).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const TESTS = new URL('.', import.meta.url).pathname

/** `file:line: text` of every line of the JS test files that matches. */
function linesMatching (pattern) {
  return readdirSync(TESTS).filter((n) => n.endsWith('.mjs')).flatMap((name) =>
    readFileSync(join(TESTS, name), 'utf8').split('\n')
      .map((line, k) => pattern.test(line) ? `${name}:${k + 1}: ${line.trim()}` : null)
      .filter(Boolean))
}

test('every time limit in the JS tests is the hang guard HANG_MS, not a number of its own', () => {
  assert.deepEqual(linesMatching(/\btimeout: *\d/), [], 'use { timeout: HANG_MS } (tests/helpers.mjs)')
})

test('no JS test asserts on elapsed wall-clock time', () => {
  // a clock read inside an assertion, or a duration (ms, took, elapsed) compared in one
  assert.deepEqual(linesMatching(/assert[\w.]*\((.*(Date\.now|performance\.now)\(\)|\s*(ms|took|elapsed)\s*[<>])/), [])
})
