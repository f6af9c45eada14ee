/**
 * `$include` resolution (SPEC §1.2): a string or an array of relative paths, at any object depth.
 * A single file replaces the object, an array deep-merges in order, and the object's other keys
 * override the included content. At most 10 levels; cycles are an error naming the chain; a target
 * must stay under the directory of the top-level config file, symlinks resolved (a link inside the
 * directory that points outside it is refused too).
 *
 * Bounded work (where OpenClaw sets no bound): each file is read and parsed once per load (by real
 * path) however often it is included, and the include tree as a whole may merge in at most
 * `MAX_INCLUDE_EXPANSIONS` files (a file included twice counts twice) and at most
 * `MAX_INCLUDE_EXPANSION_CHARS` characters of included text: depth and cycles alone let a few
 * small files that include each other many times ask for millions of merges. Past either bound,
 * a `config-include` error names the bound and the chain of includes that crossed it.
 */
import {realpathSync} from 'node:fs'
import {dirname, isAbsolute, relative, resolve, sep} from 'node:path'

import {isRecord} from '../shared/json.js'
import {ToolsearchError, isToolsearchError} from '../shared/errors.js'
import {type CstNode, type CstObject, findMember} from './cst.js'
import {type ConfigSource, OriginMap, type Origins, nodeToValue, objectMembersToValue, sourceError} from './source.js'

export const INCLUDE_KEY = '$include'
export const MAX_INCLUDE_DEPTH = 10
/** How many files one include tree may merge in, counting a file each time it is included. */
export const MAX_INCLUDE_EXPANSIONS = 10_000
/** How much included text one include tree may merge in, in all: what one config file may hold. */
export const MAX_INCLUDE_EXPANSION_CHARS = 128 * 1024 * 1024

/** Reads and parses an included file; throws a ToolsearchError naming it when it cannot. */
export type SourceReader = (file: string) => ConfigSource

/** One `$include` as written: where it sits and what it brings in (for writes through includes). */
export interface IncludeDirective {
  /** Config path of the object that holds the `$include`. */
  path: string[]
  /** The file it is written in. */
  file: string
  /** Offset of the `$include` key in that file. */
  offset: number
  /** The files it names, in merge order. */
  targets: string[]
  /** Written as an array: its files are deep-merged. */
  merged: boolean
  /** Keys beside it are merged over the included content. */
  hasSiblings: boolean
}

export interface ResolvedConfig {
  /** The merged, authored value (no `${VAR}` substitution). */
  value: unknown
  /** Where every value of the merged config was written (see `nodeToValue`). */
  origins: Origins
  /** Every file that contributed, the top-level one first. */
  sources: Map<string, ConfigSource>
  /** Every `$include` met, outer ones before the ones inside the files they include. */
  includes: IncludeDirective[]
}

/** Resolves the includes of `source` (a top-level config file). */
export function resolveIncludes(source: ConfigSource, read: SourceReader): ResolvedConfig {
  const origins = new OriginMap()
  const sources = new Map<string, ConfigSource>([[source.file, source]])
  const includes: IncludeDirective[] = []
  if (source.root === undefined) return {value: {}, origins, sources, includes}
  const rootDir = dirname(source.file)
  const realRootDir = realPathOr(rootDir)
  /** Every included file read so far, by real path: each is read and parsed once. */
  const parsed = new Map<string, ConfigSource>()
  const budget = {files: 0, chars: 0}
  const includeFile = (current: ConfigSource, file: string, offset: number, chain: string[]): ConfigSource => {
    const real = checkTarget(current, file, offset, {rootDir, realRootDir}, chain)
    let target = parsed.get(real)
    if (target === undefined) {
      target = readIncluded(read, file, current, offset)
      parsed.set(real, target)
    }
    budget.files++
    budget.chars += target.text.length
    const over = budget.files > MAX_INCLUDE_EXPANSIONS ? `more than ${MAX_INCLUDE_EXPANSIONS} included files in all` : budget.chars > MAX_INCLUDE_EXPANSION_CHARS ? `more than ${MAX_INCLUDE_EXPANSION_CHARS / 1024 / 1024} MiB of included text in all` : undefined
    if (over !== undefined) {
      throw sourceError('config-include', `${INCLUDE_KEY} expands to ${over} (a file included more than once counts each time): ${[...chain, file].join(' -> ')}`, current, offset)
    }
    // The same file under another name (a link inside the config directory) keeps that name.
    return target.file === file ? target : {...target, file}
  }

  const resolveIn = (current: ConfigSource, chain: string[]) => {
    const onObject = (node: CstObject, path: string[]): unknown => {
      const include = findMember(node, INCLUDE_KEY)
      if (include === undefined) return objectMembersToValue(current, node, path, origins, onObject)
      const ownOrigin = origins.get(path)
      const targets = includeTargets(current, include.value)
      const siblings = node.members.filter((member) => member.key !== INCLUDE_KEY)
      includes.push({path, file: current.file, offset: include.keySpan.start, targets: targets.map(({file}) => file), merged: include.value.kind === 'array', hasSiblings: siblings.length > 0})
      const included = targets.map(({file, offset}) => {
        const target = includeFile(current, file, offset, chain)
        sources.set(file, target)
        if (target.root === undefined) return {}
        return nodeToValue(target, target.root, path, origins, resolveIn(target, [...chain, file]))
      })
      let base: unknown
      if (include.value.kind === 'string') {
        base = included[0]
      } else {
        const merged: Record<string, unknown> = {}
        included.forEach((value, index) => {
          if (!isRecord(value)) throw sourceError('config-include', `${INCLUDE_KEY} target ${targets[index].file} must contain an object to be merged`, current, targets[index].offset)
          mergeInto(merged, value)
        })
        base = merged
      }
      if (siblings.length > 0 && !isRecord(base)) throw sourceError('config-include', `${INCLUDE_KEY} target ${targets[0].file} is not an object, so the keys beside ${INCLUDE_KEY} cannot be merged into it`, current, include.keySpan.start)
      const own = objectMembersToValue(current, node, path, origins, onObject, INCLUDE_KEY)
      // An object result is this file's object (keys can be added beside $include); anything else
      // is the included file's value, and its origin stays there.
      if (isRecord(base) && ownOrigin !== undefined) origins.set(path, ownOrigin)
      return siblings.length === 0 ? base : deepMerge(base, own)
    }
    return onObject
  }

  const value = nodeToValue(source, source.root, [], origins, resolveIn(source, [source.file]))
  return {value, origins, sources, includes}
}

