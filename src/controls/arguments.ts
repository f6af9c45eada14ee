/**
 * The provider-side check of a control's arguments, before the control itself runs: OpenClaw's
 * agent loop coerces what the model sent toward the tool's parameter schema and validates it with
 * TypeBox; arguments that still fail never reach the control, and the model reads
 *
 *     Validation failed for tool "tool_search":
 *       - queries.0.query: must not have fewer than 1 characters
 *       ...
 *
 *     Received arguments:
 *     { ...the arguments as sent, pretty-printed }
 *
 * The errors and their messages are TypeBox's, from the walker that already reproduces them for
 * tool arguments (`call/schema-errors.ts`, `call/validate.ts`). The coercion is OpenClaw's rule,
 * written out below: strings of digits become numbers, `null` the empty value of a primitive
 * type, JSON text an array or object where the schema wants one, a union takes the first member
 * the value fits. TypeBox's own last-resort conversion is not repeated: for the controls'
 * schemas the coercion already makes every conversion it would.
 */
import {isRecord} from '../shared/json.js'
import {dottedErrorPath} from '../shared/json-path.js'
import type {ToolDefinition} from '../directory/controls.js'
import {type SchemaError, schemaErrors} from '../call/schema-errors.js'
import {typeboxMessage} from '../call/validate.js'

type JsonSchemaObject = Record<string, unknown>

/** JSON text longer than this is never parsed into an array or object. */
const MAX_JSON_COERCE_LENGTH = 65_536
const JSON_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/iu

export type ArgumentCheck = {ok: true; args: unknown} | {ok: false; text: string}

const fits = (schema: JsonSchemaObject, value: unknown): boolean => schemaErrors(schema, value).length === 0

/** The arguments the control runs with, or the exact text the model reads instead. */
export function checkControlArguments(definition: ToolDefinition, received: unknown): ArgumentCheck {
  const schema = definition.parameters as JsonSchemaObject
  const args = structuredClone(received)
  const coerced = coerce(args, schema)
  if (coerced !== args) {
    if (isRecord(args) && isRecord(coerced)) {
      for (const key of Object.keys(args)) delete args[key]
      Object.assign(args, coerced)
    } else {
      return {ok: true, args: fits(schema, coerced) ? coerced : args}
    }
  }
  const errors = schemaErrors(schema, args)
  if (errors.length === 0) return {ok: true, args}
  const lines = errors.map((error) => `  - ${errorPath(error)}: ${typeboxMessage(error)}`).join('\n')
  return {ok: false, text: `Validation failed for tool "${definition.name}":\n${lines}\n\nReceived arguments:\n${JSON.stringify(received, null, 2)}`}
}

/** `queries.0.query`; a missing required property is named with its parent's path. */
function errorPath(error: SchemaError): string {
  const missing = error.keyword === 'required' ? (error.params.requiredProperties as unknown[] | undefined)?.[0] : undefined
  return dottedErrorPath(error.instancePath, typeof missing === 'string' ? missing : undefined, 'root')
}

function schemaTypes(schema: JsonSchemaObject): string[] {
  if (typeof schema.type === 'string') return [schema.type]
  return Array.isArray(schema.type) ? schema.type.filter((type): type is string => typeof type === 'string') : []
}

function isOfType(value: unknown, type: string): boolean {
  switch (type) {
    case 'number':
      return typeof value === 'number'
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'string':
      return typeof value === 'string'
    case 'null':
      return value === null
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isRecord(value)
    default:
      return false
  }
}

function numberOf(text: string, integer: boolean): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '' || !JSON_NUMBER.test(trimmed)) return undefined
  const parsed = Number(trimmed)
  if (!Number.isFinite(parsed)) return undefined
  return integer && !Number.isSafeInteger(parsed) ? undefined : parsed
}

function parsedJson(text: string, wanted: 'array' | 'object'): unknown {
  if (text.trim() === '' || text.length > MAX_JSON_COERCE_LENGTH) return undefined
  try {
    const parsed: unknown = JSON.parse(text)
    return wanted === 'array' ? (Array.isArray(parsed) ? parsed : undefined) : isRecord(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/** One primitive step toward `type`; the value itself when there is none. */
function towardType(value: unknown, type: string): unknown {
  switch (type) {
    case 'number':
    case 'integer': {
      if (value === null) return 0
      if (typeof value === 'string') return numberOf(value, type === 'integer') ?? value
      if (typeof value === 'boolean') return value ? 1 : 0
      return value
    }
    case 'boolean':
      if (value === null) return false
      if (value === 'true' || value === 1) return true
      if (value === 'false' || value === 0) return false
      return value
    case 'string':
      if (value === null) return ''
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value
    case 'array':
    case 'object':
      return typeof value === 'string' ? (parsedJson(value, type) ?? value) : value
    case 'null':
      return value === '' || value === 0 || value === false ? null : value
    default:
      return value
  }
}

/** The first member of a union the value (coerced toward it) fits; `null` kept where a member allows it. */
function coerceToUnion(value: unknown, members: unknown[]): unknown {
  const schemas = members.filter(isRecord)
  if (value === null) {
    for (const member of schemas) {
      if (schemaTypes(member).includes('null') && fits(member, value)) return value
    }
  }
  for (const member of schemas) {
    const types = schemaTypes(member)
    if (value !== null && types.length === 1 && types[0] === 'null') continue
    const candidate = coerce(structuredClone(value), member)
    if (fits(member, candidate)) return candidate
  }
  return value
}

function coerce(value: unknown, schema: JsonSchemaObject): unknown {
  let next = value
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) if (isRecord(part)) next = coerce(next, part)
  if (Array.isArray(schema.anyOf)) next = coerceToUnion(next, schema.anyOf)
  if (Array.isArray(schema.oneOf)) next = coerceToUnion(next, schema.oneOf)
  const types = schemaTypes(schema)
  const fitsOneOfSeveral = types.length > 1 && types.some((type) => isOfType(next, type))
  if (types.length > 0 && !fitsOneOfSeveral) {
    for (const type of types) {
      if (type === 'null' && next !== null && types.length > 1) continue
      const candidate = towardType(next, type)
      if (candidate !== next) {
        next = candidate
        break
      }
    }
  }
  if (types.includes('object') && isRecord(next)) coerceProperties(next, schema)
  if (types.includes('array') && Array.isArray(next)) coerceItems(next, schema)
  return next
}

function coerceProperties(value: Record<string, unknown>, schema: JsonSchemaObject): void {
  const properties = isRecord(schema.properties) ? schema.properties : undefined
  const defined = new Set(properties === undefined ? [] : Object.keys(properties))
  if (properties !== undefined) {
    for (const [key, property] of Object.entries(properties)) if (key in value && isRecord(property)) value[key] = coerce(value[key], property)
  }
  if (isRecord(schema.additionalProperties)) {
    const extra = schema.additionalProperties
    for (const key of Object.keys(value)) if (!defined.has(key)) value[key] = coerce(value[key], extra)
  }
}

function coerceItems(value: unknown[], schema: JsonSchemaObject): void {
  if (Array.isArray(schema.items)) {
    for (let index = 0; index < value.length; index++) {
      const item = schema.items[index]
      if (isRecord(item)) value[index] = coerce(value[index], item)
    }
    return
  }
  if (isRecord(schema.items)) for (let index = 0; index < value.length; index++) value[index] = coerce(value[index], schema.items)
}
