/**
 * A directory that only the current user can change: what toolsearch requires before it reads
 * back anything it keeps between runs (the index cache), since whoever can add, replace or move a
 * file there decides what is read.
 *
 * The directory itself is judged by `lstat`, never through a link: it must be a real directory
 * (not a symbolic link to one), owned by the current user, and not writable by group or others. A
 * directory toolsearch creates is made 0700. Every directory above it (symbolic links resolved:
 * `~/.cache` may well be one) must belong to the current user or root and be writable by no one
 * else, unless it is sticky like `/tmp` (where no one can rename another's entry): otherwise
 * someone could move the directory aside and put another in its place between the check and its
 * use. On Windows, where `uid` and the mode bits do not say who may write (ACLs do), only "a
 * directory, not a link" is checked.
 */
import {lstatSync, mkdirSync, realpathSync, type Stats} from 'node:fs'
import {dirname} from 'node:path'

import {fileErrorReason} from './errors.js'

const GROUP_OR_OTHER_WRITE = 0o022
const STICKY = 0o1000

/** The current user's id, or undefined where ids do not decide access (Windows). */
export function currentUid(platform: NodeJS.Platform = process.platform): number | undefined {
  return platform === 'win32' || typeof process.getuid !== 'function' ? undefined : process.getuid()
}

const modeText = (stats: Stats) => (stats.mode & 0o7777).toString(8).padStart(4, '0')
const writers = (stats: Stats) => [(stats.mode & 0o020) === 0 ? [] : ['its group'], (stats.mode & 0o002) === 0 ? [] : ['others']].flat().join(' and ')

/** Why a file or directory with these `stats` is not the current user's alone; undefined when it is. */
export function notPrivateReason(stats: Stats, uid: number | undefined = currentUid()): string | undefined {
  if (uid === undefined) return undefined
  if (stats.uid !== uid) return `it is owned by uid ${stats.uid}, not by the current user (uid ${uid})`
  if ((stats.mode & GROUP_OR_OTHER_WRITE) !== 0) return `it is writable by ${writers(stats)} (mode ${modeText(stats)})`
  return undefined
}

/** Why someone else could replace an entry of `directory` (a real path); undefined when no one can. */
function ancestorProblem(directory: string, uid: number): string | undefined {
  for (let path = directory; ; path = dirname(path)) {
    const stats = lstatSync(path)
    if (stats.uid !== uid && stats.uid !== 0) return `${path} above it is owned by uid ${stats.uid}`
    if ((stats.mode & GROUP_OR_OTHER_WRITE) !== 0 && (stats.mode & STICKY) === 0) return `${path} above it is writable by group or others (mode ${modeText(stats)})`
    if (dirname(path) === path) return undefined
  }
}

/**
 * Why `directory` may not be used as a private directory (undefined: it may), creating it (0700,
 * parents too) when it does not exist. Never throws.
 */
export function privateDirectoryProblem(directory: string, uid: number | undefined = currentUid()): string | undefined {
  let stats: Stats
  try {
    mkdirSync(directory, {recursive: true, mode: 0o700})
    stats = lstatSync(directory)
  } catch (error) {
    return `it cannot be created: ${fileErrorReason(error)}`
  }
  if (stats.isSymbolicLink()) return 'it is a symbolic link'
  if (!stats.isDirectory()) return 'it is not a directory'
  const own = notPrivateReason(stats, uid)
  if (own !== undefined || uid === undefined) return own
  try {
    return ancestorProblem(realpathSync(dirname(directory)), uid)
  } catch (error) {
    return `a directory above it cannot be examined: ${fileErrorReason(error)}`
  }
}
