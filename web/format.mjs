// Numbers and times for status lines: "12,345 nodes", "3 ms", "1.24 s".

const numberFormat = new Intl.NumberFormat('en')

export function formatNumber (n) {
  return numberFormat.format(n)
}

/** "1 solution", "12,345 solutions". */
export function plural (n, word, many = word + 's') {
  return `${formatNumber(n)} ${n === 1 ? word : many}`
}

/** Milliseconds as a person reads them. */
export function formatDuration (ms) {
  if (ms < 1) return '< 1 ms'
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60000) return `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`
  const minutes = Math.floor(ms / 60000)
  return `${minutes} min ${Math.round((ms % 60000) / 1000)} s`
}

/** "row 3, column 5" (1-based, as people count). */
export function cellName (cell, size) {
  return `row ${Math.floor(cell / size) + 1}, column ${(cell % size) + 1}`
}
