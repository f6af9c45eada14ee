/**
 * Which config file (SPEC §1.1): the file OpenClaw itself loads, resolved as OpenClaw resolves it.
 * First hit wins:
 *
 * 1. `--config <path>` (ours; OpenClaw has no such flag);
 * 2. `--project`: the project search (project.ts), instead of rules 3–4;
 * 3. `OPENCLAW_CONFIG_PATH` — it wins over `--profile` too, because OpenClaw's `--profile` only
 *    fills in the variables that are not already set;
 * 4. the state directory: `OPENCLAW_STATE_DIR` (it wins over `--profile`), else `--profile <name>`
 *    → `<home>/.openclaw-<name>` (`--dev` is the profile `dev`), else `<home>/.openclaw`, or the
 *    legacy `<home>/.clawdbot` when only that exists. In it `openclaw.json`, or the legacy
 *    `clawdbot.json` when only that exists — except under a profile, where OpenClaw pins the path
 *    to `openclaw.json`. Without any of these, the default and legacy directories are tried in
 *    turn for a file that exists.
 *
 * `OPENCLAW_PROFILE` is not read: OpenClaw sets it from `--profile` but never resolves paths from it.
 * Home is `OPENCLAW_HOME` (a leading `~` in it is HOME), else HOME; `~` in any of these variables
 * means that home. Values are trimmed; relative paths are made absolute against the working directory.
 */
import {existsSync, statSync} from 'node:fs'
import {accountHomeOfUser, systemHome} from '../env/home.js'
import {basename, dirname, join, resolve} from 'node:path'

import {ToolsearchError, usageError} from '../shared/errors.js'
import type {ConfigLocateOptions, ConfigLocation, ConfigNearMiss} from './types.js'
import {CONFIG_FILE_NAME, LEGACY_CONFIG_FILE_NAME, LEGACY_STATE_DIR_NAME, PACKAGE_KEY, STATE_DIR_NAME, pathExists} from './names.js'

/** OpenClaw's profile names: a letter or digit, then up to 63 letters, digits, `_` or `-`. */
const PROFILE_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/i

/** Whether `path` exists once symlinks are followed: how OpenClaw tells which candidate is there. */
function isThere(path: string): boolean {
  try {
    return existsSync(path)
  } catch {
    return false
  }
}

/** Whether `path` is a directory once symlinks are followed (false when it cannot be read). */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

function trimmed(value: string | undefined): string | undefined {
  const text = value?.trim()
  return text === undefined || text === '' ? undefined : text
}

/**
 * HOME, else the account's home directory. `os.homedir()` returns an empty HOME as it is, which
 * would make every default path relative to the working directory; the password database does not.
 */
export function accountHome(env: NodeJS.ProcessEnv): string {
  const home = trimmed(env.HOME) ?? trimmed(env.USERPROFILE) ?? trimmed(systemHome())
  if (home !== undefined) return home
  try {
    return accountHomeOfUser()
  } catch {
    throw usageError('HOME is empty and this account has no home directory: set HOME or OPENCLAW_HOME, or pass --config.')
  }
}

/** The home every default path hangs from, and the variable that gave it. */
export function resolveHome(env: NodeJS.ProcessEnv, cwd: string): {home: string; source: 'OPENCLAW_HOME' | 'HOME'} {
  const explicit = trimmed(env.OPENCLAW_HOME)
  if (explicit === undefined) return {home: resolve(cwd, accountHome(env)), source: 'HOME'}
  const home = /^~(?=$|[\\/])/.test(explicit) ? explicit.replace(/^~/, accountHome(env)) : explicit
  return {home: resolve(cwd, home), source: 'OPENCLAW_HOME'}
}

/** OpenClaw's user path: trimmed, a leading `~` expanded to the home, made absolute against `cwd`. */
export function expandPath(path: string, cwd: string, env: NodeJS.ProcessEnv): string {
  const text = path.trim()
  if (/^~(?=$|[\\/])/.test(text)) return resolve(text.replace(/^~/, resolveHome(env, cwd).home))
  return resolve(cwd, text)
}

/** `--profile` / `--dev` as OpenClaw takes them: one name, checked by its rule. */
export function profileName(options: Pick<ConfigLocateOptions, 'profile' | 'dev'>): string | undefined {
  if (options.dev === true && options.profile !== undefined) throw usageError('Cannot combine --dev with --profile')
  if (options.dev === true) return 'dev'
  if (options.profile === undefined) return undefined
  const name = options.profile.trim()
  if (name === '') throw usageError('--profile requires a value')
  if (!PROFILE_NAME.test(name)) throw usageError(`Invalid --profile (use letters, numbers, "_", "-" only): ${JSON.stringify(options.profile)}`)
  return name
}

/** `<home>/.openclaw-<name>`; the profile `default` (any case) is `<home>/.openclaw` itself. */
function profileStateDir(name: string, home: string): string {
  return join(home, name.toLowerCase() === 'default' ? STATE_DIR_NAME : `${STATE_DIR_NAME}-${name}`)
}

