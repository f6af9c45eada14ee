/**
 * The project search (`--project`, SPEC §1.1 rule 4): cosmiconfig walks from the working directory
 * up to the nearest directory holding package.json or .git, trying in each directory
 * `openclaw.json`, `openclaw.json5`, `.openclawrc`, `.openclawrc.json`, `.openclawrc.json5` and the
 * `openclaw` key of package.json. OpenClaw itself never searches there, so this runs only on
 * request (and, to name a near miss, when OpenClaw's own file is missing); this module is loaded
 * lazily, and cosmiconfig with it.
 *
 * Our loaders never parse a config file: they only say it is there, so the lossless reader parses
 * it afterwards with file, line and column on any error. An empty file counts as found (reading it
 * is then a parse error, as in OpenClaw). package.json is read as plain JSON to see whether it has
 * the key; one that does not parse holds no config. cosmiconfig's own walk goes on past the
 * project root to the home directory and a global config directory: the loaders refuse every file
 * outside the directories between the working directory and the root.
 */
import {accessSync, constants, statSync} from 'node:fs'
import {basename, dirname, join, resolve} from 'node:path'

import type {ConfigLocation} from './types.js'
import {CONFIG_FILE_NAME, PACKAGE_KEY, pathExists} from './names.js'
import {readFailure} from './read.js'

/** File names of the project search, in the order they are tried in each directory. */
export const PROJECT_SEARCH_PLACES = ['openclaw.json', 'openclaw.json5', '.openclawrc', '.openclawrc.json', '.openclawrc.json5', 'package.json'] as const

/** The directories searched: from `cwd` up to the nearest one holding package.json or .git (or the file-system root). */
export function projectDirectories(cwd: string): string[] {
  const dirs: string[] = []
  let dir = resolve(cwd)
  for (;;) {
    dirs.push(dir)
    const parent = dirname(dir)
    if (pathExists(join(dir, 'package.json')) || pathExists(join(dir, '.git')) || parent === dir) return dirs
    dir = parent
  }
}

export interface ProjectSearchResult {
  /** The file found, if any. */
  path?: string
  /** Set when the config is the `openclaw` key of package.json. */
  packageKey?: string
  /** The directory the search stopped at. */
  root: string
}

const FOUND = Object.freeze({found: true})

export async function searchProject(cwd: string): Promise<ProjectSearchResult> {
  const dirs = projectDirectories(cwd)
  const root = dirs.at(-1) as string
  const special = specialCandidate(dirs)
  if (special !== undefined) return {path: special, root}
  const allowed = new Set(dirs)
  const {cosmiconfig} = await import('cosmiconfig')
  const inProject = (file: string) => allowed.has(dirname(file))
  const marker = (file: string) => (inProject(file) ? FOUND : null)
  const explorer = cosmiconfig(PACKAGE_KEY, {
    searchPlaces: [...PROJECT_SEARCH_PLACES],
    searchStrategy: 'global',
    stopDir: root,
    ignoreEmptySearchPlaces: false,
    cache: false,
    loaders: {
      '.json': (file, text) => {
        if (basename(file) !== 'package.json') return marker(file)
        if (!inProject(file)) return null
        try {
          const parsed = JSON.parse(text) as unknown
          return typeof parsed === 'object' && parsed !== null && Object.hasOwn(parsed, PACKAGE_KEY) ? {[PACKAGE_KEY]: FOUND} : {}
        } catch {
          return {}
        }
      },
      '.json5': marker,
      noExt: marker,
    },
  })
  let result: Awaited<ReturnType<typeof explorer.search>>
  try {
    result = await explorer.search(resolve(cwd))
  } catch (error) {
    // cosmiconfig skips a candidate that is missing, a directory or unreadable; anything else
    // (a symlink loop, say) stops the search: say which file, as every other read does.
    const file = (error as {filepath?: string; path?: string}).filepath ?? (error as {path?: string}).path
    throw file === undefined ? error : readFailure(file, error)
  }
  const found = result !== null && inProject(result.filepath) ? result.filepath : undefined
  const skipped = firstSkipped(dirs, found)
  if (skipped !== undefined) return {path: skipped, root}
  if (result === null || found === undefined) return {root}
  const isPackage = basename(result.filepath) === 'package.json'
  // An empty package.json never reaches a loader; it holds no config (and it ends the search anyway).
  if (isPackage && result.config === undefined) return {root}
  return {path: result.filepath, root, ...(isPackage ? {packageKey: PACKAGE_KEY} : {})}
}

/**
 * cosmiconfig reads each candidate with a plain read, which waits forever on a FIFO (and never
 * ends on a device such as /dev/zero). When the walk would reach a candidate that is not a
 * regular file or a directory before one it stops at, the search ends without cosmiconfig: the
 * result is what it would be with that candidate skipped (the first candidate that exists, see
 * `firstSkipped`), and the regular-file reader then refuses it at once, naming what it is.
 */
function specialCandidate(dirs: string[]): string | undefined {
  for (const dir of dirs) {
    for (const name of PROJECT_SEARCH_PLACES) {
      const file = join(dir, name)
      let stats
      try {
        stats = statSync(file)
      } catch {
        continue
      }
      if (stats.isDirectory()) continue
      if (!stats.isFile()) return firstSkipped(dirs, undefined) ?? file
      if (isReadable(file)) return undefined
    }
  }
  return undefined
}

function isReadable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK)
    return true
  } catch {
    return false
  }
}

/**
 * cosmiconfig moves on past a candidate it cannot read (a directory, a file without permission);
 * a person who wrote that file wants to hear why it is not used, so the first such candidate
 * before the one found is the result: reading it then says why it cannot be used.
 */
function firstSkipped(dirs: string[], found: string | undefined): string | undefined {
  for (const dir of dirs) {
    for (const name of PROJECT_SEARCH_PLACES) {
      const file = join(dir, name)
      if (file === found) return undefined
      if (name !== 'package.json' && pathExists(file)) return file
    }
  }
  return undefined
}

/** The location `--project` chooses; with no project config, `openclaw.json` at the project root (what `config set` creates). */
export async function locateProject(cwd: string): Promise<ConfigLocation> {
  const found = await searchProject(cwd)
  const where = `from ${resolve(cwd)} up to ${found.root}, the nearest directory holding package.json or .git`
  if (found.path === undefined) {
    const path = join(found.root, CONFIG_FILE_NAME)
    return {path, rule: 'project', reason: `No project config found by the project search (--project) ${where}.`, exists: pathExists(path), nearMisses: []}
  }
  const what = found.packageKey === undefined ? 'Found' : `Found the "${found.packageKey}" key of package.json`
  return {
    path: found.path,
    rule: 'project',
    reason: `${what} by the project search (--project) ${where}.`,
    exists: true,
    ...(found.packageKey === undefined ? {} : {packageKey: found.packageKey}),
    nearMisses: [],
  }
}
