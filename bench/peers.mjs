// Builds the peers from ../shared/peers with its build.sh into build/peers
// (git-ignored: peer code never enters the repository) and says which of
// them could not be built, and why, so that the report can name them.
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'

export const PEER_DIR = process.env.PEERS ?? '../shared/peers'
export const OUT = 'build/peers'
export const ALL_PEERS = ['dlx1', 'dlx2', 'ssxcc', 'tdoku', 'tdoku.wasm', 'kudoku', 'jsolve', 'fast_solv_9r2']

/** { built: [names], unbuilt: [{ name, why }] }. */
export function buildPeers () {
  const script = join(PEER_DIR, 'build.sh')
  if (!existsSync(script)) return { built: [], unbuilt: ALL_PEERS.map((name) => ({ name, why: `${script} not found` })) }
  rmSync(OUT, { recursive: true, force: true }) // a stale binary must not pass for a fresh one
  const r = spawnSync('sh', [script, OUT], { encoding: 'utf8' })
  const tail = (r.stderr || r.stdout || '').trim().split('\n').filter(Boolean).slice(-1)[0] ?? ''
  const why = r.status === 0 ? 'not produced by build.sh' : `build.sh failed (exit ${r.status}): ${tail.slice(0, 160)}`
  const built = ALL_PEERS.filter((name) => existsSync(join(OUT, name)))
  const unbuilt = ALL_PEERS.filter((name) => !built.includes(name))
    .map((name) => ({ name, why: name === 'tdoku.wasm' && /emcc not found/.test(r.stderr) ? 'emcc not found' : why }))
  return { built, unbuilt }
}
