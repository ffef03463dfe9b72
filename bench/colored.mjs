// The colored exact-cover instance of the bench: de Bruijn sequences as XCC.
// A cyclic sequence of L = k^n digits where each of the L words of n digits
// starts at exactly one position. Primary items: every word (w0..), every
// start position (p0..); secondary items: the positions' digits (x0..),
// colored by the digit. Option "word w starts at i" covers w, p_i and
// x_i..x_{i+n-1} colored with w's digits, so overlapping words must agree
// digit by digit: the colors do the work. Names fit Knuth's 8 characters.
//
// The count is known without a solver: by the BEST theorem there are
// (k!)^(k^(n-1)) / k^n de Bruijn cycles, and none equals a rotation of
// itself, so anchored at position 0 there are (k!)^(k^(n-1)).
//   node bench/colored.mjs K N > file.dlx
import { pathToFileURL } from 'node:url'

/** Knuth's DLX text for B(k, n). Deterministic: no randomness at all. */
export function deBruijn (k, n) {
  const L = k ** n
  const list = (prefix) => Array.from({ length: L }, (_, i) => `${prefix}${i}`).join(' ')
  const lines = [`| de Bruijn sequences B(${k}, ${n}) as XCC (bench/colored.mjs)`, `${list('w')} ${list('p')} | ${list('x')}`]
  for (let word = 0; word < L; word++) {
    const digits = []
    for (let j = 0, v = word; j < n; j++, v = Math.floor(v / k)) digits.unshift(v % k)
    for (let i = 0; i < L; i++) {
      lines.push(`w${word} p${i} ${digits.map((d, j) => `x${(i + j) % L}:${d}`).join(' ')}`)
    }
  }
  return lines.join('\n') + '\n'
}

/** The number of solutions: (k!)^(k^(n-1)). */
export function deBruijnCount (k, n) {
  let f = 1
  for (let i = 2; i <= k; i++) f *= i
  return f ** (k ** (n - 1))
}

/** The instance for a bench name "debruijn-K-N". */
export function coloredInstance (name) {
  const m = /^debruijn-(\d)-(\d)$/.exec(name)
  if (!m) throw new Error(`bench/colored.mjs: no generator for ${name}`)
  return { text: deBruijn(+m[1], +m[2]), solutions: deBruijnCount(+m[1], +m[2]) }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(deBruijn(Number(process.argv[2] ?? 2), Number(process.argv[3] ?? 5)))
}
