// Runs one measuring function in this fresh Node process and prints, as JSON,
// what it returned and the process's peak resident memory, so that one
// implementation's memory and garbage never count against another's.
//   node bench/child.mjs <module in bench/> <export> <options as JSON> [argument]
const [file, fn, options = '{}', arg] = process.argv.slice(2)
const mod = await import(new URL(file, import.meta.url))
if (typeof mod[fn] !== 'function') throw new Error(`bench/${file} exports no function ${fn}`)
const opts = JSON.parse(options)
const result = await (arg === undefined ? mod[fn](opts) : mod[fn](arg, opts))
process.stdout.write(JSON.stringify({ result, peakKiB: process.resourceUsage().maxRSS }) + '\n')
