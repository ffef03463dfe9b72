// What writing to stdout or stderr can meet: a reader that went away
// (`dlxkit ... | head`: a quiet end, as a pipeline expects), a full disk or
// another write error (`> /dev/full`: one line on stderr and exit status 1,
// not an uncaught exception). Writes fail asynchronously, as 'error' events,
// for pipes and files alike, so one listener per stream covers every command.

const REASONS = { ENOSPC: 'no space left on device', EDQUOT: 'disk quota exceeded', EFBIG: 'file too large', EIO: 'input/output error' }

export function guardStandardStreams () {
  process.stdout.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    const why = REASONS[e.code] ? `${e.code} (${REASONS[e.code]})` : e.code ?? e.message
    try {
      process.stderr.write(`dlxkit: cannot write to stdout: ${why}\n`)
    } finally {
      process.exit(1)
    }
  })
  // Nowhere left to say what went wrong: the exit status says it.
  process.stderr.on('error', () => process.exit(process.exitCode || 1))
}
