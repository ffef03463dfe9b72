// The code blocks of the docs (README.md, docs/ and every other .md of ours
// but the notes: bench/'s measurements and docs/notes/' history), each with the kind of run tests/readme-samples.test.mjs
// gives it. A block's kind comes from its language and from a marker on the
// line before it:
//   ```js                         node: run in Node, type-checked
//   <!-- sample: config -->       config: a tool's config file (Rollup): imported in Node
//   <!-- sample: browser -->      browser: an HTML page; its module scripts run in
//   ```html                       Chromium and are type-checked
//   ```sh                         shell: its dlxkit lines run from the clone
//   <!-- recipe: NAME -->         recipe: run by tests/scale-out.test.mjs
//   ```typ                        typst: compiled by Typst
//   ```c                          c: compiled and run against the engine
//   ``` (no language)             synopsis: a command's usage, not code
// Anything else is an error, so a new sample cannot go untested unnoticed.
import { readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

export const ROOT = new URL('..', import.meta.url).pathname

/** The docs with samples: tracked .md files, bench/ (measurements) and docs/notes/ (history) left out: not usage. */
export function docFiles () {
  return execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n').filter((f) => f && !f.startsWith('bench/') && !f.startsWith('docs/notes/'))
}

const KINDS = {
  js: 'node',
  'js config': 'config',
  'html browser': 'browser',
  sh: 'shell',
  typ: 'typst',
  c: 'c',
  '': 'synopsis'
}

/**
 * The fenced blocks of one file: { file, line (of the first code line),
 * lang, kind, recipe, text }. A fence closes on a line of backticks alone,
 * so a Typst raw block inside a sample (```a b c```) does not end it.
 */
export function samplesOf (file) {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n')
  const out = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i])
    if (!open) continue
    const close = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l))
    if (close < 0) throw new Error(`${file}:${i + 1}: a code block that never closes`)
    let before = i - 1
    while (before >= 0 && lines[before].trim() === '') before--
    const marker = /^<!-- (sample|recipe): ([\w-]+) -->$/.exec(lines[before] ?? '')
    const lang = open[1]
    const recipe = marker?.[1] === 'recipe' ? marker[2] : null
    const key = marker?.[1] === 'sample' ? `${lang} ${marker[2]}` : lang
    const kind = recipe && lang === 'sh' ? 'recipe' : KINDS[key]
    if (!kind) throw new Error(`${file}:${i + 1}: a \`\`\`${lang} block${marker ? ` marked ${marker[2]}` : ''} that no test knows how to run (see tests/doc-samples.mjs)`)
    out.push({ file, line: i + 2, lang, kind, recipe, text: lines.slice(i + 1, close).join('\n') + '\n' })
    i = close
  }
  return out
}

/** Every sample of every doc. */
export function allSamples () {
  return docFiles().flatMap(samplesOf)
}

/** A name for a sample's files: README-md-98. */
export function sampleName (s) {
  return `${s.file.replace(/[^\w]+/g, '-')}-${s.line}`
}
