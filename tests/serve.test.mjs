// tools/serve.mjs on its own (no browser): a directory without its slash is
// redirected to the same directory on the same host, whatever the request's
// path looks like. '//dist' once came back as 'Location: //dist/', which a
// browser reads as the host "dist" (an open redirect).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { request } from 'node:http'
import { start } from '../tools/serve.mjs'

let server
before(async () => { server = await start({ port: 0 }) })
after(async () => { await server?.close() })

/** GET a raw path (sent as written, no URL normalisation): status and Location. */
function get (path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: 'GET' }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode, location: res.headers.location }))
    })
    req.on('error', reject)
    req.end()
  })
}

test('a directory without its slash: redirected to itself, on this host', async () => {
  assert.deepEqual(await get('/dist'), { status: 301, location: '/dist/' })
  assert.deepEqual(await get('/web?x=1'), { status: 301, location: '/web/?x=1' })
  assert.deepEqual(await get('/web/typst'), { status: 301, location: '/web/typst/' })
})

test('leading slashes and backslashes never make a redirect to another host', async () => {
  for (const path of ['//dist', '///dist', '//web/typst', '/\\dist', '//dist?a=//b']) {
    const { status, location } = await get(path)
    if (status !== 301) continue // not found is fine too
    assert.match(location, /^\/(?![/\\])/, `${path} -> ${location}`)
    const target = new URL(location, `http://127.0.0.1:${server.port}/`)
    assert.equal(target.host, `127.0.0.1:${server.port}`, `${path} -> ${location}`)
  }
  assert.deepEqual(await get('//dist'), { status: 301, location: '/dist/' })
})
