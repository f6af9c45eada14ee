/**
 * One config file as read from disk: its text, its CST, and the conversion of CST nodes to plain
 * values that remembers where each value came from (for findings and for refusing writes into
 * included files).
 */
import {type ErrorCode, ToolsearchError} from '../shared/errors.js'
import {type CstArray, type CstMember, type CstNode, type CstObject, findMember, parseCst, parsePlain, parsePlainSpan} from './cst.js'
import {type Edit, unchangedBy} from './edit.js'
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

/** Where the values of a config were written, by config path (keys and indexes as strings; the empty path is the root). */
export interface Origins {
  get(path: readonly string[]): Origin | undefined
}

/** One value's place in the origin tree: its origin, when recorded, and its children's nodes. */
interface OriginNode {
  file?: string
  keyOffset?: number
  valueOffset?: number
  children?: Record<string, OriginNode>
}

/**
 * Config path (keys and indexes as strings) → origin; the empty path is the root. A tree rather
 * than a map of joined paths: a config of many megabytes records hundreds of thousands of
 * origins, and a child's node is one property away from its parent's, where a joined key would
 * be built and hashed again for every value. A node holds its origin's fields itself (one object
 * per value instead of two); `get` hands out a copy.
 */
export class OriginMap implements Origins {
  private readonly root: OriginNode = {}

  get(path: readonly string[]): Origin | undefined {
    let node: OriginNode | undefined = this.root
    for (const key of path) {
      node = node.children?.[key]
      if (node === undefined) return undefined
    }
    if (node.file === undefined || node.valueOffset === undefined) return undefined
    return node.keyOffset === undefined ? {file: node.file, valueOffset: node.valueOffset} : {file: node.file, keyOffset: node.keyOffset, valueOffset: node.valueOffset}
  }

  /** Records where the value at `path` was written (a later record for the same path wins). */
  set(path: readonly string[], origin: Origin): void {
    record(this.nodeAt(path), origin.file, origin.keyOffset, origin.valueOffset)
  }

  /** The node of `path`, made when missing (for the converters below). */
  nodeAt(path: readonly string[]): OriginNode {
    let node = this.root
    for (const key of path) node = childNode(node, key)
    return node
  }
}

function childNode(parent: OriginNode, key: string): OriginNode {
  // A null prototype: a key is only ever a key (forbidden keys are refused anyway).
  const children = (parent.children ??= Object.create(null) as Record<string, OriginNode>)
  return (children[key] ??= {})
}

function record(node: OriginNode, file: string, keyOffset: number | undefined, valueOffset: number): void {
  node.file = file
  node.keyOffset = keyOffset
  node.valueOffset = valueOffset
}

/** A canonical array index: what the origin tree's keys of array elements are (`String(index)`). */
const INDEX = /^(?:0|[1-9]\d*)$/

/**
 * The origins of a config written in one file with no `$include`, read off its syntax tree when
 * asked (see `plainSource`): the value at a path is the last member with each key on the way, as
 * in the values, so this answers what the origin tree recorded for every path the config has.
 */
export class TreeOrigins implements Origins {
  constructor(private readonly source: ConfigSource) {}

  get(path: readonly string[]): Origin | undefined {
    let node = this.source.root
    if (node === undefined) return undefined
    let keyOffset: number | undefined
    for (const key of path) {
      if (node.kind === 'object') {
        const member = findMember(node, key)
        if (member === undefined) return undefined
        keyOffset = member.keySpan.start
        node = member.value
      } else if (node.kind === 'array' && INDEX.test(key) && Number(key) < node.elements.length) {
        keyOffset = undefined
        node = node.elements[Number(key)].value
      } else {
        return undefined
      }
    }
    const {file} = this.source
    return keyOffset === undefined ? {file, valueOffset: node.start} : {file, keyOffset, valueOffset: node.start}
  }
}

/** A config-level problem tied to a place in a file; thrown as a ToolsearchError (exit 2). */
export function sourceError(code: ErrorCode, message: string, source: Pick<ConfigSource, 'file' | 'position'>, offset: number): ToolsearchError {
  const {line, column} = source.position(offset)
  return new ToolsearchError(code, message, {file: source.file, line, column, details: {file: source.file, line, column}})
}

/**
 * The source of a config file that does not exist: what `parseSource` gives for no text (no value,
 * read as `{}`), without running the parser over nothing.
 */
