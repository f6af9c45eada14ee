/**
 * JSON Schema → compact TypeScript-like signatures (SPEC §6): the `input` and `output` hints a
 * model sees in search results, rendered as OpenClaw's structured-only generation renders them
 * (the golden `hints.jsonl` pins every detail). Deterministic and bounded in length, property
 * count and depth; `complete` is true only when the text describes the whole shape.
 *
 * The rules, as OpenClaw applies them:
 * - Depth: the root is depth 0; union variants, type-array variants, array items and object
 *   properties are one level deeper than their schema (an input hint's root object is the
 *   exception: its properties stay at depth 0). At the depth limit a schema is `unknown`.
 * - A schema is rendered from the first of: `anyOf`/`oneOf`, `const`, `enum`, `type`. A union
 *   beside `type`, `properties`, `const`, … is an intersection and has no rendering; a union with
 *   an incomplete variant is `unknown` (a union of the rest would invite wrong guesses).
 * - Keywords that constrain a shape in ways the text cannot show (`allOf`, `$ref`,
 *   `patternProperties`, `if`, …) leave the text as rendered but mark it incomplete.
 * - Objects list required keys, then optional ones, each group in `localeCompare` order; keys are
 *   added while the object's own text stays within the character cap, then `; ...` marks the
 *   rest. The cap applies to each object on its own, so the whole can exceed it: an input hint
 *   over 300 characters becomes `unknown`, an output hint over 800 is not shown.
 * - Input hints annotate numbers (`number /* integer, >= 1, <= 10 *\/`); a bound that is present
 *   but not a finite number makes that number `unknown`. Output hints never annotate.
 */
import {hasOwn, isRecord, ownValue} from '../shared/json.js'
import {compareIds, selectTop} from '../shared/order.js'

export interface SignatureLimits {
  /** Cap on each object's text (and on the whole hint). */
  maxChars: number
  maxProperties: number
  maxDepth: number
  /** Annotate numbers with their bounds (`number /* integer, >= 0 *\/`). */
  annotateNumbers: boolean
}

export const INPUT_SIGNATURE_LIMITS: Readonly<SignatureLimits> = Object.freeze({maxChars: 300, maxProperties: 16, maxDepth: 4, annotateNumbers: true})
export const OUTPUT_SIGNATURE_LIMITS: Readonly<SignatureLimits> = Object.freeze({maxChars: 800, maxProperties: 20, maxDepth: 6, annotateNumbers: false})

export interface Signature {
  text: string
  /** False when anything was left out or could not be rendered. */
  complete: boolean
}

/** What a hint says when it cannot say anything better. */
export const UNKNOWN_TYPE = 'unknown'
const UNKNOWN: Signature = Object.freeze({text: UNKNOWN_TYPE, complete: false})
/** Literal unions (`const` variants, `enum`): at most 8 values and 96 characters of text. */
const MAX_LITERAL_VALUES = 8
const MAX_LITERAL_CHARS = 96
/** Unions of shapes (`anyOf` / `oneOf` of non-literals, `type` arrays): at most 5 variants. */
const MAX_SHAPE_VARIANTS = 5
const MAX_PROPERTY_NAME = 128
const UNION_SEPARATOR = ' | '
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/u
/** Keywords whose constraint the text cannot show: the rendering stands, marked incomplete. */
export const UNSHOWN_KEYWORDS = [
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'allOf',
  'patternProperties',
  'unevaluatedProperties',
  'dependentSchemas',
  'dependencies',
  'if',
  'then',
  'else',
  'prefixItems',
  'unevaluatedItems',
] as const
/** A union beside any of these is an intersection, which has no compact rendering. */
export const SHAPE_KEYWORDS = ['const', 'enum', 'type', 'properties', 'required', 'additionalProperties', 'items'] as const
/** Numeric bounds in the order they are annotated, with their operators. */
export const NUMBER_BOUNDS = [
  ['minimum', '>='],
  ['maximum', '<='],
  ['exclusiveMinimum', '>'],
  ['exclusiveMaximum', '<'],
] as const

function exact(text: string): Signature {
  return {text, complete: true}
}

/** The input hint of a trusted tool, with whether it describes the whole schema. */
export function inputSignature(schema: unknown): Signature {
  if (!isRecord(schema)) return UNKNOWN
  const limits = INPUT_SIGNATURE_LIMITS
  const hint = ownValue(schema, 'type') === 'object' ? renderObject(schema, 0, limits) : renderSignature(schema, limits)
  return hint.text.length <= limits.maxChars ? hint : UNKNOWN
}

/** The input hint of a trusted tool: shown even when incomplete, `unknown` over the cap. */
export function renderInputHint(schema: unknown): string {
  return inputSignature(schema).text
}