/**
 * Reads an included file. One that cannot be read (missing, a directory, no permission) stays an
 * unreadable-file error (exit 2), and names the `$include` that asked for it, so the user knows
 * which line to fix.
 */
function readIncluded(read: SourceReader, file: string, from: ConfigSource, offset: number): ConfigSource {
  try {
    return read(file)
  } catch (error) {
    if (!isToolsearchError(error) || error.code !== 'config-unreadable') throw error
    const {line, column} = from.position(offset)
    throw new ToolsearchError(error.code, `${error.message} (the ${INCLUDE_KEY} at ${from.file}:${line}:${column})`, {file: error.file, cause: error})
  }
}

function includeTargets(source: ConfigSource, node: CstNode): Array<{file: string; offset: number}> {
  const items = node.kind === 'array' ? node.elements.map((element) => element.value) : [node]
  if (node.kind === 'array' && items.length === 0) throw sourceError('config-include', `${INCLUDE_KEY} must not be an empty array`, source, node.start)
  return items.map((item) => {
    if (item.kind !== 'string' || typeof item.value !== 'string' || item.value.trim() === '') {
      throw sourceError('config-include', `${INCLUDE_KEY} must be a relative path or an array of relative paths`, source, item.start)
    }
    if (isAbsolute(item.value)) throw sourceError('config-include', `${INCLUDE_KEY} path must be relative: ${item.value}`, source, item.start)
    return {file: resolve(dirname(source.file), item.value), offset: item.start}
  })
}

/** The real path of `path`, or `path` itself when it cannot be resolved (it does not exist, say). */
export function realPathOr(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    // A target that does not exist is reported by the reader, naming the file.
    return path
  }
}

/** Whether `file` lies inside `dir` (`..name` is a file name, not a way up). */
function isInside(dir: string, file: string): boolean {
  const rel = relative(dir, file)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

/** Checks that `file` may be included from `source` at the end of `chain`; returns its real path. */
function checkTarget(source: ConfigSource, file: string, offset: number, root: {rootDir: string; realRootDir: string}, chain: string[]): string {
  if (file === root.rootDir) throw sourceError('config-include', `${INCLUDE_KEY} target ${file} is the config directory itself, not a file`, source, offset)
  if (!isInside(root.rootDir, file)) {
    throw sourceError('config-include', `${INCLUDE_KEY} target ${file} is outside the config directory ${root.rootDir}`, source, offset)
  }
  const real = realPathOr(file)
  if (!isInside(root.realRootDir, real)) {
    throw sourceError('config-include', `${INCLUDE_KEY} target ${file} resolves through a symlink to ${real}, outside the config directory ${root.rootDir}`, source, offset)
  }
  if (chain.includes(file)) {
    throw sourceError('config-include', `${INCLUDE_KEY} cycle: ${[...chain, file].join(' -> ')}`, source, offset)
  }
  if (chain.length > MAX_INCLUDE_DEPTH) {
    throw sourceError('config-include', `${INCLUDE_KEY} nesting deeper than ${MAX_INCLUDE_DEPTH} levels: ${[...chain, file].join(' -> ')}`, source, offset)
  }
  return real
}

/**
 * `deepMerge(target, override)` written into `target` itself: merging many files one after the
 * other copies nothing, where copying the growing result at each step took time quadratic in the
 * number of files (a thousand files of a thousand keys each: minutes). Only for values built for
 * this resolution (each included file's value is built afresh), whose objects no one else holds.
 */
function mergeInto(target: Record<string, unknown>, override: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(override)) {
    const existing = Object.hasOwn(target, key) ? target[key] : undefined
    if (isRecord(existing) && isRecord(value)) mergeInto(existing, value)
    else target[key] = value
  }
}

/** Deep-merges `override` into `base`: objects merge key by key, anything else replaces. */
export function deepMerge(base: unknown, override: unknown): unknown {
  if (!isRecord(base) || !isRecord(override)) return override
  const out: Record<string, unknown> = {...base}
  for (const [key, value] of Object.entries(override)) out[key] = Object.hasOwn(out, key) ? deepMerge(out[key], value) : value
  return out
}
