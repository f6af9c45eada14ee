/**
 * Values typed on the command line (SPEC §2): trimmed, then parsed as JSON5; when that fails the
 * raw argument is stored as a string (untrimmed: it is what the user typed) and a note says so.
 * `--strict-json` parses plain JSON and fails instead. Keys that reach a prototype are refused.
 */
import {isRecord} from '../shared/json.js'
import {isToolsearchError, usageError} from '../shared/errors.js'
import {FORBIDDEN_KEYS, forbiddenKeyMessage} from './path.js'
import {nodeToValue, parseSource} from './source.js'

export interface ParsedCliValue {
  value: unknown
  /** Set when the value was stored as a raw string. */
  note?: string
}

/** JSON.parse keeps `__proto__` as an own key, so a walk finds every forbidden key. */
function assertNoForbiddenKeys(value: unknown, path: string[] = []): void {
  if (Array.isArray(value)) value.forEach((item, index) => assertNoForbiddenKeys(item, [...path, String(index)]))
  if (!isRecord(value)) return
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN_KEYS.has(key)) throw usageError(forbiddenKeyMessage([...path, key]))
    assertNoForbiddenKeys(item, [...path, key])
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
    source = undefined
  }
  if (source?.root === undefined) return {value: raw, note: `Note: ${JSON.stringify(raw)} is not JSON5, so it is stored as a string.`}
  try {
    return {value: nodeToValue(source, source.root)}
  } catch (error) {
    // The conversion refuses forbidden keys (and nothing else: the text parsed).
    if (isToolsearchError(error) && error.code === 'config-forbidden-key') throw usageError(error.message)
    throw error
  }
}