export function absentSource(file: string, format: SourceFormat = 'json5', packageKey?: string): ConfigSource {
  return {file, text: '', format, top: undefined, root: undefined, rootPrefix: packageKey === undefined ? [] : [packageKey], position: positionIndex('')}
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

/** Keys the plain parser leaves to the tree: they are refused, or resolved, on the way to values. */
const TREE_KEYS: ReadonlySet<string> = new Set([...FORBIDDEN_KEYS, '$include'])

/**
 * A JSON5 file that parses, holds a value, and has no `$include` or forbidden key anywhere:
 * its value, and the file with its syntax tree built the first time `top` or `root` is read
 * (origins, style and edits need it; validation and most checks only need the values).
 * Undefined for any other text: `parseSource` and the include resolver then say what it is.
 */
export function plainSource(file: string, text: string): {source: ConfigSource; value: unknown} | undefined {
  const plain = parsePlain(text, TREE_KEYS)
  return plain === undefined ? undefined : {source: lazySource(file, text), value: plain.value}
}

/** Plain sources whose syntax tree has been built. */
const withTree = new WeakSet<ConfigSource>()

/** A JSON5 file the plain parser accepted, its syntax tree built the first time it is read. */
function lazySource(file: string, text: string): ConfigSource {
  let top: CstNode | undefined
  const tree = (): CstNode | undefined => {
    if (top === undefined) {
      const result = parseCst(text)
      // The plain parser accepted the text, so the tree parser does.
      if (!result.ok) throw sourceError('config-parse', result.error.message, {file, position}, result.error.offset)
      top = result.root
      withTree.add(source)
    }
    return top
  }
  const position = positionIndex(text)
  const source: ConfigSource = {
    file,
    text,
    format: 'json5',
    get top() {
      return tree()
    },
    get root() {
      return tree()
    },
    rootPrefix: [],
    position,
  }
  return source
}

/**
 * `base` (a plain source whose tree is built) with `edits` applied, which gives `text`, and its
 * value: only the innermost value the edits fall strictly inside is read again, and the value of
 * `base` (`baseValue`) is copied along the way to it. Undefined when that cannot be done (no such
 * value, or its new text is not exactly one plain value): the caller then reads `text` whole.
 *
 * Why: `doctor --fix` loads the text each fix pass makes, which differs from the text before it
 * by a few characters; reading all of a large file again cost as much as the first time.
 */
export function editedPlainSource(base: ConfigSource, baseValue: unknown, edits: readonly Edit[], text: string): {source: ConfigSource; value: unknown} | undefined {
  if (!withTree.has(base) || edits.length === 0) return undefined
  const {prefix, suffix} = unchangedBy(base.text, edits)
  const end = base.text.length - suffix
  const inside = (node: CstNode) => node.start < prefix && end < node.end
  let node = base.top
  if (suffix < 0 || node === undefined || !inside(node)) return undefined
  const path: string[] = []
  // Whether every value on the way is the one its key gives (a key written twice keeps the last).
  let live = true
  for (;;) {
    let next: CstNode | undefined
    if (node.kind === 'object') {
      const member: CstMember | undefined = node.members.find((candidate) => inside(candidate.value))
      if (member !== undefined) {
        live &&= findMember(node, member.key) === member
        path.push(member.key)
        next = member.value
      }
    } else if (node.kind === 'array') {
      const index = node.elements.findIndex((element) => inside(element.value))
      if (index !== -1) {
        path.push(String(index))
        next = node.elements[index].value
      }
    }
    if (next === undefined) break
    node = next
  }
  const replaced = parsePlainSpan(text, node.start, node.end - (base.text.length - text.length), path.length, TREE_KEYS)
  if (replaced === undefined) return undefined
  return {source: lazySource(base.file, text), value: live ? replaceAt(baseValue, path, replaced.value) : baseValue}
}

/** `value` with the value at `path` replaced, copying only the containers on the way. */
function replaceAt(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [key, ...rest] = path
  if (Array.isArray(value)) {
    const copy = value.slice()
    copy[Number(key)] = replaceAt(value[Number(key)], rest, replacement)
    return copy
  }
  const record = value as Record<string, unknown>
  return {...record, [key]: replaceAt(record[key], rest, replacement)}
}

/** Lets the include resolver take over objects (the ones that carry `$include`). */
export type ObjectHook = (node: CstObject, path: string[]) => unknown

/**
 * Converts a CST node to a plain value; forbidden keys are refused with file, line and column.
 * With `origins`, records where every value under `basePath` was written. Later records for the
 * same path win, so resolving sources in merge order leaves every path of the merged value
 * pointing at the source that gave it its value.
 */
export function nodeToValue(source: ConfigSource, node: CstNode, basePath: string[] = [], origins: OriginMap = new OriginMap(), onObject?: ObjectHook, keyOffset?: number): unknown {
  const at = origins.nodeAt(basePath)
  record(at, source.file, keyOffset, node.start)
  return node.kind === 'object' || node.kind === 'array' ? containerToValue(source, node, basePath, at, onObject) : node.value
}

/** The members of an object node as a plain object; forbidden keys are refused. */
export function objectMembersToValue(source: ConfigSource, node: CstObject, basePath: string[], origins: OriginMap, onObject?: ObjectHook, skipKey?: string): Record<string, unknown> {
  return membersToValue(source, node, basePath, origins.nodeAt(basePath), onObject, skipKey)
}

// A config of many megabytes has hundreds of thousands of values: the converters below build a
// path array only for containers (the include hook and the children need it), and reach a
// child's origin node from its parent's.

function childToValue(source: ConfigSource, node: CstNode, parentPath: string[], parent: OriginNode, key: string, onObject: ObjectHook | undefined, keyOffset?: number): unknown {
  const at = childNode(parent, key)
  record(at, source.file, keyOffset, node.start)
  return node.kind === 'object' || node.kind === 'array' ? containerToValue(source, node, [...parentPath, key], at, onObject) : node.value
}

function containerToValue(source: ConfigSource, node: CstObject | CstArray, path: string[], at: OriginNode, onObject: ObjectHook | undefined): unknown {
  if (node.kind === 'array') return node.elements.map((element, index) => childToValue(source, element.value, path, at, String(index), onObject))
  if (onObject !== undefined) return onObject(node, path)
  return membersToValue(source, node, path, at, onObject)
}

function membersToValue(source: ConfigSource, node: CstObject, path: string[], at: OriginNode, onObject: ObjectHook | undefined, skipKey?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const member of node.members) {
    if (member.key === skipKey) continue
    if (FORBIDDEN_KEYS.has(member.key)) {
      throw sourceError('config-forbidden-key', forbiddenKeyMessage([...path, member.key]), source, member.keySpan.start)
    }
    out[member.key] = childToValue(source, member.value, path, at, member.key, onObject, member.keySpan.start)
  }
  return out
}
