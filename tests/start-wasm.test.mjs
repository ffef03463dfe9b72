// What a run that reads one text pays V8 for compiling (issues 29, 31): V8
// compiles a function that runs often with TurboFan, on a background thread
// whose CPU time the user pays, and code that runs once gains nothing from
// it. The DLX reader takes a plain item name in a small loop and everything
// else out of line (dlx_text.c), so a text of a few KB is read in baseline
// code alone, and a longer one has only small functions compiled.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { HANG_MS } from './helpers.mjs'

const LIB = JSON.stringify(new URL('../src/js/dlxkit.mjs', import.meta.url).href)
const TILINGS = JSON.stringify(new URL('../bench/tilings.mjs', import.meta.url).href)

/** Body sizes of the functions V8 compiled with TurboFan while `code` ran (and a little after: compiles finish in the background). */
function turbofanBodies (code) {
  const script = `
    import { load } from ${LIB}
    import { packing, PENTOMINO, TROMINO } from ${TILINGS}
    const dlx = await load()
    ${code}
    await new Promise((resolve) => setTimeout(resolve, 300))
    console.log('ran')`
  const r = spawnSync(process.execPath, ['--trace-wasm-compilation-times', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: HANG_MS })
  assert.equal(r.status, 0, r.stderr)
  assert.match(r.stdout, /^ran$/m)
  assert.match(r.stdout, /using Liftoff/, 'the trace says nothing: no function was compiled at all')
  return [...r.stdout.matchAll(/using TurboFan.*bodysize (\d+)/g)].map((m) => Number(m[1]))
}

test('reading a DLX text of 4 KB: V8 compiles none of the reader with TurboFan', () => {
  // trominoes in a 6x12 box: 4,368 bytes, 432 options (main's reader had read_option compiled)
  const bodies = turbofanBodies(`
    const text = packing(6, 12, TROMINO, false)
    if (text.length < 4000) throw new Error('the text is too short to tell: ' + text.length)
    dlx.parseDlx(text)`)
  assert.deepEqual(bodies, [], `function bodies compiled with TurboFan: ${bodies.join(', ')} bytes`)
})

test('reading a DLX text of 40 KB: V8 compiles only small functions of the reader with TurboFan', () => {
  // pentominoes in a 4x15 box: 40,186 bytes; read_option was 1,099 bytes with every case inlined
  const bodies = turbofanBodies(`
    const text = packing(4, 15, PENTOMINO, true)
    if (text.length < 40000) throw new Error('the text is too short to tell: ' + text.length)
    dlx.parseDlx(text)`)
  assert.ok(bodies.length > 0, 'nothing compiled with TurboFan: the text no longer tells')
  assert.ok(Math.max(...bodies) <= 800, `function bodies compiled with TurboFan: ${bodies.join(', ')} bytes`)
})

/** The bodies compiled with TurboFan but the `big` biggest (the search that runs, and what it calls a node): none may be over 1,000 bytes. */
function assertOneBig (bodies, big = 1) {
  assert.ok(bodies.length > 0, 'nothing compiled with TurboFan: the run no longer tells')
  const rest = [...bodies].sort((a, b) => b - a).slice(big)
  assert.ok(rest.every((b) => b <= 1000), `function bodies compiled with TurboFan: ${bodies.join(', ')} bytes`)
}

test('a memoized count: TurboFan compiles the walk and only small functions besides, none of the tables\' building whole', () => {
  // dlx_memo_search had the building inlined (1,871 bytes): V8 compiled it during its one call, for nothing
  assertOneBig(turbofanBodies(`
    const p = dlx.parseDlx(packing(4, 15, PENTOMINO, true))
    if (p.countBig({ memo: true }) !== 1472n) throw new Error('a wrong count')`))
})

const COPIES = JSON.stringify(new URL('../bench/multiplicity.mjs', import.meta.url).href)

test('a bounded count by Algorithm M: TurboFan compiles the search and only small functions besides, not the bit sets\' building whole', () => {
  // dlx_multi_bits_build (1,294 bytes, run once a count) was compiled during its one call
  // (memo: false: by default this count goes on by the memo after Algorithm M's first nodes);
  // the search and its take of an option (1,152 bytes, a call a node) may be big
  assertOneBig(turbofanBodies(`
    const { pentominoCopies } = await import(${COPIES})
    const p = dlx.parseDlx(pentominoCopies(6, 5, 2))
    if (p.count({ memo: false }) !== 18316) throw new Error('a wrong count')`), 2)
})

test('a bounded count by the memo: TurboFan compiles the walk and only small functions besides, not the tables\' building whole', () => {
  // dlx_memo_multi_search had start() and build() inlined (3,446 bytes), then build (2,478):
  // V8 compiled them during their one call, 11-16 ms of CPU time
  const bodies = turbofanBodies(`
    const { pentominoCopies } = await import(${COPIES})
    const p = dlx.parseDlx(pentominoCopies(6, 5, 2))
    if (p.count({ memo: true }) !== 18316) throw new Error('a wrong count')`)
  assertOneBig(bodies)
  // its walk was 3,657 bytes with a state's subsets of slack, the secondary items' key and the
  // store inside, and a column's popcount loop made two SIMD lanes that V8 moves one by one
  // (185 bytes): dlx_memo_multi.c, APART and ones(); 2,493 then, 2,773 with the ZDD's
  // chains (session 41: its store and node apart; the counts as fast, paired)
  const walk = Math.max(...bodies)
  assert.ok(walk <= 2800, `the walk compiled with TurboFan is ${walk} bytes: ${bodies.join(', ')}`)
})

test('a memoized count of a plain tiling: TurboFan compiles a walk without the paths it never takes', () => {
  // the walk's paths for the lists, colors, secondary items and the ZDD are functions apart
  // in the module (dlx_memo.c, APART): its body was 4,495 bytes with them, 8-10 ms of TurboFan
  const bodies = turbofanBodies(`
    const p = dlx.parseDlx(packing(6, 12, TROMINO, false))
    if (p.countBig({ memo: true }) !== 27438555522n) throw new Error('a wrong count')`)
  const walk = Math.max(...bodies)
  assert.ok(walk > 1500, `no walk among the bodies compiled with TurboFan: ${bodies.join(', ')} bytes`)
  assert.ok(walk <= 3000, `the walk compiled with TurboFan is ${walk} bytes: ${bodies.join(', ')}`)
})

test('building the bit sets: TurboFan compiles only small functions, not the tables\' building whole', () => {
  // dlx_bits_ready had the building inlined (2,577 bytes, one call a problem): V8 compiled it
  // whole for nothing on 2,000 options and more (8-30 ms of CPU time); now an option's part
  // of each pass is a function of its own in the module (dlx_bits.c, PER_OPTION). One node:
  // the tables' building and the root, not yet the search (whose copy may be big)
  const bodies = turbofanBodies(`
    const p = dlx.parseDlx(packing(6, 10, PENTOMINO, true))
    if (p.countDetailed({ maxNodes: 1, memo: false }).status !== 'stopped') throw new Error('the count ended')`)
  assert.ok(bodies.length > 0, 'nothing compiled with TurboFan: the run no longer tells')
  assert.ok(Math.max(...bodies) <= 1000, `function bodies compiled with TurboFan: ${bodies.join(', ')} bytes`)
})
