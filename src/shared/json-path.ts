/**
 * Places in a JSON value as paths of segments (`['tools', 3, 'name']`: keys and array indexes),
 * written one way, once, where a path is shown: dots between identifier keys, brackets around
 * indexes and any other key (`tools[3].name`, `mcpServers["my server"]`). Cut to a readable
 * length at segment boundaries with `shortenJsonPath`. Config paths (`config/path.ts`) write their
 * segments the same way.
 */
import {truncateText} from './truncate.js'

export type JsonPathSegment = string | number

/** A place in a JSON value, kept as segments until it is shown (`formatJsonPath`). */
export type JsonPath = readonly JsonPathSegment[]

/** Where a value was written: its file, its path in it, and its 1-based line and column when they were kept. */
export interface JsonOrigin {
  file: string
  path: JsonPath
  line?: number
  column?: number
}

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

/** A command-line flag (`--stdio`): where a path starts that is in no file. */
const FLAG = /^--[a-z][a-z-]*$/

/**
 * `tools[3].function`, `["a b"].x`; empty for the value itself. A path may start at a flag
 * instead of in a file (`--stdio["my server"].command`: an ad-hoc server's), written bare.
 */
export function formatJsonPath(segments: JsonPath): string {
  let out = ''
  for (const segment of segments) out += out === '' && typeof segment === 'string' && FLAG.test(segment) ? segment : formatJsonSegment(segment, out === '')
  return out
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

/**
 * Where a schema error is, as OpenClaw words it for the model (TypeBox and ajv report a JSON
 * Pointer, `/tags/1`): dotted (`tags.1`), the property a `required` error names appended
 * (`filter.query`), and `root` standing for the value itself. The pointer's segments are shown as
 * they are, unescaped, as OpenClaw shows them.
 */
export function dottedErrorPath(instancePath: string, missing: string | undefined, root: string): string {
  const base = instancePath.replace(/^\//u, '').replaceAll('/', '.')
  if (missing !== undefined && missing !== '') return base === '' ? missing : `${base}.${missing}`
  return base === '' ? root : base
}
