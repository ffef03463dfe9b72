#!/usr/bin/env node
// `make test` and `make check` start here: the JS tests use dlxkit's
// devDependencies (Chromium's driver, exceljs, TypeScript, the bundlers,
// Typst's compiler), which a fresh clone does not have until `npm install`.
// Without them the tests would fail one by one, far into the run; this says
// so at once, naming what is missing. `node tools/dev-deps.mjs [ROOT]`:
// exit 0, or 1 with one line on stderr.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export function missingDevDependencies (root) {
  const { devDependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  return Object.keys(devDependencies).filter((name) => !existsSync(join(root, 'node_modules', name, 'package.json')))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? new URL('..', import.meta.url).pathname
  const missing = missingDevDependencies(root)
  if (missing.length) {
    process.stderr.write(`make: the JS tests need the devDependencies; node_modules/ lacks ${missing.join(', ')}: run npm install first (.ci/run does)\n`)
    process.exit(1)
  }
}
