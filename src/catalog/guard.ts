/**
 * Structural safety checks on catalog values before anything reads them. Files and servers are
 * untrusted: a `__proto__` key, a cycle (possible in values built in code, not in JSON), a nesting
 * depth bomb or a tool too large to handle must be a clear message, never a polluted prototype, a
 * hang or a stack overflow later in rendering (`JSON.stringify` overflows at a few thousand levels).
 *
 * Where a defect is decides what it costs:
 * - inside one tool (its schema, its texts, its `run`): that tool is skipped — not searchable,
 *   not callable — with one warning naming it, and the rest of the catalog loads. This holds for
 *   a tool from a file and a tool a live server lists alike;
 * - anywhere else in a file (its top level, an `mcpServers` block): the file is refused.
 *
 * `constructor` and `prototype` stay allowed: they are legitimate property names in a schema,
 * and every reader of catalog values looks at own properties only (`ownValue`).
 */
import {safeInline} from '../output/terminal.js'
import {type JsonPath, formatJsonPath, shortenJsonPath} from '../shared/json-path.js'
import {type CutStyle, truncateText} from '../shared/truncate.js'
import {catalogError} from './errors.js'

/** Deepest nesting a catalog document (or one tool in it) may have; real tool schemas stay far below it. */
export const MAX_CATALOG_DEPTH = 128
/**
 * Largest tool a catalog keeps, in characters of its strings and keys (about its JSON length).
 * Generous: a 10 MB description is still searched; only a tool built to exhaust memory is skipped.
 */
export const MAX_TOOL_CHARS = 16 * 1024 * 1024
/** A skipped tool's path and name are cut in the middle beyond this many characters. */
const MAX_SHOWN_PATH_CHARS = 120
/** A name keeps both its ends: they say the most. */
const MIDDLE_CUT: CutStyle = {mark: '…', at: 'middle'}

/** What is wrong with a value, and where (a catalog path such as `tools[3].parameters.items`). */
export interface Defect {
  path: JsonPath
  problem: string
}

export interface DefectLimits {
  maxDepth: number
  /** Largest size in characters of strings and keys; unlimited when absent. */
  maxChars?: number
  /** Values treated as opaque leaves (checked separately, e.g. each tool of a file). */
  leaves?: ReadonlySet<unknown>
  /** Data that is only printed (a tool's result) may have a `__proto__` key; a catalog may not. */
  allowProtoKey?: boolean
}

interface Frame {
  value: unknown
  parent: Frame | undefined
  key: string | number | undefined
  depth: number
  /** Set on the marker pushed to leave an object after its children. */
  leaving?: object
}

function framePath(frame: Frame, base: JsonPath): JsonPath {
  const keys: Array<string | number> = []
  for (let current: Frame | undefined = frame; current?.key !== undefined; current = current.parent) keys.push(current.key)
  return [...base, ...keys.reverse()]
}

/**
 * Whether `value` may have a defect, by a walk that allocates nothing: it stops at the first
 * forbidden key, at an object deeper than the limit (a cycle nests without end, so it stops there
 * too) or once the characters counted pass the limit. It visits at least what `findDefect` visits
 * (`for…in` adds inherited enumerable keys; a shared sub-object is counted once per reference), so
 * `false` means `findDefect` finds nothing, and `true` leaves the exact defect and its path to
 * `findDefect`. Nearly every value checked is JSON just parsed, a tree without defects, so this
 * walk is all it costs. Recursion depth is bounded by `maxDepth` plus one, and the work by
 * `QUICK_WALK_OBJECTS`: a value built in code can share sub-objects so that walking every
 * reference takes exponential time (`{anyOf: [node, node]}` 60 times over), and past that many
 * objects the exact walk, which visits each object once, takes over.
 */
const QUICK_WALK_OBJECTS = 1_000_000

function mayHaveDefect(value: unknown, limits: DefectLimits): boolean {
  const maxChars = limits.maxChars ?? Number.POSITIVE_INFINITY
  if (typeof value === 'string') return value.length > maxChars
  if (typeof value !== 'object' || value === null) return false
  return new QuickWalk(limits.maxDepth, maxChars, limits.leaves, limits.allowProtoKey === true).walk(value, 0)
}

/**
 * The state of one `mayHaveDefect` walk. A method with its counters on the instance and the
 * string children handled inline runs about twice as fast as closures over shared variables,
 * and this walk covers every value of every catalog loaded.
 */
class QuickWalk {
  private chars = 0
  private objects = 0

  constructor(
    private readonly maxDepth: number,
    private readonly maxChars: number,
    private readonly leaves: ReadonlySet<unknown> | undefined,
    private readonly allowProtoKey: boolean,
  ) {}