function at(path: string, rule: ConfigLocation['rule'], reason: string): ConfigLocation {
  return {path, rule, reason, exists: pathExists(path), ...(basename(path) === 'package.json' ? {packageKey: PACKAGE_KEY} : {}), nearMisses: []}
}

/** The config files of a state directory, in the order OpenClaw tries them. */
function stateDirCandidates(dir: string): string[] {
  return [join(dir, CONFIG_FILE_NAME), join(dir, LEGACY_CONFIG_FILE_NAME)]
}

/** `<home>/.openclaw`, or the legacy `<home>/.clawdbot` when only that exists (as OpenClaw does). */
function homeStateDir(home: string): string {
  const defaultDir = join(home, STATE_DIR_NAME)
  const legacyDir = join(home, LEGACY_STATE_DIR_NAME)
  return !isThere(defaultDir) && isThere(legacyDir) ? legacyDir : defaultDir
}

/**
 * OpenClaw's state directory (where it keeps `agents/<id>/…`, sessions among them): rule 4 above.
 * `OPENCLAW_STATE_DIR`, else the profile's directory (`--profile`, `--dev`), else `<home>/.openclaw`
 * or the legacy `<home>/.clawdbot` when only that exists. `--config` and `OPENCLAW_CONFIG_PATH`
 * name a config file only; OpenClaw does not take its state directory from them.
 */
export function locateStateDir(options: Pick<ConfigLocateOptions, 'profile' | 'dev' | 'cwd' | 'env'>): string {
  const {cwd, env} = options
  const profile = profileName(options)
  const stateDirVariable = trimmed(env.OPENCLAW_STATE_DIR)
  if (stateDirVariable !== undefined) return expandPath(stateDirVariable, cwd, env)
  const {home} = resolveHome(env, cwd)
  return profile === undefined ? homeStateDir(home) : profileStateDir(profile, home)
}

/**
 * Rules 3–4 (and 2 with --project, which project.ts handles). Synchronous and cheap: a handful of
 * `stat` calls, as OpenClaw makes them.
 */
export function locateOpenClaw(options: ConfigLocateOptions): ConfigLocation {
  const {cwd, env} = options
  const profile = profileName(options)
  if (options.configFlag !== undefined) {
    if (options.configFlag.trim() === '') throw usageError('--config needs a file path')
    return at(expandPath(options.configFlag, cwd, env), 'flag', 'Chosen by the --config flag.')
  }
  const profileFlag = options.dev === true ? '--dev' : `--profile ${profile ?? ''}`
  const configPath = trimmed(env.OPENCLAW_CONFIG_PATH)
  if (configPath !== undefined) {
    const ignored = profile === undefined ? '' : ` It wins over ${profileFlag}, as in OpenClaw.`
    return at(expandPath(configPath, cwd, env), 'env', `Chosen by OPENCLAW_CONFIG_PATH.${ignored}`)
  }
  const {home, source} = resolveHome(env, cwd)
  const stateDirVariable = trimmed(env.OPENCLAW_STATE_DIR)
  if (profile !== undefined) {
    // OpenClaw's --profile pins the config path to <state dir>/openclaw.json: no legacy name.
    if (stateDirVariable !== undefined) {
      return at(join(expandPath(stateDirVariable, cwd, env), CONFIG_FILE_NAME), 'state-dir', `State directory from OPENCLAW_STATE_DIR; it wins over ${profileFlag}, as in OpenClaw.`)
    }
    const dir = profileStateDir(profile, home)
    return at(join(dir, CONFIG_FILE_NAME), 'profile', `State directory of the profile "${profile}" (${profileFlag}; home from ${source}).`)
  }
  if (stateDirVariable !== undefined) {
    const dir = expandPath(stateDirVariable, cwd, env)
    const [current, legacy] = stateDirCandidates(dir) as [string, string]
    if (!isThere(current) && isThere(legacy)) {
      return at(legacy, 'state-dir', `State directory from OPENCLAW_STATE_DIR; ${LEGACY_CONFIG_FILE_NAME} is the legacy name, read because ${CONFIG_FILE_NAME} does not exist there (as OpenClaw does).`)
    }
    return at(current, 'state-dir', 'State directory from OPENCLAW_STATE_DIR.')
  }
  const defaultDir = join(home, STATE_DIR_NAME)
  const legacyDir = join(home, LEGACY_STATE_DIR_NAME)
  const canonical = join(defaultDir, CONFIG_FILE_NAME)
  // The state directory's files come first, then every default and legacy location in turn, then
  // the canonical file of the state directory.
  const stateDir = homeStateDir(home)
  const candidates = [...stateDirCandidates(stateDir), ...stateDirCandidates(defaultDir), ...stateDirCandidates(legacyDir)]
  const found = candidates.find(isThere) ?? join(stateDir, CONFIG_FILE_NAME)
  if (found === canonical) return at(canonical, 'home', `Default state directory (home from ${source}).`)
  return at(found, 'legacy', `Legacy location, read because ${canonical} does not exist (as OpenClaw does; home from ${source}).`)
}

