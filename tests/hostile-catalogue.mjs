// Print the rows of the table in tests/hostile-inputs.md from the test data:
// the C cases (build/test_hostile with HOSTILE_ROWS=1), then the JS and CLI
// cases of tests/hostile-cases.mjs. Run from the repository root after
// `make build/test_hostile`; the tests check every row is in the file.
import { spawnSync } from 'node:child_process'
import { SUDOKU_CASES, PROBLEM_CASES, METHOD_CASES, CLI_CASES, SHEET_CASES, WORKER_CASES, LOAD_CASES } from './hostile-cases.mjs'

// Its exit status is no matter here: it fails while rows are missing.
const c = spawnSync('build/test_hostile', { env: { ...process.env, HOSTILE_ROWS: '1' }, encoding: 'utf8' })
const rows = c.stdout.split('\n').filter((l) => l.startsWith('| C '))
for (const [entry, name, code] of [...SUDOKU_CASES, ...PROBLEM_CASES, ...METHOD_CASES, ...WORKER_CASES, ...LOAD_CASES]) rows.push(`| JS ${entry} | ${name} | \`${code ?? 'ok'}\` |`)
for (const [name, args, , status, message] of CLI_CASES) rows.push(`| CLI | ${name} | \`exit ${status}\` | \`dlxkit ${args.join(' ')}\`: "${message}" |`)
for (const [name, code] of SHEET_CASES) rows.push(`| JS sheets | ${name} | \`${code}\` |`)
console.log(rows.join('\n'))
