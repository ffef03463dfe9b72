// Multiplicity instances (Knuth's DLX3 format: `lo:hi|item`, `hi|item` on
// primary items) and their side-by-side run: dlxkit's native CLI beside
// Knuth's DLX3 and SSMCC, all solutions, paired rounds, CPU time.
//   node bench/multiplicity.mjs [ROUNDS]   (needs build/bench/dlx, build/bench/rusage,
//                                           build/peers/dlx3 and ssmcc: ../shared/peers/build.sh build/peers)
// The families: k queens on every row and column of an n x n board with at
// most k on each diagonal; a box packed with pentominoes of which each may
// be used up to k times; 0/1 matrices with a quota of marks on each row and
// a range on each column.
import { writeFileSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** k queens per row and column of an n x n board, at most k per diagonal. */
export function kQueens (n, k) {
  const items = []
  for (let i = 0; i < n; i++) items.push(`${k}|r${i}`, `${k}|c${i}`)
  for (let s = 0; s < 2 * n - 1; s++) items.push(`0:${k}|a${s}`, `0:${k}|b${s}`)
  const lines = [items.join(' ')]
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) lines.push(`r${i} c${j} a${i + j} b${i - j + n - 1}`)
  return lines.join('\n') + '\n'
}

const PENTOMINOES = {
  F: ['.##', '##.', '.#.'], I: ['#####'], L: ['####', '#...'], N: ['###.', '..##'],
  P: ['###', '##.'], T: ['###', '.#.', '.#.'], U: ['#.#', '###'], V: ['#..', '#..', '###'],
  W: ['#..', '##.', '.##'], X: ['.#.', '###', '.#.'], Y: ['####', '.#..'], Z: ['##.', '.#.', '.##']
}

function shapes (rows) {
  let cells = []
  rows.forEach((row, y) => [...row].forEach((c, x) => { if (c === '#') cells.push([x, y]) }))
  const seen = new Map()
  for (let t = 0; t < 8; t++) {
    const norm = (cs) => {
      const mx = Math.min(...cs.map((c) => c[0])); const my = Math.min(...cs.map((c) => c[1]))
      return cs.map(([x, y]) => [x - mx, y - my]).sort((a, b) => a[1] - b[1] || a[0] - b[0])
    }
    const s = norm(cells)
    seen.set(JSON.stringify(s), s)
    cells = cells.map(([x, y]) => [y, -x]) // rotate
    if (t === 3) cells = cells.map(([x, y]) => [-x, y]) // then mirror
  }
  return [...seen.values()]
}

/** Every placement of the 12 pentominoes in a w x h box: { piece, index (0..11), cells ([x, y]) }. */
export function * pentominoPlacements (w, h) {
  const names = Object.keys(PENTOMINOES)
  for (const [index, piece] of names.entries()) {
    for (const s of shapes(PENTOMINOES[piece])) {
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const cells = s.map(([dx, dy]) => [x + dx, y + dy])
          if (cells.every(([a, b]) => a < w && b < h)) yield { piece, index, cells }
        }
      }
    }
  }
}

/** A w x h box packed with pentominoes, each used 0 to k times. */
export function pentominoCopies (w, h, k) {
  const items = Object.keys(PENTOMINOES).map((p) => `0:${k}|${p}`)
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) items.push(`${x}.${y}`)
  const lines = [items.join(' ')]
  for (const { piece, cells } of pentominoPlacements(w, h)) lines.push([piece, ...cells.map(([a, b]) => `${a}.${b}`)].join(' '))
  return lines.join('\n') + '\n'
}

/** r x c 0/1 matrices with `a` marks on each row and lo to hi on each column. */
export function quotas (r, c, a, lo, hi) {
  const items = []
  for (let i = 0; i < r; i++) items.push(`${a}|R${i}`)
  for (let j = 0; j < c; j++) items.push(`${lo}:${hi}|C${j}`)
  const lines = [items.join(' ')]
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) lines.push(`R${i} C${j}`)
  return lines.join('\n') + '\n'
}

export const ROWS = [
  ['2-queens-8', () => kQueens(8, 2)],
  ['pento-5x6-x2', () => pentominoCopies(6, 5, 2)],
  ['pento-5x7-x2', () => pentominoCopies(7, 5, 2)],
  ['quota-6x6-2-1:3', () => quotas(6, 6, 2, 1, 3)],
  ['quota-7x6-3-3:4', () => quotas(7, 6, 3, 3, 4)]
]

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2 }

async function main () {
  const { underRusage } = await import('./proc.mjs')
  const rounds = Number(process.argv[2] || 3)
  const dir = 'build/bench/multiplicity'
  mkdirSync(dir, { recursive: true })
  const peers = process.env.PEERS || 'build/peers'
  const knuth = (id, file) => {
    const r = underRusage(`${peers}/${id}`, [], { input: file })
    const m = /Altogether (\d+) solutions?/.exec(r.stderr)
    if (r.status !== '0' || !m) throw new Error(`${id} ${file}: exit ${r.status}: ${r.stderr.slice(-200)}`)
    return { count: m[1], seconds: r.seconds }
  }
  const ours = (file) => {
    const r = underRusage('build/bench/dlx', ['--count', '--quiet', file])
    if (r.status !== '0') throw new Error(`dlx ${file}: exit ${r.status}: ${r.stderr.slice(-200)}`)
    return { count: r.stdout.trim(), seconds: r.seconds }
  }
  console.log('| instance | solutions | dlxkit s | DLX3 s | SSMCC s | DLX3 / dlxkit | SSMCC / dlxkit |')
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const [name, make] of ROWS) {
    const file = `${dir}/${name}.dlx`
    writeFileSync(file, make())
    const t = { ours: [], dlx3: [], ssmcc: [] }
    let count
    for (let k = 0; k < rounds; k++) { // paired rounds: A, B, C, A, B, C, ...
      const a = ours(file); const b = knuth('dlx3', file); const c = knuth('ssmcc', file)
      if (a.count !== b.count || a.count !== c.count) throw new Error(`${name}: counts differ: dlxkit ${a.count}, DLX3 ${b.count}, SSMCC ${c.count}`)
      count = a.count
      t.ours.push(a.seconds); t.dlx3.push(b.seconds); t.ssmcc.push(c.seconds)
    }
    const ratio = (xs) => median(xs.map((x, i) => x / Math.max(t.ours[i], 0.001))).toFixed(2)
    console.log(`| ${name} | ${Number(count).toLocaleString('en-US')} | ${median(t.ours).toFixed(3)} | ${median(t.dlx3).toFixed(3)} | ${median(t.ssmcc).toFixed(3)} | ${ratio(t.dlx3)} | ${ratio(t.ssmcc)} |`)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