/** Files next to `file` that a person may have meant, and why OpenClaw will not read them. */
function siblingNearMisses(location: ConfigLocation): ConfigNearMiss[] {
  const misses: ConfigNearMiss[] = []
  const dir = dirname(location.path)
  const name = basename(location.path)
  if (!location.exists) {
    const other = name.endsWith('.json5') ? name.slice(0, -1) : name.endsWith('.json') ? `${name}5` : undefined
    if (other !== undefined && pathExists(join(dir, other))) {
      misses.push({
        path: join(dir, other),
        kind: 'sibling',
        message: `${join(dir, other)} exists, but OpenClaw reads ${location.path}, which does not exist. Rename it to ${name} (JSON5 syntax is fine in it) or pass --config to use it.`,
      })
    }
  }
  if (location.rule !== 'legacy' && name === CONFIG_FILE_NAME && !location.exists && isThere(join(dir, LEGACY_CONFIG_FILE_NAME))) {
    misses.push({
      path: join(dir, LEGACY_CONFIG_FILE_NAME),
      kind: 'legacy',
      message: `${join(dir, LEGACY_CONFIG_FILE_NAME)} (the legacy name) exists, but with this rule OpenClaw reads ${location.path}. Rename it to ${CONFIG_FILE_NAME} to keep using it.`,
    })
  }
  return misses
}

/** Legacy config files OpenClaw passes over because the default location has one. */
function legacyNearMisses(location: ConfigLocation, options: ConfigLocateOptions): ConfigNearMiss[] {
  if (location.rule !== 'home' && location.rule !== 'legacy') return []
  const {home} = resolveHome(options.env, options.cwd)
  const legacyDir = join(home, LEGACY_STATE_DIR_NAME)
  if (!isDirectory(legacyDir) || dirname(location.path) === legacyDir) return []
  const files = stateDirCandidates(legacyDir).filter(isThere)
  if (files.length === 0) return []
  return [
    {
      path: legacyDir,
      kind: 'legacy',
      message: `The legacy directory ${legacyDir} holds ${files.map((file) => basename(file)).join(' and ')}; OpenClaw ignores it while ${location.path} exists.`,
    },
  ]
}

/**
 * Near misses of an OpenClaw location: a `.json5` (or `.json`) sibling of a missing file, a legacy
 * name or directory passed over, and — when the file is missing — a project config that only
 * `--project` reads (the project search loads cosmiconfig, so it runs only then).
 */
export async function findNearMisses(location: ConfigLocation, options: ConfigLocateOptions): Promise<ConfigNearMiss[]> {
  const misses = [...siblingNearMisses(location), ...legacyNearMisses(location, options)]
  if (!location.exists && location.rule !== 'project') {
    const {searchProject} = await import('./project.js')
    const project = await searchProject(options.cwd)
    if (project.path !== undefined && project.path !== location.path) {
      const what = project.packageKey === undefined ? project.path : `The "${project.packageKey}" key of ${project.path}`
      misses.push({
        path: project.path,
        kind: 'project',
        message: `${what} is a project config; OpenClaw does not read it. Pass --project to read and edit it with toolsearch, or set OPENCLAW_CONFIG_PATH=${project.path} so OpenClaw loads it too.`,
      })
    }
  }
  return misses
}

/** Resolves the config location (SPEC §1.1); with `nearMisses`, also says what else it saw. */
export async function locate(options: ConfigLocateOptions): Promise<ConfigLocation> {
  let location: ConfigLocation
  if (options.project === true && options.configFlag === undefined) {
    profileName(options)
    const {locateProject} = await import('./project.js')
    location = await locateProject(options.cwd)
  } else {
    location = locateOpenClaw(options)
  }
  if (options.nearMisses === true) location.nearMisses = await findNearMisses(location, options)
  return location
}

/**
 * `config set` never creates a second file beside a near miss (an `openclaw.json5` next to the
 * missing `openclaw.json`, a legacy `clawdbot.json`): the new file would win and the old one would
 * silently stop counting. `--config` (an explicit choice) and `--project` create it anyway.
 */
export function assertNoFileBesideNearMiss(location: ConfigLocation): void {
  if (location.exists || location.rule === 'flag' || location.rule === 'project') return
  const beside = location.nearMisses.filter((miss) => miss.kind !== 'project')
  if (beside.length === 0) return
  throw new ToolsearchError(
    'config-near-miss',
    `Refusing to create ${location.path} beside ${beside.map((miss) => miss.path).join(' and ')}: rename that file to ${basename(location.path)}, or pass --config ${location.path} to create a new file anyway.`,
    {file: location.path},
  )
}
