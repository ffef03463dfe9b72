// bench/all.mjs: the one list of the bench's runners and the index of their
// reports (bench/README.md), each report's date and goal cells read from its text.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { indexMarkdown, readReport, REPORTS } from '../bench/all.mjs'

test('a report\'s goal cells are counted, its header row and other cells are not', () => {
  const text = [
    'Written by `x`: 3 rounds, 2026-11-30 02:10 UTC, AMD (2 cores); a later 2026-12-01 00:00 UTC is not its date.',
    '',
    '| goal | row | measured | met |',
    '| --- | --- | ---: | --- |',
    '| a | r1 | 1.2x | met |',
    '| b | r2 | 0.8x | **not met** |',
    '| c | r3 | 0.7x | not met |',
    '| d | r4 | a met goal | metadata |'
  ].join('\n')
  assert.deepEqual(readReport(text), { date: '2026-11-30 02:10 UTC', met: 1, notMet: 2 })
  assert.deepEqual(readReport('| x |\n| --- |\n| y |'), { date: null, met: 0, notMet: 0 })
})

test('the index has a row per report, with its date, its tally, or why not', () => {
  const texts = { 'RESULTS.md': 'on 2026-11-28 03:01 UTC\n| g | met |\n| --- | --- |\n| a | met |\n| b | **not met** |', 'ZDD.md': 'no date\n| a | yes |' }
  const md = indexMarkdown((file) => texts[file] ?? null)
  const rows = md.split('\n').filter((l) => l.startsWith('| ['))
  assert.equal(rows.length, REPORTS.filter(([file]) => file).length)
  assert.match(md, /\| \[RESULTS\.md\]\(RESULTS\.md\) \| `bench\/run\.mjs` \| 14, 15, 16 \| .* \| 2026-11-28 03:01 UTC \| 1 of 2 \|/)
  assert.match(md, /\| \[ZDD\.md\]\(ZDD\.md\) .* \| undated \| none stated \|/)
  assert.match(md, /\| \[MEMO\.md\]\(MEMO\.md\) .* \| missing \|\s+\|/)
})

test('every runner exists, and the index in the repository is the one its reports make', () => {
  for (const [file, runner] of REPORTS) {
    assert.ok(existsSync(new URL(`../bench/${runner}`, import.meta.url)), runner)
    if (file) assert.ok(existsSync(new URL(`../bench/${file}`, import.meta.url)), file)
  }
  assert.equal(readFileSync(new URL('../bench/README.md', import.meta.url), 'utf8'), indexMarkdown(),
    'bench/README.md is stale: node bench/all.mjs --index')
})
