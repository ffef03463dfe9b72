// How to install an optional package (exceljs for `dlxkit sheet`) so that
// this dlxkit finds it: the advice depends on how dlxkit itself was
// installed. Node looks for a package in node_modules folders up from
// dlxkit's own folder, so exceljs must go where that search passes:
//   - a global install (<prefix>/lib/node_modules/dlxkit): the same prefix,
//     npm install -g (with --prefix when it is not npm's default one);
//   - a project's dependency (<project>/node_modules/dlxkit, also under
//     pnpm's .pnpm folder): that project, with its package manager;
//   - npx (a cache folder of npm's): npx -p dlxkit -p exceljs;
//   - a source checkout or unpacked tarball: npm install there, which
//     installs the development dependencies, exceljs among them.
import { existsSync, realpathSync } from 'node:fs'
import { basename, dirname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/**
 * { command, from }: the shell command that installs `name` for this
 * dlxkit, and which dlxkit that is ("the global dlxkit in /usr/local").
 * packageDir, execPath, platform, env: for tests.
 */
export function installAdvice (name, { packageDir = PACKAGE_DIR, execPath = process.execPath, platform = process.platform, env = process.env } = {}) {
  const dir = realpathSync(packageDir)
  const at = dir.indexOf(`${sep}node_modules${sep}`)
  if (at === -1) return { command: `cd ${quote(dir)} && npm install`, from: `the dlxkit source folder ${quote(dir)}` }
  const root = dir.slice(0, at)
  if (basename(dirname(root)) === '_npx') return { command: `npx -p dlxkit -p ${name} dlxkit ...`, from: 'the dlxkit that npx runs' }
  if (existsSync(join(root, 'package.json'))) return { command: `cd ${quote(root)} && ${projectInstall(root)} ${name}`, from: `the dlxkit of the project ${quote(root)}` }
  // No project around node_modules: a global install. On Unix npm puts
  // packages in <prefix>/lib/node_modules, on Windows in <prefix>/node_modules.
  const prefix = platform !== 'win32' && basename(root) === 'lib' ? dirname(root) : root
  const usual = env.npm_config_prefix ?? (platform === 'win32' ? dirname(execPath) : dirname(dirname(execPath)))
  const command = prefix === usual ? `npm install -g ${name}` : `npm install -g --prefix ${quote(prefix)} ${name}`
  return { command, from: `the global dlxkit in ${quote(prefix)}` }
}

/** The project's package manager, by its lock file. */
function projectInstall (root) {
  if (existsSync(join(root, 'pnpm-lock.yaml'))) return 'pnpm add'
  if (existsSync(join(root, 'yarn.lock'))) return 'yarn add'
  return 'npm install'
}

/** A path as the shell reads it. */
function quote (path) {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`
}
