/**
 * Places in a JSON value as paths of segments (`['tools', 3, 'name']`: keys and array indexes),
 * written one way: dots between identifier keys, brackets around indexes and any other key
 * (`tools[3].name`, `mcpServers["my server"]`). Read back with `parseJsonPath`, cut to a readable
 * length at segment boundaries with `shortenJsonPath`. Config paths (`config/path.ts`) write their
 * segments the same way.
 */
import {truncateText} from './truncate.js'

export type JsonPathSegment = string | number

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Whether a key can be written bare: in a path (`a.b`) and as a JSON5 key (`{b: 1}`). */
export function isIdentifier(key: string): boolean {
  return IDENTIFIER.test(key)
}

/** One segment as written after the path before it (`first`: there is none). */
export function formatJsonSegment(segment: JsonPathSegment, first: boolean): string {
  if (typeof segment === 'number') return `[${segment}]`
  if (isIdentifier(segment)) return first ? segment : `.${segment}`
  return `[${JSON.stringify(segment)}]`
}

/** `tools[3].function`, `["a b"].x`; empty for the value itself. */
export function formatJsonPath(segments: readonly JsonPathSegment[]): string {
  let out = ''
  for (const segment of segments) out += formatJsonSegment(segment, out === '')
  return out
}

/** A written path one segment deeper. */
export function appendJsonPath(path: string, segment: JsonPathSegment): string {
  return path + formatJsonSegment(segment, path === '')
}

const PATH_SEGMENT = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|(?:^|\.)([^.[\]]+)/gy

/** `tools[3].function`, `[2]`, `mcpServers["my server"]` → segments; undefined when it is not a path as written here. */
export function parseJsonPath(path: string): JsonPathSegment[] | undefined {
  const segments: JsonPathSegment[] = []
  PATH_SEGMENT.lastIndex = 0
  while (PATH_SEGMENT.lastIndex < path.length) {
    const match = PATH_SEGMENT.exec(path)
    if (match === null) return undefined
    if (match[1] !== undefined) segments.push(Number(match[1]))
    else if (match[2] !== undefined) segments.push(JSON.parse(match[2]) as string)
    else segments.push(match[3]!)
  }
  return segments
}

/** A written path cut in the middle at segment boundaries (`tools[1].parameters.items….items.items`), else in the middle of a segment. */
export function shortenJsonPath(path: string, max: number): string {
  if (path.length <= max) return path
  const half = Math.floor((max - 1) / 2)
  const headEnd = Math.max(path.lastIndexOf('.', half), path.lastIndexOf('[', half))
  const tail = path.slice(-half)
  const tailStart = tail.search(/[.[]/)
  if (headEnd <= 0 || tailStart === -1) return truncateText(path, max, {mark: '…', at: 'middle'})
  return `${path.slice(0, headEnd)}…${tail.slice(tailStart)}`
}