/** The output hint of a trusted tool, only when it describes the whole shape within the cap. */
export function renderOutputHint(schema: unknown): string | undefined {
  const limits = OUTPUT_SIGNATURE_LIMITS
  const hint = renderSignature(schema, limits)
  return hint.complete && hint.text.length <= limits.maxChars ? hint.text : undefined
}

/** Any schema at `depth` (0 = the root). */
export function renderSignature(schema: unknown, limits: SignatureLimits, depth = 0): Signature {
  if (!isRecord(schema)) return UNKNOWN
  // The empty schema accepts anything: `unknown` is its exact rendering, not a gap.
  if (Object.keys(schema).length === 0) return exact(UNKNOWN_TYPE)
  if (depth >= limits.maxDepth) return UNKNOWN
  if (hasOwn(schema, 'nullable')) {
    const widened = withNullableType(schema)
    if (widened === undefined) return UNKNOWN
    if (widened !== schema) return renderSignature(widened, limits, depth)
  }
  const rendered = renderShape(schema, limits, depth)
  return rendered.complete && UNSHOWN_KEYWORDS.some((keyword) => hasOwn(schema, keyword)) ? {...rendered, complete: false} : rendered
}

/**
 * OpenAPI's `nullable: true` as the validator reads it: `null` joins the declared types.
 * Undefined (no rendering) when `nullable` is not a boolean or there is no declared type to widen.
 */
function withNullableType(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  const nullable = ownValue(schema, 'nullable')
  const types = typeList(ownValue(schema, 'type'))
  if (typeof nullable !== 'boolean' || types === undefined) return undefined
  return nullable ? {...schema, nullable: false, type: [...new Set([...types, 'null'])]} : schema
}

function typeList(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type]
  return Array.isArray(type) && type.every((item) => typeof item === 'string') ? type : undefined
}

function renderShape(schema: Record<string, unknown>, limits: SignatureLimits, depth: number): Signature {
  if (hasOwn(schema, 'anyOf') || hasOwn(schema, 'oneOf')) return renderUnion(schema, limits, depth)
  const literal = hasOwn(schema, 'const') ? primitiveLiteral(schema.const) : undefined
  if (literal !== undefined) return exact(literal)
  const literals = literalUnion(ownValue(schema, 'enum'))
  if (literals !== undefined) return literals
  const type = ownValue(schema, 'type')
  if (Array.isArray(type)) return renderTypeArray(schema, type, limits, depth)
  switch (type) {
    case 'string':
    case 'boolean':
    case 'null':
      return exact(type)
    case 'integer':
    case 'number':
      return limits.annotateNumbers ? annotatedNumber(schema, type) : exact('number')
    case 'array': {
      const item = renderSignature(ownValue(schema, 'items'), limits, depth + 1)
      return {text: `Array<${item.text}>`, complete: item.complete}
    }
    case 'object':
      return renderObject(schema, depth + 1, limits)
    default:
      return UNKNOWN
  }
}

/** JSON text of a primitive value; undefined for objects, arrays and non-finite numbers. */
function primitiveLiteral(value: unknown): string | undefined {
  const primitive = value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
  return primitive ? JSON.stringify(value) : undefined
}

/** `"a" | "b"` for 1–8 primitive values whose union text fits 96 characters. */
function literalUnion(values: unknown): Signature | undefined {
  if (!Array.isArray(values) || values.length === 0 || values.length > MAX_LITERAL_VALUES) return undefined
  const literals = values.map(primitiveLiteral)
  if (literals.some((literal) => literal === undefined)) return undefined
  const text = [...new Set(literals as string[])].join(UNION_SEPARATOR)
  return text.length <= MAX_LITERAL_CHARS ? exact(text) : undefined
}

/** Each variant once, joined with ` | `; `unknown` when any variant is incomplete. */
function joinVariants(variants: readonly Signature[]): Signature {
  if (variants.some((variant) => !variant.complete)) return UNKNOWN
  return exact([...new Set(variants.map((variant) => variant.text))].join(UNION_SEPARATOR))
}

function renderUnion(schema: Record<string, unknown>, limits: SignatureLimits, depth: number): Signature {
  if (hasOwn(schema, 'anyOf') && hasOwn(schema, 'oneOf')) return UNKNOWN
  const variants = ownValue(schema, 'anyOf') ?? ownValue(schema, 'oneOf')
  if (!Array.isArray(variants) || variants.length === 0 || variants.length > MAX_LITERAL_VALUES) return UNKNOWN
  if (SHAPE_KEYWORDS.some((keyword) => hasOwn(schema, keyword))) return UNKNOWN
  const constVariant = (variant: unknown): boolean => isRecord(variant) && hasOwn(variant, 'const') && !UNSHOWN_KEYWORDS.some((keyword) => hasOwn(variant, keyword))
  if (variants.every(constVariant)) {
    const literals = literalUnion(variants.map((variant: Record<string, unknown>) => variant.const))
    if (literals !== undefined) return literals
  }
  if (variants.length > MAX_SHAPE_VARIANTS) return UNKNOWN
  return joinVariants(variants.map((variant) => renderSignature(variant, limits, depth + 1)))
}

