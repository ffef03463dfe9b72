// Command-line parsing: node:util parseArgs, with every mistake turned into a
// UsageError (exit status 2) that names the command's --help.
import { parseArgs } from 'node:util'
import { MAX_PARTS } from './library.mjs'

export class UsageError extends Error {
  constructor (message, command) {
    super(message)
    this.name = 'UsageError'
    this.command = command
  }
}

/** parseArgs in strict mode; `command` is only for the hint in errors. */
export function parseCommandLine (argv, options, command) {
  try {
    return parseArgs({ args: negativeValuesJoined(argv, options), options, allowPositionals: true, strict: true })
  } catch (e) {
    if (!String(e.code).startsWith('ERR_PARSE_ARGS')) throw e
    throw new UsageError(describeParseError(e, argv), command)
  }
}

/**
 * `--jobs -1` as `--jobs=-1`: parseArgs would call it ambiguous, but a
 * number after an option that takes a value is its value, and the number's
 * own check then says what is allowed.
 */
function negativeValuesJoined (argv, options) {
  const longOf = new Map(Object.entries(options).filter(([, o]) => o.short).map(([name, o]) => [`-${o.short}`, name]))
  const out = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--') return out.concat(argv.slice(i))
    const name = arg.startsWith('--') ? arg.slice(2) : longOf.get(arg)
    if (options[name]?.type === 'string' && /^-[\d.]/.test(argv[i + 1] ?? '')) out.push(`--${name}=${argv[++i]}`)
    else out.push(arg)
  }
  return out
}

/** parseArgs messages are long and capitalized; keep the gist. */
function describeParseError (e, argv) {
  const quoted = /'([^']+)'/.exec(e.message)?.[1]
  if (/ambiguous/.test(e.message)) { // a value starting with '-', e.g. --jobs -1
    const name = /'(--[\w-]+)=/.exec(e.message)?.[1] ?? quoted // the long name, from the advice
    const value = argv[argv.indexOf(quoted) + 1]
    return `option '${name}' is followed by '${value}', which looks like an option; a value starting with '-' is written ${name}=${value}`
  }
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': return `unknown option '${quoted}'`
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': return `unexpected argument '${quoted}'`
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': return e.message.split(/\.\s/)[0].replace(/^Option/, 'option')
    default: return e.message
  }
}

/**
 * A whole number from an option's text, min..max; a mistake names the
 * option, the value and what is allowed (note: what a special value means,
 * e.g. '0: one thread per processor').
 */
export function parseWholeNumber (text, name, { min = 0, max = Number.MAX_SAFE_INTEGER, note = '', command } = {}) {
  const n = /^\s*\d+\s*$/.test(String(text)) ? Number(text) : NaN
  if (!(Number.isSafeInteger(n) && n >= min && n <= max)) {
    // digits past the largest exact number: say where the numbers end
    const tooBig = Number.isNaN(n) ? false : n > max
    const range = max !== Number.MAX_SAFE_INTEGER ? `from ${min} to ${max}` : tooBig ? `from ${min} to 2^53 - 1` : `${min} or more`
    throw new UsageError(`--${name} '${text}' is not allowed: it takes a whole number, ${range}${note ? ` (${note})` : ''}`, command)
  }
  return n
}

/**
 * Bytes: a whole number, or one with K, M or G (KiB, MiB, GiB: powers of
 * 1024), at least `min`.
 */
const BYTE_UNITS = { '': 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30 }
export function parseBytes (text, name, { min = 0, command } = {}) {
  const m = /^\s*(\d+)\s*(?:([KMG])(?:i?B)?)?\s*$/i.exec(String(text))
  const n = m ? Number(m[1]) * BYTE_UNITS[(m[2] ?? '').toUpperCase()] : NaN
  if (!(Number.isSafeInteger(n) && n >= min)) {
    const least = min % 2 ** 20 ? min : `${min / 2 ** 20}M`
    throw new UsageError(`--${name} '${text}' is not allowed: it takes bytes, ${least} or more, as a whole number or with K, M or G (e.g. 512M)`, command)
  }
  return n
}

/** "K/N" with 1 <= K <= N: the K-th of N independent parts. */
export function parseShard (text, command) {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text)
  if (!m || +m[1] < 1 || +m[1] > +m[2]) {
    throw new UsageError(`--shard needs K/N with 1 <= K <= N, e.g. 2/8 (got '${text}')`, command)
  }
  if (+m[2] > MAX_PARTS) throw new UsageError(`--shard K/N: N is at most ${MAX_PARTS}, the most parts a split makes (got '${text}')`, command)
  return { shard: +m[1] - 1, parts: +m[2] }
}

/** At most one of the named flags may be set; returns the one set, or null. */
export function oneOf (values, names, command) {
  const set = names.filter((n) => values[n])
  if (set.length > 1) throw new UsageError(`--${set[0]} and --${set[1]} cannot be combined`, command)
  return set[0] ?? null
}

/**
 * The FILE arguments ('-': standard input; none: standard input, unless it
 * is a terminal). many: whether the command reads several inputs in turn.
 */
export function inputPaths (positionals, command, { many = true } = {}) {
  if (!many && positionals.length > 1) {
    throw new UsageError(`${command} reads one input (got ${positionals.length}: ${positionals.join(' ')}); run it once per file`, command)
  }
  if (positionals.filter((p) => p === '-').length > 1) throw new UsageError("'-' (standard input) may be named once", command)
  // Waiting silently for a terminal to type into would look like a hang.
  if (!positionals.length && process.stdin.isTTY) throw new UsageError('no input: name a FILE, or pipe the input in (- reads the terminal)', command)
  return positionals.length ? positionals : ['-']
}

/** --format (one of `allowed`), with --json as a short form of --format json. */
export function parseFormat (values, allowed, command) {
  if (values.json && values.format && values.format !== 'json') {
    throw new UsageError(`--json and --format ${values.format} cannot be combined`, command)
  }
  const format = values.json ? 'json' : values.format ?? null
  if (format !== null && !allowed.includes(format)) {
    throw new UsageError(`--format must be ${allowed.join(', ')} (got '${format}')`, command)
  }
  return format
}

/** --jobs N: a whole number, 0 meaning one thread per processor (capped: see threadCount). */
export function parseJobs (values, command) {
  return values.jobs === undefined ? 1 : parseWholeNumber(values.jobs, 'jobs', { note: '0: one thread per processor', command })
}

/** Options every command takes. */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
  progress: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' }
}
