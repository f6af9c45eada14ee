/**
 * Values typed on the command line (SPEC §2): trimmed, then parsed as JSON5; when that fails the
 * raw argument is stored as a string (untrimmed: it is what the user typed) and a note says so.
 * `--strict-json` parses plain JSON and fails instead. Keys that reach a prototype are refused.
 */
import {usageError} from '../errors.js'
import {isPlainObject} from './include.js'
import {FORBIDDEN_KEYS} from './path.js'
import {nodeToValue, parseSource} from './source.js'

export interface ParsedCliValue {
  value: unknown
  /** Set when the value was stored as a raw string. */
  note?: string
}

function assertNoForbiddenKeys(value: unknown): void {
  if (Array.isArray(value)) value.forEach(assertNoForbiddenKeys)
  if (!isPlainObject(value)) return
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) throw usageError(`Forbidden key "${key}" in the value: keys __proto__, constructor and prototype are not allowed`)
    assertNoForbiddenKeys(value[key])
  }
}

export function parseCliValue(raw: string, options: {strictJson?: boolean} = {}): ParsedCliValue {
  const trimmed = raw.trim()
  if (options.strictJson === true) {
    let value: unknown
    try {
      value = JSON.parse(trimmed)
    } catch (error) {
      throw usageError(`Invalid JSON value (--strict-json): ${(error as Error).message}`)
    }
    assertNoForbiddenKeys(value)
    return {value}
  }
  let source
  try {
    source = parseSource('<value>', trimmed)
  } catch {
    return {value: raw, note: `Note: ${JSON.stringify(raw)} is not JSON5, so it is stored as a string.`}
  }
  if (source.root === undefined) return {value: raw, note: `Note: ${JSON.stringify(raw)} is not JSON5, so it is stored as a string.`}
  try {
    return {value: nodeToValue(source, source.root, [], new Map())}
  } catch (error) {
    throw usageError((error as Error).message.replace(/ at $/, ''))
  }
}