/** `type: ["string", "null"]`: each type rendered with the rest of the schema. */
function renderTypeArray(schema: Record<string, unknown>, types: unknown[], limits: SignatureLimits, depth: number): Signature {
  if (types.length === 0 || types.length > MAX_SHAPE_VARIANTS || !types.every((type) => typeof type === 'string')) return UNKNOWN
  return joinVariants(types.map((type) => renderSignature({...schema, type}, limits, depth + 1)))
}

/** `number`, `number /* integer, >= 0, <= 10 *\/`; `unknown` when a bound is not a finite number. */
function annotatedNumber(schema: Record<string, unknown>, type: 'integer' | 'number'): Signature {
  const notes: string[] = type === 'integer' ? ['integer'] : []
  for (const [keyword, operator] of NUMBER_BOUNDS) {
    if (!hasOwn(schema, keyword)) continue
    const bound = schema[keyword]
    if (typeof bound !== 'number' || !Number.isFinite(bound)) return UNKNOWN
    notes.push(`${operator} ${bound}`)
  }
  return exact(notes.length === 0 ? 'number' : `number /* ${notes.join(', ')} */`)
}

/**
 * The first `limit` keys in `localeCompare` order. OpenClaw inserts each key before any key that
 * compares equal to it (two spellings of one accented name), so among equals the later key comes
 * first and is the one kept; walking the keys backwards gives exactly that with `selectTop`,
 * which keeps equal items in input order.
 */
function firstKeys(keys: readonly string[], limit: number): string[] {
  return selectTop([...keys].reverse(), limit, compareIds)
}

function propertyName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name)
}

/**
 * `{ req: T; opt?: T }`, properties rendered at `depth`. `; ...` marks anything left out: keys
 * past the property cap, names over 128 characters, required keys that are not declared (or
 * not strings), `additionalProperties` that is `true` or a schema, keys that no longer fit.
 * Complete only when closed (`additionalProperties: false`) and nothing was left out.
 */
function renderObject(schema: Record<string, unknown>, depth: number, limits: SignatureLimits): Signature {
  const properties = ownValue(schema, 'properties')
  const additional = ownValue(schema, 'additionalProperties')
  const requiredValue = ownValue(schema, 'required')
  const requiredValues: unknown[] = Array.isArray(requiredValue) ? requiredValue : []
  const tooManyRequired = requiredValues.length > limits.maxProperties
  if (!isRecord(properties)) {
    const requiresSomething = tooManyRequired || requiredValues.some((value) => typeof value === 'string')
    return !requiresSomething && additional === false ? exact('{}') : {text: '{ ... }', complete: false}
  }

  const required = new Set(requiredValues.slice(0, limits.maxProperties).filter((value): value is string => typeof value === 'string'))
  const shownRequired = [...required].filter((key) => key.length <= MAX_PROPERTY_NAME && hasOwn(properties, key))
  const optional = Object.keys(properties).filter((key) => !required.has(key))
  const shownOptional = optional.filter((key) => key.length <= MAX_PROPERTY_NAME)
  const requiredKeys = firstKeys(shownRequired, limits.maxProperties)
  const optionalLimit = limits.maxProperties - requiredKeys.length
  const keys = [...requiredKeys, ...firstKeys(shownOptional, optionalLimit)]
  const structurallyIncomplete =
    tooManyRequired ||
    (requiredValues.some((value) => typeof value !== 'string') && !tooManyRequired) ||
    shownRequired.length < required.size ||
    shownOptional.length < optional.length ||
    optional.length > optionalLimit

  let leftOut = structurallyIncomplete || additional === true || isRecord(additional)
  let complete = !structurallyIncomplete && additional === false
  const parts: string[] = []
  let length = '{  }'.length
  for (const key of keys) {
    const value = renderSignature(properties[key], limits, depth)
    complete &&= value.complete
    const part = `${propertyName(key)}${required.has(key) ? '' : '?'}: ${value.text}`
    const next = length + (parts.length === 0 ? 0 : '; '.length) + part.length
    if (next > limits.maxChars) {
      leftOut = true
      complete = false
      break
    }
    parts.push(part)
    length = next
  }
  if (parts.length === 0) return keys.length === 0 && !leftOut ? {text: '{}', complete} : {text: '{ ... }', complete: false}
  return {text: `{ ${parts.join('; ')}${leftOut ? '; ...' : ''} }`, complete}
}
