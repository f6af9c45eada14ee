/**
 * One config file as read from disk: its text, its CST, and the conversion of CST nodes to plain
 * values that remembers where each value came from (for findings and for refusing writes into
 * included files).
 */
import {type ErrorCode, ToolsearchError} from '../shared/errors.js'
import {type CstNode, type CstObject, findMember, parseCst} from './cst.js'
import {FORBIDDEN_KEYS, forbiddenKeyMessage} from './path.js'
import {type Position, positionIndex} from './text.js'

export type SourceFormat = 'json5' | 'json'

export interface ConfigSource {
  /** Absolute path. */
  file: string
  text: string
  format: SourceFormat
  /** The file's top-level value; undefined when the file holds only whitespace and comments. */
  top: CstNode | undefined
  /** The node holding the config (the `openclaw` value in package.json); undefined when empty. */
  root: CstNode | undefined
  /** CST path from the file's top-level value to `root` (`["openclaw"]` in package.json). */
  rootPrefix: string[]
  position: (offset: number) => Position
}

/** Where a value was written: the file and the offsets of its key (members only) and value. */
export interface Origin {
  file: string
  keyOffset?: number
  valueOffset: number
}

/** Config path (keys and indexes as strings) → origin. `''` is the root. */
export type OriginMap = Map<string, Origin>

/** Joins path segments with a character no key can be confused with. */
export function originKey(path: ReadonlyArray<string | number>): string {
  return path.map(String).join('\u001F')
}

/** A config-level problem tied to a place in a file; thrown as a ToolsearchError (exit 2). */
export function sourceError(code: ErrorCode, message: string, source: Pick<ConfigSource, 'file' | 'position'>, offset: number): ToolsearchError {
  const {line, column} = source.position(offset)
  return new ToolsearchError(code, message, {file: source.file, line, column, details: {file: source.file, line, column}})
}

/**
 * Parses file text. package.json is plain JSON and its `openclaw` key is the config. Throws a
 * ToolsearchError (code `config-parse`, exit 2) with file, line and column when it does not parse.
 */
export function parseSource(file: string, text: string, format: SourceFormat = 'json5', packageKey?: string): ConfigSource {
  const position = positionIndex(text)
  const result = parseCst(text)
  if (!result.ok) throw sourceError('config-parse', result.error.message, {file, position}, result.error.offset)
  let root = result.root
  const rootPrefix: string[] = []
  if (packageKey !== undefined) {
    root = root?.kind === 'object' ? findMember(root, packageKey)?.value : undefined
    rootPrefix.push(packageKey)
  }
  return {file, text, format, top: result.root, root, rootPrefix, position}
}

/** Lets the include resolver take over objects (the ones that carry `$include`). */
export type ObjectHook = (node: CstObject, path: string[]) => unknown

/**
 * Converts a CST node to a plain value; forbidden keys are refused with file, line and column.
 * With `origins`, records where every value under `basePath` was written. Later records for the
 * same path win, so resolving sources in merge order leaves every path of the merged value
 * pointing at the source that gave it its value.
 */
export function nodeToValue(source: ConfigSource, node: CstNode, basePath: string[] = [], origins: OriginMap = new Map(), onObject?: ObjectHook, keyOffset?: number): unknown {
  origins.set(originKey(basePath), {file: source.file, keyOffset, valueOffset: node.start})
  if (node.kind === 'array') {
    return node.elements.map((element, index) => nodeToValue(source, element.value, [...basePath, String(index)], origins, onObject))
  }
  if (node.kind !== 'object') return node.value
  if (onObject !== undefined) return onObject(node, basePath)
  return objectMembersToValue(source, node, basePath, origins, onObject)
}

/** The members of an object node as a plain object; forbidden keys are refused. */
export function objectMembersToValue(source: ConfigSource, node: CstObject, basePath: string[], origins: OriginMap, onObject?: ObjectHook, skipKey?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const member of node.members) {
    if (member.key === skipKey) continue
    const path = [...basePath, member.key]
    if (FORBIDDEN_KEYS.has(member.key)) {
      throw sourceError('config-forbidden-key', forbiddenKeyMessage(path), source, member.keySpan.start)
    }
    out[member.key] = nodeToValue(source, member.value, path, origins, onObject, member.keySpan.start)
  }
  return out
}
