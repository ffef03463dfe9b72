// A one-line puzzle laid out as a plain grid (symbols separated by spaces),
// as the API's 'grid' style prints one. Used with --alphabet, where the
// API's grid style falls back to its default symbols.

/** "1.3.2..." (N*N symbols) -> N lines of N symbols separated by spaces. */
export function lineToGrid (line) {
  const cells = [...line]
  const n = Math.round(Math.sqrt(cells.length))
  const rows = []
  for (let r = 0; r < n; r++) rows.push(cells.slice(r * n, r * n + n).join(' '))
  return rows.join('\n') + '\n'
}

/**
 * The API format to ask for, given the CLI's --format and --alphabet:
 * { format, layOut } where layOut says the CLI lays the line out as a grid.
 */
export function apiFormat (format, alphabet) {
  if (format === 'json') return { format: 'line', layOut: false } // JSON carries solutions as lines
  if (format === 'grid' && alphabet) return { format: 'line', layOut: true }
  return { format: format ?? undefined, layOut: false }
}
