#!/usr/bin/env node
// dlxkit: the command-line tool. `dlxkit --help` says what it does; each
// command lives in lib/commands/, shared pieces in lib/.
import { parseArgs } from 'node:util'
import { UsageError } from './lib/args.mjs'
import { helpText, version, COMMANDS } from './lib/help.mjs'
import { Output } from './lib/output.mjs'
import { guardStandardStreams } from './lib/stdio-errors.mjs'
import { Terminal } from './lib/terminal.mjs'

// Each command's module, imported when it runs: a run loads its own
// command's code only (the sheet command's workbook readers are a sixth
// of the start-up of every other command when imported up front).
const RUN = {
  sudoku: async () => (await import('./lib/commands/sudoku.mjs')).sudokuCommand,
  generate: async () => (await import('./lib/commands/generate.mjs')).generateCommand,
  rate: async () => (await import('./lib/commands/rate.mjs')).rateCommand,
  cover: async () => (await import('./lib/commands/cover.mjs')).coverCommand,
  sheet: async () => (await import('./lib/commands/sheet.mjs')).sheetCommand,
  explain: async () => (await import('./lib/commands/explain.mjs')).explainCommand
}

/** The exit status for argv (without node and the script). */
async function main (argv) {
  const [command, ...rest] = argv
  if (command === undefined) throw new UsageError(`no command given (${COMMANDS.join(', ')})`)
  if (command === '--help' || command === '-h' || command === 'help') return printHelp(rest[0])
  if (command === '--version' || command === '-V') return printVersion()
  if (command.startsWith('-')) throw new UsageError(`unknown option '${command}' (the command comes first)`)
  if (!Object.hasOwn(RUN, command)) throw new UsageError(`unknown command '${command}' (commands: ${COMMANDS.join(', ')})`)
  const run = await RUN[command]()
  const terminal = Terminal.forOptions(quickFlags(rest))
  terminal.cleanUpOnExit()
  const out = new Output(process.stdout, { beforeFlush: () => terminal.clear() })
  return run(rest, { out, terminal, help: printHelp, about: (values, name) => values.help ? printHelp(name) : printVersion() })
}

function printHelp (command) {
  if (command !== undefined && !COMMANDS.includes(command)) throw new UsageError(`no help for '${command}' (commands: ${COMMANDS.join(', ')})`)
  process.stdout.write(helpText(command))
  return 0
}

function printVersion () {
  process.stdout.write(`${version()}\n`)
  return 0
}

/** --progress and --quiet, read before the command parses the rest. */
function quickFlags (argv) {
  const { values } = parseArgs({ args: argv, options: { progress: { type: 'boolean' }, quiet: { type: 'boolean', short: 'q' } }, strict: false, allowPositionals: true })
  return values
}

/** Usage errors: one line, a hint, status 2; anything unexpected: status 1. */
function fail (e) {
  if (e instanceof UsageError) {
    const help = e.command ? `dlxkit ${e.command} --help` : 'dlxkit --help'
    process.stderr.write(`dlxkit: ${e.message}\nTry '${help}'.\n`)
    return 2
  }
  process.stderr.write(`dlxkit: internal error: ${e.stack ?? e}\n`)
  return 1
}

guardStandardStreams()
process.exitCode = await main(process.argv.slice(2)).catch(fail)
