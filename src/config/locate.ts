/**
 * Which config file (SPEC §1.1). First hit wins: `--config`, `OPENCLAW_CONFIG_PATH`, the project
 * search, then the state directory.
 *
 * The project search mirrors cosmiconfig's per-directory search instead of calling it, because
 * cosmiconfig's own walk gets in the way in three places: its `project` strategy stops only at a
 * `package.json` (the spec also stops at `.git`); it silently skips a candidate that is empty,
 * unreadable or a directory and moves on to another file (a careful user wants to hear that the
 * file they wrote cannot be read); and it parses every candidate with its loaders, while config
 * files are ours to parse (JSON5 with a lossless CST). The order is the spec's list, per
 * directory, from the current directory up.
 */
import {lstat} from 'node:fs/promises'
import {homedir, userInfo} from 'node:os'
import {basename, dirname, join, resolve} from 'node:path'

import {usageError} from '../errors.js'
import {readRegularFileText} from '../fs/read-file.js'
import type {ConfigLocateOptions, ConfigLocation} from './index.js'

export const CONFIG_FILE_NAME = 'openclaw.json'
/** File names of the project search, in the order they are tried in each directory. */
export const PROJECT_SEARCH_PLACES = ['openclaw.json', 'openclaw.json5', '.openclawrc', '.openclawrc.json', '.openclawrc.json5'] as const
/**
 * The key of package.json that may hold the config (tried after the files above). Whichever rule
 * chooses a file named package.json, the config is this key and the file is plain JSON.
 */
export const PACKAGE_KEY = 'openclaw'

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** Whether anything is at `path`: a symlink counts even when it dangles or loops (reading it then says why). */
async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path)
    return true
  } catch {
    return false
  }
}

/**
 * HOME, else the account's home directory. `os.homedir()` returns an empty HOME as it is, which
 * would make every default path relative to the working directory; the password database does not.
 */
function homeOf(env: NodeJS.ProcessEnv): string {
  if (env.HOME !== undefined && env.HOME !== '') return env.HOME
  const home = homedir()
  if (home !== '') return home
  try {
    return userInfo().homedir
  } catch {
    throw usageError('HOME is empty and this account has no home directory: set HOME or OPENCLAW_HOME, or pass --config.')
  }
}

/** Expands a leading `~` to HOME and makes the path absolute against `cwd`. */
export function expandPath(path: string, cwd: string, env: NodeJS.ProcessEnv): string {
  if (path === '~') return homeOf(env)
  if (path.startsWith('~/')) return join(homeOf(env), path.slice(2))
  return resolve(cwd, path)
}

async function hasPackageKey(file: string): Promise<boolean> {
  try {
    const text = readRegularFileText(file)
    if (!text.includes(`"${PACKAGE_KEY}"`)) return false
    const parsed = JSON.parse(text) as unknown
    return typeof parsed === 'object' && parsed !== null && Object.hasOwn(parsed, PACKAGE_KEY)
  } catch {
    // Not ours to judge: a package.json we cannot read or parse simply holds no config.
    return false
  }
}

/** The project search: from `cwd` up to the nearest directory holding package.json or .git. */
export async function searchProject(cwd: string): Promise<{path: string; packageKey?: string} | undefined> {
  let dir = resolve(cwd)
  for (;;) {
    for (const name of PROJECT_SEARCH_PLACES) {
      const path = join(dir, name)
      if (await exists(path)) return {path}
    }
    const packageJson = join(dir, 'package.json')
    const isProjectRoot = (await exists(packageJson)) || (await exists(join(dir, '.git')))
    if (await hasPackageKey(packageJson)) return {path: packageJson, packageKey: PACKAGE_KEY}
    const parent = dirname(dir)
    if (isProjectRoot || parent === dir) return undefined
    dir = parent
  }
}

function profileFrom(options: ConfigLocateOptions): {name: string; source: string} | undefined {
  if (options.profile !== undefined) {
    if (options.profile === 'default') return undefined
    return {name: options.profile, source: `--profile ${options.profile}`}
  }
  const fromEnv = options.env.OPENCLAW_PROFILE
  if (fromEnv === undefined || fromEnv === '' || fromEnv === 'default') return undefined
  return {name: fromEnv, source: `OPENCLAW_PROFILE=${fromEnv}`}
}

export async function locate(options: ConfigLocateOptions): Promise<ConfigLocation> {
  const {cwd, env} = options
  const found = async (path: string, rule: ConfigLocation['rule'], reason: string): Promise<ConfigLocation> => ({
    path,
    rule,
    reason,
    exists: await exists(path),
    ...(basename(path) === 'package.json' ? {packageKey: PACKAGE_KEY} : {}),
  })

  if (options.configFlag !== undefined) {
    if (options.configFlag.trim() === '') throw usageError('--config needs a file path')
    return found(expandPath(options.configFlag, cwd, env), 'flag', 'Chosen by the --config flag.')
  }
  const fromEnv = env.OPENCLAW_CONFIG_PATH
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    return found(expandPath(fromEnv, cwd, env), 'env', 'Chosen by OPENCLAW_CONFIG_PATH.')
  }
  const project = await searchProject(cwd)
  if (project !== undefined) {
    const what = project.packageKey === undefined ? 'Found' : `Found the "${project.packageKey}" key of package.json`
    return found(project.path, 'project', `${what} by the project search from ${resolve(cwd)} (it stops at the nearest directory holding package.json or .git).`)
  }
  const profile = profileFrom(options)
  if (profile !== undefined && !PROFILE_NAME.test(profile.name)) {
    throw usageError(`Invalid profile name "${profile.name}": use letters, digits, ".", "_" and "-"`)
  }
  const homeFromEnv = env.OPENCLAW_HOME !== undefined && env.OPENCLAW_HOME !== ''
  const home = homeFromEnv ? expandPath(env.OPENCLAW_HOME as string, cwd, env) : homeOf(env)
  const homeSource = homeFromEnv ? 'OPENCLAW_HOME' : 'HOME'
  const inProfile = ({name, source}: {name: string; source: string}) =>
    found(join(home, `.openclaw-${name}`, CONFIG_FILE_NAME), 'profile', `No project config found; profile chosen by ${source} (home from ${homeSource}).`)
  // The flag is the most explicit choice: --profile beats OPENCLAW_STATE_DIR, which beats OPENCLAW_PROFILE.
  if (profile !== undefined && options.profile !== undefined) return inProfile(profile)
  const stateDir = env.OPENCLAW_STATE_DIR
  if (stateDir !== undefined && stateDir.trim() !== '') {
    return found(join(expandPath(stateDir, cwd, env), CONFIG_FILE_NAME), 'state-dir', 'No project config found; state directory from OPENCLAW_STATE_DIR.')
  }
  if (profile !== undefined) return inProfile(profile)
  return found(join(home, '.openclaw', CONFIG_FILE_NAME), 'home', `No project config found; default state directory under ${homeSource}.`)
}
