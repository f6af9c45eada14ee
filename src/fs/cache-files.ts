/**
 * Files toolsearch keeps for itself between runs (the search index, the catalog entries), in a
 * directory that is the user's alone (`privateDirectoryProblem`): read only from a regular file of
 * the user's, writable by no one else, reached without following a link; written whole or not at
 * all (a temp name renamed into place); each kind keeps its most recently used files, and pruning
 * removes only files of that kind that toolsearch wrote. Never a failed run: a read that cannot
 * be done is no file, a write that cannot be done leaves the run as it was.
 */
import {closeSync, constants, fstatSync, lstatSync, lutimesSync, openSync, readdirSync, readSync, renameSync, type Stats, unlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {notPrivateReason, privateDirectoryProblem} from './private-directory.js'
import {readRegularFile} from './read-file.js'

/** One kind of file kept in a cache directory. */
export interface CacheFileKind {
  /** The names of its files. */
  names: RegExp
  /** The names of the temp files they are written under (`<name>.<pid>.<hex>.tmp`). */
  tempNames: RegExp
  /** What every file of the kind begins with (any format of it). */
  magicPrefix: string
  /** How many files of the kind the directory keeps: the most recently used. */
  keep: number
  /** Files larger than this are neither written nor read. */
  maxBytes: number
}

/** What a kept file must have been written by: this build, this V8, this byte order. */
export function cacheKey(build: string): string {
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
  return `${build} v8 ${process.versions.v8} unicode ${process.versions.unicode ?? ''} ${littleEndian ? 'le' : 'be'}`
}

/**
 * A kept file's checked part as it is written: twice over, for a reader to compare the two copies
 * (`sameTwice`). Damage anywhere in either copy makes them differ; a file cut short or grown is
 * the wrong size. Against damage, not against someone who writes a file on purpose (see the
 * module's doc). Two copies rather than a checksum: a checksum computed in JavaScript costs a run
 * the time V8 takes to compile its loop (about 2.7 ms, however short the file), a digest the
 * loading of `node:crypto` (3.7 ms); reading a second copy and one native comparison cost a
 * fraction of that (bench/README.md).
 */
export function writtenTwice(part: Buffer): Buffer {
  return Buffer.concat([part, part])
}

/** Whether `bytes` is a part written twice (`writtenTwice`) of `length` bytes, and maybe more after it. */
export function sameTwice(bytes: Buffer, length: number): boolean {
  return bytes.length >= 2 * length && bytes.subarray(0, length).equals(bytes.subarray(length, 2 * length))
}

/** A temp file older than this was left by a killed write. */
const STALE_TEMP_MS = 10 * 60 * 1000

/**
 * The bytes of `file` when it is a regular file of the user's alone, at most `kind.maxBytes`, read
 * without following a link; undefined otherwise (`onForeign` is told why when the file is someone
 * else's). Never throws.
 */
export function readCacheFile(kind: CacheFileKind, file: string, onForeign?: (reason: string) => void): Buffer | undefined {
  try {
    const snapshot = readRegularFile(file, kind.maxBytes, undefined, {noFollow: true})
    if (snapshot === undefined) return undefined
    const foreign = notPrivateReason(snapshot.stats)
    if (foreign !== undefined) {
      onForeign?.(foreign)
      return undefined
    }
    return snapshot.bytes
  } catch {
    return undefined
  }
}

/**
 * Runs `use` with a descriptor of `file` when it is a regular file of the user's alone, at most
 * `kind.maxBytes`, opened without following a link: for a file read in parts. Undefined when there
 * is no such file or `use` throws; never throws.
 */
export function withCacheFile<T>(kind: CacheFileKind, file: string, use: (fd: number, stats: Stats) => T | undefined, onForeign?: (reason: string) => void): T | undefined {
  let fd: number | undefined
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0))
    const stats = fstatSync(fd)
    if (!stats.isFile() || stats.size > kind.maxBytes) return undefined
    const foreign = notPrivateReason(stats)
    if (foreign !== undefined) {
      onForeign?.(foreign)
      return undefined
    }
    return use(fd, stats)
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** Used now: a directory keeps its most recently used files. A read-only cache keeps its times. */
export function markUsed(file: string): void {
  try {
    const now = new Date()
    lutimesSync(file, now, now)
  } catch {
    // The file was read all the same.
  }
}

/**
 * Writes `bytes` as `file` in `directory` (best effort), then prunes the kind's files there; says
 * whether the file was written. The caller has checked the directory (`privateDirectoryProblem`).
 */
export function writeCacheFile(kind: CacheFileKind, directory: string, file: string, bytes: Uint8Array): boolean {
  if (bytes.length > kind.maxBytes) return false
  const temp = `${file}.${process.pid}.${Math.random().toString(16).slice(2)}.tmp`
  try {
    // `wx`: a new file, never an existing one or the target of a link.
    writeFileSync(temp, bytes, {flag: 'wx', mode: 0o600})
    renameSync(temp, file)
  } catch (error) {
    // A name that was already there is not ours to remove (`wx` created nothing).
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    try {
      unlinkSync(temp)
    } catch {
      // Never created, or already gone.
    }
    return false
  }
  pruneCacheFiles(kind, directory)
  return true
}

/**
 * Whether the file at `path` (a regular file of the user's alone, by `lstat`) begins as a file of
 * the kind does (any format): a temp file cut short by a killed write may hold only the start of it.
 */
function writtenByToolsearch(kind: CacheFileKind, path: string): boolean {
  let fd: number | undefined
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0))
    const start = Buffer.alloc(kind.magicPrefix.length)
    const count = readSync(fd, start, 0, start.length, 0)
    return start.toString('latin1', 0, count) === kind.magicPrefix.slice(0, count)
  } catch {
    return false
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/**
 * Removes all but the `kind.keep` most recently used files of the kind, and its stale temp files.
 * Only in a directory that is the user's alone, and only files toolsearch wrote: the kind's names,
 * regular files of the user's (not links) that begin as the kind's files do. Anything else stays.
 */
export function pruneCacheFiles(kind: CacheFileKind, directory: string, now = Date.now()): void {
  if (privateDirectoryProblem(directory) !== undefined) return
  try {
    const kept: Array<{path: string; used: number}> = []
    for (const name of readdirSync(directory)) {
      const temp = kind.tempNames.test(name)
      if (!temp && !kind.names.test(name)) continue
      const path = join(directory, name)
      try {
        const stats = lstatSync(path)
        if (!stats.isFile() || notPrivateReason(stats) !== undefined) continue
        if (temp) {
          if (now - stats.mtimeMs > STALE_TEMP_MS && writtenByToolsearch(kind, path)) unlinkSync(path)
        } else if (writtenByToolsearch(kind, path)) kept.push({path, used: stats.mtimeMs})
      } catch {
        // Removed by another run meanwhile.
      }
    }
    kept.sort((a, b) => b.used - a.used)
    for (const {path} of kept.slice(kind.keep)) {
      try {
        unlinkSync(path)
      } catch {
        // Removed by another run meanwhile.
      }
    }
  } catch {
    // An unreadable directory keeps what it has.
  }
}
