#!/usr/bin/env node
// A tiny static server for the repository root, so that the page in web/ can
// load src/js/ and dist/ (browsers refuse modules and wasm from file:// URLs).
// `node tools/serve.mjs` (PORT=8080 to choose the port) or, from a test:
//   const server = await start({ port: 0 }); ... await server.close()
import { createServer } from 'node:http'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { extname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.dlx': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon'
}

/** The file a URL path names inside root, or null when it leaves root. */
function fileFor (root, urlPath) {
  let path
  try {
    path = decodeURIComponent(urlPath.split('?')[0])
  } catch {
    return null
  }
  if (path.split('/').some((part) => part.startsWith('.'))) return null // no .git, no dotfiles
  const file = resolve(join(root, path))
  return file === root || file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null
}

/**
 * The redirect to a directory's URL with a slash, built from the directory
 * found, not from the request's text: '//host/dist' or '/\\host' would make a
 * protocol-relative Location, a redirect to another host.
 */
function directoryLocation (root, dir, query) {
  const parts = relative(root, dir).split(sep).filter(Boolean).map(encodeURIComponent)
  return '/' + parts.map((p) => p + '/').join('') + (query.length ? '?' + query.join('?') : '')
}

async function handle (root, request, response) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  // The repository's root has no page: the demo is in web/.
  if (request.url.split('?')[0] === '/') {
    response.writeHead(302, { location: '/web/' }).end()
    return
  }
  let file = fileFor(root, request.url)
  let info = file && await stat(file).catch(() => null)
  if (info?.isDirectory()) {
    // /web -> /web/ so that the page's relative URLs resolve inside web/.
    const [path, ...query] = request.url.split('?')
    if (!path.endsWith('/')) {
      response.writeHead(301, { location: directoryLocation(root, file, query) }).end()
      return
    }
    file = join(file, 'index.html')
    info = await stat(file).catch(() => null)
  }
  if (!info?.isFile()) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n')
    return
  }
  response.writeHead(200, {
    'content-type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': 'no-cache' // edits show on reload while developing
  })
  if (request.method === 'HEAD') response.end()
  else createReadStream(file).pipe(response)
}

/**
 * Serve `root` (default: the repository) on localhost. `port` 0 picks a free
 * one. Resolves to { port, url (of the page), close() }.
 */
export function start ({ port = 8080, root = REPO_ROOT, host = '127.0.0.1' } = {}) {
  const absoluteRoot = resolve(root)
  const server = createServer((request, response) => {
    handle(absoluteRoot, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const actualPort = server.address().port
      resolvePromise({
        port: actualPort,
        url: `http://localhost:${actualPort}/web/`,
        close: () => new Promise((done) => {
          server.closeAllConnections?.()
          server.close(() => done())
        })
      })
    })
  })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number (got ${process.env.PORT})`)
    process.exit(2)
  }
  start({ port }).then(({ url }) => {
    console.log(`dlxkit: serving the repository at ${url} (Ctrl-C stops)`)
  }, (e) => {
    console.error(`cannot serve on port ${port}: ${e.message}`)
    process.exit(1)
  })
}
