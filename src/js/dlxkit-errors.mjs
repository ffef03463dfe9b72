// The one error class and the checks of values bound for the module: every
// bad argument becomes a DlxError with a stable code, never a wrapped number
// or a crash.
import { MEMO } from './dlxkit-abi.mjs'

/** The one error class: `code` is stable (docs/js-api.md), `details` says where. */
export class DlxError extends Error {
  constructor (code, message, details = {}) {
    super(message)
    this.name = 'DlxError'
    this.code = code
    this.details = details
  }
}

/** The largest double below 2^64 (the C side's bound for counts). */
export const UINT64_DOUBLE_MAX = 18446744073709549568
export const INT32_MAX = 2 ** 31 - 1

/**
 * A bound as a message shows it. UINT64_DOUBLE_MAX prints as
 * 18446744073709550000, above 2^64; every double up to 2^64 - 1 is at most
 * it, so "2^64 - 1" names the same whole numbers exactly.
 */
const boundText = (v) => v === UINT64_DOUBLE_MAX ? '2^64 - 1' : String(v)

/** A value for a message, whatever it is (JSON.stringify throws on BigInt and cycles). */
export function describe (v) {
  if (typeof v === 'string') return JSON.stringify(v)
  if (typeof v === 'bigint') return `${v}n`
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v) // NaN, Infinity: JSON says null
  try {
    return JSON.stringify(v) ?? String(v)
  } catch {
    return Object.prototype.toString.call(v)
  }
}

/** A thrown value as text, whatever it is (its message getter may throw). */
export function errorText (e) {
  try {
    return String(e?.message ?? e)
  } catch {
    return 'an unreadable error'
  }
}

/**
 * The one check of numbers bound for the module: a whole number within the
 * C parameter's range, or a coded error (the module would see a wrapped or
 * truncated value: 2^32 + 2 items would be 2).
 */
export function checkWhole (v, what, max, code = 'BAD_ARGUMENT', min = 0) {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new DlxError(code, `${what} must be a whole number from ${min} to ${boundText(max)} (got ${describe(v)})`)
  }
  return v
}

/**
 * A count as a number, or UNSAFE_COUNT past 2^53 - 1, where a number would
 * round it (never a rounded count): countBig() gives it exactly.
 */
export function safeCount (big) {
  if (big <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(big)
  throw new DlxError('UNSAFE_COUNT', `the count is ${big}, past 2^53 - 1, which a number would round: use countBig() for it exactly`, { count: big })
}

/** A count for a message's details: a number while exact, else the bigint. */
export const countValue = (big) => big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big

/** A count, budget or seed (a double in C, read as a uint64_t). */
export function checkCount (v, what) { return checkWhole(v, what, UINT64_DOUBLE_MAX) }

/** An on/off option: true, false, or undefined for `dflt`. */
export function checkFlag (v, what, dflt) {
  if (v === undefined) return dflt
  if (typeof v !== 'boolean') throw new DlxError('BAD_ARGUMENT', `${what} must be true or false (got ${describe(v)})`)
  return v
}

/**
 * How a count without a limit searches: memo 'auto' (undefined: the engine's
 * probe decides), true (memoized) or false (never); memoBytes the cache's
 * cap (0: the default). The module's mode (MEMO), or BAD_ARGUMENT.
 */
export function checkMemo (memo, memoBytes) {
  checkCount(memoBytes, 'memoBytes')
  if (memo === undefined || memo === 'auto') return MEMO.AUTO
  if (typeof memo !== 'boolean') throw new DlxError('BAD_ARGUMENT', `memo must be 'auto', true or false (got ${describe(memo)})`)
  return memo ? MEMO.ON : MEMO.OFF
}

/** An index for the module: an integer; one beyond 32 bits becomes -1 (out of range there). */
export function checkIndex (v, what) {
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw new DlxError('BAD_ARGUMENT', `${what} must be a whole number (got ${describe(v)})`)
  }
  return int32OrMinus1(v)
}

export function int32OrMinus1 (v) {
  return v >= -(2 ** 31) && v < 2 ** 31 ? v : -1
}

/**
 * A batch's answer for a puzzle it could not solve (every 'invalid' of
 * solveMany). Where the module refused it (a clash of givens, say) its
 * DlxError is made when first read (asking the module again alone takes
 * about 10 us with the error's stack), so a batch says 'invalid' at the cost
 * of an object. A class, not a literal with a getter: that took 760 ns.
 */
class InvalidResult {
  #errorOf
  #puzzle
  #error = null
  constructor (errorOf, puzzle) {
    this.status = 'invalid'
    this.solution = null
    this.count = 0
    this.nodes = 0
    this.#errorOf = errorOf
    this.#puzzle = puzzle
  }

  get error () { return (this.#error ??= this.#errorOf(this.#puzzle)) }
  set error (e) { this.#error = e }
  toJSON () { return { ...this, error: this.error } }
}

/** solveMany's answer for `puzzle`, whose error errorOf(puzzle) makes when it is read. */
export const invalidResult = (errorOf, puzzle) => new InvalidResult(errorOf, puzzle)

/** The same, its error made already. */
export const invalidWith = (error) => new InvalidResult(itself, error)
const itself = (e) => e