  /** True when `node` or something in it may be a defect; characters are checked once per object. */
  walk(node: object, depth: number): boolean {
    if (this.leaves !== undefined && this.leaves.has(node)) return false
    if (depth > this.maxDepth || ++this.objects > QUICK_WALK_OBJECTS) return true
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child: unknown = node[i]
        if (typeof child === 'string') this.chars += child.length
        else if (typeof child === 'object' && child !== null && this.walk(child, depth + 1)) return true
      }
      return this.chars > this.maxChars
    }
    for (const key in node) {
      if (key === '__proto__' && !this.allowProtoKey) return true
      this.chars += key.length
      const child = (node as Record<string, unknown>)[key]
      if (typeof child === 'string') this.chars += child.length
      else if (typeof child === 'object' && child !== null && this.walk(child, depth + 1)) return true
    }
    return this.chars > this.maxChars
  }
}

/**
 * The first forbidden key, cycle, over-deep value or size overflow in `value`, walked
 * iteratively (no recursion, so depth cannot overflow the stack); `base` is the path of `value`
 * itself. Shared sub-objects are visited (and counted) once.
 */
export function findDefect(value: unknown, base: JsonPath, limits: DefectLimits): Defect | undefined {
  return mayHaveDefect(value, limits) ? locateDefect(value, base, limits) : undefined
}

function locateDefect(value: unknown, base: JsonPath, limits: DefectLimits): Defect | undefined {
  const onPath = new Set<object>()
  const visited = new Set<object>()
  const stack: Frame[] = [{value, parent: undefined, key: undefined, depth: 0}]
  let chars = 0
  const tooLarge = (frame: Frame): Defect | undefined =>
    limits.maxChars !== undefined && chars > limits.maxChars ? {path: framePath(frame, base), problem: `is larger than ${limits.maxChars} characters`} : undefined
  while (stack.length > 0) {
    const frame = stack.pop()!
    if (frame.leaving !== undefined) {
      onPath.delete(frame.leaving)
      continue
    }
    const current = frame.value
    if (typeof current === 'string') chars += current.length
    if (typeof current !== 'object' || current === null || limits.leaves?.has(current) === true) {
      const large = tooLarge(frame)
      if (large !== undefined) return large
      continue
    }
    if (onPath.has(current)) return {path: framePath(frame, base), problem: 'is cyclic (it contains itself)'}
    if (visited.has(current)) continue
    if (frame.depth > limits.maxDepth) return {path: framePath(frame, base), problem: `nests deeper than ${limits.maxDepth} levels`}
    visited.add(current)
    onPath.add(current)
    stack.push({value: undefined, parent: frame.parent, key: undefined, depth: frame.depth, leaving: current})
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({value: current[i], parent: frame, key: i, depth: frame.depth + 1})
      continue
    }
    const keys = Object.keys(current)
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!
      if (key === '__proto__' && limits.allowProtoKey !== true) return {path: [...framePath(frame, base), key], problem: 'the key "__proto__" is not allowed'}
      chars += key.length
      stack.push({value: (current as Record<string, unknown>)[key], parent: frame, key, depth: frame.depth + 1})
    }
    const large = tooLarge(frame)
    if (large !== undefined) return large
  }
  return undefined
}

/**
 * Throws a catalog error at the first defect in `document`, outside the `tools` given (each of
 * them is checked on its own by `toolDefect`, so one bad tool costs only itself).
 */
export function assertSafeCatalogDocument(document: unknown, file: string, tools: readonly unknown[] = []): void {
  const defect = findDefect(document, [], {maxDepth: MAX_CATALOG_DEPTH, leaves: new Set(tools)})
  if (defect !== undefined) throw catalogError(file, defect.path, defect.problem)
}

/** What makes one tool unusable (depth, size, `__proto__`, a cycle), or undefined when it is sound. */
export function toolDefect(tool: unknown, path: JsonPath): Defect | undefined {
  return findDefect(tool, path, {maxDepth: MAX_CATALOG_DEPTH, maxChars: MAX_TOOL_CHARS})
}

/** A tool left out of the catalog because of a defect inside it (see `toolDefect`). */
export interface SkippedTool {
  /** The tool's name, as its file or server spells it. */
  name: string
  /** The catalog file it is in, or, for a tool a live server listed, `MCP server "<key>"`. */
  source: string
  /** Where the defect is, cut in the middle to a readable length. */
  path: string
  problem: string
}

/** `defect.path` as segments, or already written (a live server's, with its secrets redacted). */
export function skippedTool(name: string, source: string, defect: Defect | {path: string; problem: string}): SkippedTool {
  const path = typeof defect.path === 'string' ? defect.path : formatJsonPath(defect.path)
  return {name, source, path: shortenJsonPath(path, MAX_SHOWN_PATH_CHARS), problem: defect.problem}
}

/** One warning line for stderr. */
export function formatSkippedTool(skipped: SkippedTool): string {
  return `Warning: ${safeInline(skipped.source)}: tool "${safeInline(truncateText(skipped.name, MAX_SHOWN_PATH_CHARS, MIDDLE_CUT))}" is skipped (it cannot be searched or called): ${safeInline(skipped.path)}: ${skipped.problem}.`
}
