// The docs' shape (issue 27): a README a newcomer reads in one sitting, a page
// per audience under docs/ that the README leads to, and history kept apart
// in docs/notes/, each note saying on its first line that it is history.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, docFiles } from './doc-samples.mjs'

const README_MAX_LINES = 160
const PAGES = ['js-api.md', 'pages-and-bundlers.md', 'sheets.md', 'typst.md', 'cli.md', 'c-api.md', 'engine.md']
const read = (f) => readFileSync(join(ROOT, f), 'utf8')

test(`README.md is at most ${README_MAX_LINES} lines`, () => {
  const lines = read('README.md').replace(/\n$/, '').split('\n').length
  assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines: move the detail to a page of docs/`)
})

test('each audience has its page in docs/, the README links to it, and its samples are run', () => {
  const readme = read('README.md')
  const run = new Set(docFiles())
  for (const page of PAGES) {
    assert.ok(existsSync(join(ROOT, 'docs', page)), `docs/${page} is missing`)
    assert.ok(readme.includes(`](docs/${page})`), `the README does not link to docs/${page}`)
    assert.ok(run.has(`docs/${page}`), `tests/doc-samples.mjs does not read docs/${page}`)
  }
})

test('docs/notes/ holds history, each note saying so first, and no sample is run from it', () => {
  const notes = readdirSync(join(ROOT, 'docs', 'notes')).filter((f) => f.endsWith('.md'))
  assert.ok(notes.length > 0)
  for (const f of notes) assert.match(read(`docs/notes/${f}`).split('\n')[0], /^History, not documentation/, `docs/notes/${f}'s first line`)
  assert.deepEqual(docFiles().filter((f) => f.startsWith('docs/notes/')), [])
})

test('relative links in the README and docs/ lead to files that exist', () => {
  for (const f of ['README.md', ...docFiles().filter((f) => f.startsWith('docs/'))]) {
    const dir = join(ROOT, f, '..')
    for (const [, target] of read(f).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target)) continue
      assert.ok(existsSync(join(dir, target)), `${f} links to ${target}, which does not exist`)
    }
  }
})
