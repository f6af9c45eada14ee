/**
 * Which file a change at a config path has to be written in, when the value comes from an
 * `$include` (issue 11: a migration in a single-file `$include` is written through to that file,
 * as OpenClaw's doctor does; every other shape fails closed and says why).
 *
 * The rules are OpenClaw's (its include write boundary): the value is written in the file of the
 * deepest `$include` on its path that alone owns it —
 * - it names one file (an array of files is merged: no single file owns the result);
 * - it has no keys beside it (they are merged over the included content);
 * - it is not inside an array;
 * - no `$include` around it merges (an array, or keys beside it);
 * - the file it names has no `$include` of its own below it (that file could not take the write
 *   without flattening the inner include);
 * - no other `$include` names the same file (the write would change another part of the config);
 * and nothing is written through a `$include` at the top of the config, which OpenClaw keeps
 * read-only (that file shapes every section). toolsearch refuses one more shape: a value that is
 * the whole content of its file (`mode: {$include: "mode.json5"}`), which no edit inside the file
 * can express.
 */
import {realpathSync} from 'node:fs'

import type {IncludeDirective} from './include.js'
import {type ConfigDocument, nearestOrigin} from './load.js'
import {formatConfigPath} from './path.js'
import {valueAtPath} from './query.js'

/** Why a value in an included file cannot be written through. */
export type IncludeBlockReason = 'top-level' | 'merged' | 'siblings' | 'in-array' | 'enclosing-merge' | 'nested-include' | 'shared' | 'whole-file'

export type IncludeOwner =
  /** The value is written in the top-level file. */
  | {kind: 'top'}
  /** The value is written in `file`, whose content is the config at `boundary`. */
  | {kind: 'include'; file: string; boundary: string[]}
  /** No file can take the change alone: `directive` is the `$include` that stands in the way. */
  | {kind: 'blocked'; file: string; reason: IncludeBlockReason; directive: IncludeDirective; other?: IncludeDirective}

const isPrefix = (prefix: readonly string[], path: readonly string[]) => prefix.length <= path.length && prefix.every((key, index) => key === path[index])

function realPath(file: string): string {
  try {
    return realpathSync(file)
  } catch {
    return file
  }
}

/** Whether a container on the way to `path` (the value at `path` excluded) is an array. */
function insideArray(authored: unknown, path: readonly string[]): boolean {
  let value = authored
  for (const key of path) {
    if (Array.isArray(value)) return true
    const next = valueAtPath(value, [key])
    if (!next.found) return false
    value = next.value
  }
  return false
}

/** Why `directive` cannot take a write at `path` alone, or undefined when it can. */
function blockOf(document: ConfigDocument, directive: IncludeDirective, path: readonly string[]): Omit<Extract<IncludeOwner, {kind: 'blocked'}>, 'kind' | 'file'> | undefined {
  if (directive.merged) return {reason: 'merged', directive}
  if (directive.hasSiblings) return {reason: 'siblings', directive}
  if (insideArray(document.authored, directive.path)) return {reason: 'in-array', directive}
  const enclosing = document.includes.find((other) => other !== directive && isPrefix(other.path, directive.path) && (other.merged || other.hasSiblings))
  if (enclosing !== undefined) return {reason: 'enclosing-merge', directive, other: enclosing}
  const nested = document.includes.find((other) => other.path.length > directive.path.length && isPrefix(directive.path, other.path))
  if (nested !== undefined) return {reason: 'nested-include', directive, other: nested}
  const target = realPath(directive.targets[0])
  const shared = document.includes.find((other) => other !== directive && other.targets.some((file) => realPath(file) === target))
  if (shared !== undefined) return {reason: 'shared', directive, other: shared}
  if (directive.path.length === path.length) return {reason: 'whole-file', directive}
  return undefined
}

/** Where a change of the value at `path` (which exists) has to be written. */
export function includeOwnerOf(document: ConfigDocument, path: readonly string[]): IncludeOwner {
  const nearest = nearestOrigin(document, path)
  if (nearest === undefined || nearest.origin.file === document.source.file) return {kind: 'top'}
  const file = nearest.origin.file
  const topLevel = document.includes.find((directive) => directive.path.length === 0)
  if (topLevel !== undefined) return {kind: 'blocked', file, reason: 'top-level', directive: topLevel}
  // Deepest first: the write goes to the narrowest file that owns the value.
  const owners = document.includes.filter((directive) => isPrefix(directive.path, path)).sort((a, b) => b.path.length - a.path.length)
  let innermost: Extract<IncludeOwner, {kind: 'blocked'}> | undefined
  for (const directive of owners) {
    const block = blockOf(document, directive, path)
    if (block === undefined) return {kind: 'include', file: directive.targets[0], boundary: directive.path}
    innermost ??= {kind: 'blocked', file, ...block}
  }
  // A value from an included file always has an owning $include on its path.
  return innermost ?? {kind: 'top'}
}

/**
 * Why a blocked value cannot be written through, in words; `show` turns a file into what the
 * reader sees (a path relative to the working directory, say).
 */
export function describeIncludeBlock(block: Extract<IncludeOwner, {kind: 'blocked'}>, show: (file: string) => string): string {
  const at = (directive: IncludeDirective) => (directive.path.length === 0 ? `the top of ${show(directive.file)}` : `${formatConfigPath(directive.path)} in ${show(directive.file)}`)
  const {directive, other} = block
  const target = show(directive.targets[0])
  switch (block.reason) {
    case 'top-level':
      return `the $include at the top of ${show(directive.file)} is read-only for writes, as in OpenClaw (the file it names shapes every section)`
    case 'merged':
      return `the $include at ${at(directive)} merges ${directive.targets.length} files (${directive.targets.map(show).join(', ')}), so no one file holds the value`
    case 'siblings':
      return `the $include at ${at(directive)} has keys beside it that are merged over ${target}`
    case 'in-array':
      return `the $include at ${at(directive)} is inside an array`
    case 'enclosing-merge':
      return `it is inside the $include at ${at(other!)}, which ${other!.merged ? 'merges several files' : 'has keys beside it that are merged over it'}`
    case 'nested-include':
      return `${target} has a $include of its own (at ${at(other!)})`
    case 'shared':
      return `${target} is also included at ${at(other!)}, which the change would alter too`
    case 'whole-file':
      return `the value is the whole content of ${target}`
  }
}
