/**
 * Call arguments typed on the command line (SPEC §8.3): `--args '<json>'`, `--args-file <file>`
 * (`-` reads stdin) and `key=value` pairs. Pairs are applied over the JSON object, so a pair
 * overrides the same key from `--args`.
 *
 * A pair's value is typed by the tool's declared property (`properties[key]` at the top level of
 * its input schema — read, never walked, so untrusted schemas are safe to consult here):
 * a property that accepts strings keeps the text; otherwise `number`/`integer` parse numbers,
 * `boolean` takes `true`/`false`, `null` takes `null`, and `object`/`array` parse the text as
 * JSON. Types come from `type`, `enum`/`const` values and one level of `anyOf`/`oneOf`. Text that
 * fits none of the declared types stays a string, so validation names the problem — except for an
 * object or array property, whose text must be JSON (a usage error quoting the parser otherwise).
 * Undeclared properties are strings. With `--raw` every value is parsed as JSON verbatim instead.
 *
 * Arguments are built as own data properties (`Object.fromEntries`, spread), never assigned, so a
 * key named `__proto__` stays a plain key and never changes a prototype.
 */
import {isRecord} from '../shared/json.js'
import type {JsonSchema} from '../catalog/types.js'
import {usageError} from '../shared/errors.js'

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array'

/**
 * Deepest nesting call arguments may have. Validation and the JSON every executor sends recurse
 * per level, so a depth bomb (`[[[[…]]]]`, which JSON.parse accepts) would otherwise overflow the
 * stack halfway through a call; real arguments stay far below this.
 */
export const MAX_ARGUMENT_DEPTH = 256

/** Throws a usage error when `args` nest deeper than MAX_ARGUMENT_DEPTH (checked without recursion). */
export function assertArgumentDepth(args: unknown): void {
  const pending: Array<[value: unknown, depth: number]> = [[args, 0]]
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!
    if (typeof value !== 'object' || value === null) continue
    if (depth >= MAX_ARGUMENT_DEPTH) throw usageError(`The tool arguments nest deeper than ${MAX_ARGUMENT_DEPTH} levels.`)
    for (const item of Object.values(value)) pending.push([item, depth + 1])
  }
}

/** Parses `--args` / `--args-file` text: one JSON object. */
export function parseArgumentsJson(text: string, source: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw usageError(`${source} is not valid JSON: ${(error as Error).message}`)
  }
  if (!isRecord(value)) throw usageError(`${source} must be a JSON object of tool arguments.`)
  return value
}

/** `key=value` pairs as an object, typed by `schema` (or parsed as JSON with `raw`). */
export function parseKeyValuePairs(pairs: readonly string[], schema: JsonSchema, options: {raw?: boolean} = {}): Record<string, unknown> {
  const seen = new Set<string>()
  const typed = pairs.map((pair) => {
    const equals = pair.indexOf('=')
    if (equals <= 0) throw usageError(`Expected key=value, got "${pair}".`)
    const key = pair.slice(0, equals)
    const text = pair.slice(equals + 1)
    if (seen.has(key)) throw usageError(`Argument "${key}" is given more than once.`)
    seen.add(key)
    return [key, options.raw ? parseRawValue(key, text) : coerceValue(text, declaredProperty(schema, key), key)] as const
  })
  return Object.fromEntries(typed)
}

function parseRawValue(key: string, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw usageError(`With --raw, the value of "${key}" must be JSON: ${(error as Error).message}`)
  }
}

/** Types `text` by the property schema (see the module comment). */
function coerceValue(text: string, property: unknown, key: string): unknown {
  const types = declaredTypes(property)
  if (types.size === 0 || types.has('string')) return text
  // Only finite numbers: JSON has no Infinity, so 1e400 would reach the tool as null.
  if ((types.has('number') || types.has('integer')) && /^\s*-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text) && Number.isFinite(Number(text))) return Number(text)
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true'
  if (types.has('null') && text === 'null') return null
  if (types.has('object') || types.has('array')) {
    const wanted = types.has('object') ? 'an object' : 'an array'
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      throw usageError(`The value of "${key}" must be JSON (${wanted}): ${(error as Error).message}`)
    }
    return value
  }
  return text
}

function declaredProperty(schema: JsonSchema, key: string): unknown {
  if (!isRecord(schema) || !isRecord(schema.properties) || !Object.hasOwn(schema.properties, key)) return undefined
  return schema.properties[key]
}

/** JSON types a property accepts, from `type`, `const`/`enum` and one level of `anyOf`/`oneOf`. */
function declaredTypes(property: unknown, depth = 0): Set<JsonType> {
  const types = new Set<JsonType>()
  if (!isRecord(property)) return types
  const typeField = Array.isArray(property.type) ? property.type : [property.type]
  for (const type of typeField) if (isJsonType(type)) types.add(type)
  const literals = [...(Array.isArray(property.enum) ? property.enum : []), ...(Object.hasOwn(property, 'const') ? [property.const] : [])]
  for (const literal of literals) types.add(jsonTypeOf(literal))
  if (depth === 0) {
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const variants = property[keyword]
      if (Array.isArray(variants)) for (const variant of variants) for (const type of declaredTypes(variant, 1)) types.add(type)
    }
  }
  return types
}

function isJsonType(value: unknown): value is JsonType {
  return typeof value === 'string' && ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'].includes(value)
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  const type = typeof value
  return type === 'number' || type === 'boolean' || type === 'string' ? type : 'object'
}
