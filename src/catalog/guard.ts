/**
 * Structural safety checks on a whole catalog document before anything reads it. Files are
 * untrusted: a `__proto__` key, a cycle (possible in values built in code, not in JSON) or a
 * nesting depth bomb must be a clear error, never a polluted prototype, a hang or a stack
 * overflow later in rendering (`JSON.stringify` overflows at a few thousand levels).
 *
 * `constructor` and `prototype` stay allowed: they are legitimate property names in a schema,
 * and every reader of catalog values looks at own properties only (`ownValue`).
 */
import {catalogError, childPath} from './errors.js'

/** Deepest nesting a catalog document may have; real tool schemas stay far below it. */
export const MAX_CATALOG_DEPTH = 128

interface Frame {
  value: unknown
  parent: Frame | undefined
  key: string | number | undefined
  depth: number
  /** Set on the marker pushed to leave an object after its children. */
  leaving?: object
}

function framePath(frame: Frame): string {
  const keys: Array<string | number> = []
  for (let current: Frame | undefined = frame; current?.key !== undefined; current = current.parent) keys.push(current.key)
  return keys.reverse().reduce<string>((path, key) => childPath(path, key), '')
}

/**
 * Walks `document` iteratively (no recursion, so depth cannot overflow the stack) and throws a
 * catalog error at the first forbidden key, cycle or over-deep value. Shared sub-objects are
 * visited once.
 */
export function assertSafeCatalogDocument(document: unknown, file: string): void {
  const onPath = new Set<object>()
  const visited = new Set<object>()
  const stack: Frame[] = [{value: document, parent: undefined, key: undefined, depth: 0}]
  while (stack.length > 0) {
    const frame = stack.pop()!
    if (frame.leaving !== undefined) {
      onPath.delete(frame.leaving)
      continue
    }
    const {value} = frame
    if (typeof value !== 'object' || value === null) continue
    if (onPath.has(value)) throw catalogError(file, framePath(frame), 'is cyclic (it contains itself)')
    if (visited.has(value)) continue
    if (frame.depth > MAX_CATALOG_DEPTH) throw catalogError(file, framePath(frame), `nests deeper than ${MAX_CATALOG_DEPTH} levels`)
    visited.add(value)
    onPath.add(value)
    stack.push({value: undefined, parent: frame.parent, key: undefined, depth: frame.depth, leaving: value})
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({value: value[i], parent: frame, key: i, depth: frame.depth + 1})
      continue
    }
    const keys = Object.keys(value)
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!
      if (key === '__proto__') throw catalogError(file, childPath(framePath(frame), key), 'the key "__proto__" is not allowed')
      stack.push({value: (value as Record<string, unknown>)[key], parent: frame, key, depth: frame.depth + 1})
    }
  }
}
