/**
 * JSON Schema → compact TypeScript-like signatures (SPEC §6): the `input` and `output` hints a
 * model sees in search results. Deterministic, bounded in length, property count and depth, and
 * honest about what it left out: `complete` is true only when the text describes the whole shape.
 *
 * Decisions where the spec is silent:
 * - Depth: the root schema is depth 0; each property value and array item is one level deeper than
 *   its parent. Union variants stay at their parent's depth (`string | null` is not deeper than
 *   `string`); a separate nesting guard ends unions of unions, so cyclic schemas terminate.
 * - The character cap is met greedily: properties (required first, each group sorted) are added
 *   while they fit, a nested object shows as many of its own properties as fit, and the rest is
 *   `; ...`. A root that cannot fit at all is `unknown`.
 * - An empty schema (`{}`, `true`, only a description) is `unknown` and complete (it accepts
 *   anything); `false` is `never`. An array without `items`, or with tuple `items`, is
 *   `Array<unknown>` and incomplete. An `enum` too large to list falls back to its `type`.
 * - A union lists each member once, however the variants nest (`string | null`, never
 *   `string | null | null`).
 * - `anyOf`/`oneOf` beside the schema's own type (`type`, `properties`, `items`, …) can only narrow
 *   it, and an intersection has no rendering: the type is shown and the hint is incomplete.
 */
import {hasOwn, isRecord, ownValue} from '../catalog/json.js'
import {compareByCodeUnits} from '../search/order.js'

export interface SignatureLimits {
  maxChars: number
  maxProperties: number
  maxDepth: number
  /** Annotate numbers with their constraints (`number /* integer, >= 0 *\/`). */
  annotateNumbers: boolean
}

export const INPUT_SIGNATURE_LIMITS: Readonly<SignatureLimits> = Object.freeze({maxChars: 300, maxProperties: 16, maxDepth: 4, annotateNumbers: true})
export const OUTPUT_SIGNATURE_LIMITS: Readonly<SignatureLimits> = Object.freeze({maxChars: 800, maxProperties: 20, maxDepth: 6, annotateNumbers: false})

export interface Signature {
  text: string
  /** False when anything was left out or rendered as `unknown` for lack of a rendering. */
  complete: boolean
}

const UNKNOWN = 'unknown'
const MAX_UNION_VARIANTS = 8
const MAX_ENUM_VALUES = 8
const MAX_ENUM_CHARS = 96
const MAX_PROPERTY_NAME = 128
/** Recursion guard for unions nested in unions (they do not add depth). */
const MAX_NESTING = 32
const LEFT_OUT = '; ...'
const OPEN_OBJECT = '{ ... }'
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
/** Keywords this renderer cannot express: their presence makes the schema `unknown`. */
const UNRENDERABLE = ['$ref', '$dynamicRef', 'allOf', 'not', 'if', 'then', 'else', 'patternProperties', 'dependentSchemas', 'prefixItems']

interface Context {
  limits: SignatureLimits
}

/** A rendering in progress; a union also keeps its members, so unions of unions list each once. */
interface Part extends Signature {
  members?: readonly string[]
}

/** `undefined` means "does not fit in the budget". */
type Rendered = Part | undefined

export function renderSignature(schema: unknown, limits: SignatureLimits): Signature {
  const rendered = renderSchema(schema, {limits}, 0, 0, limits.maxChars)
  return rendered === undefined ? {text: UNKNOWN, complete: false} : {text: rendered.text, complete: rendered.complete}
}

function unknownType(complete: boolean, budget: number): Rendered {
  return UNKNOWN.length <= budget ? {text: UNKNOWN, complete} : undefined
}

function renderSchema(schema: unknown, context: Context, depth: number, nesting: number, budget: number): Rendered {
  if (depth > context.limits.maxDepth || nesting > MAX_NESTING) return unknownType(false, budget)
  if (schema === true) return unknownType(true, budget)
  if (schema === false) return fit({text: 'never', complete: true}, budget)
  if (!isRecord(schema)) return unknownType(false, budget)
  if (UNRENDERABLE.some((keyword) => hasOwn(schema, keyword))) return unknownType(false, budget)

  const nullable = ownValue(schema, 'nullable') === true
  if (hasOwn(schema, 'const')) return withNull(literal(schema.const), nullable, budget)
  const enumUnion = renderEnum(ownValue(schema, 'enum'))
  if (enumUnion !== undefined) return withNull(enumUnion, nullable, budget)

  const anyOf = ownValue(schema, 'anyOf')
  const oneOf = ownValue(schema, 'oneOf')
  const hasUnion = anyOf !== undefined || oneOf !== undefined
  const types = declaredTypes(schema)
  if (hasUnion && (types === undefined || types.length === 0)) {
    const variants = anyOf !== undefined && oneOf !== undefined ? undefined : (anyOf ?? oneOf)
    if (!Array.isArray(variants) || variants.length === 0 || variants.length > MAX_UNION_VARIANTS) return unknownType(false, budget)
    return renderUnion(variants.map((variant) => (remaining: number) => renderSchema(variant, context, depth, nesting + 1, remaining)), nullable, budget)
  }
  if (types === undefined) return unknownType(false, budget)
  if (types.length === 0) return withNull({text: UNKNOWN, complete: true}, nullable, budget)
  const rendered = renderUnion(types.map((type) => (remaining: number) => renderType(type, schema, context, depth, nesting, remaining)), nullable, budget)
  // anyOf/oneOf beside the schema's own type can only narrow it: the type is shown, as incomplete.
  return hasUnion && rendered !== undefined ? {...rendered, complete: false} : rendered
}

/** The schema's types: `type` as given, else inferred from `properties` / `items` / enum values; `[]` = any. */
function declaredTypes(schema: Record<string, unknown>): string[] | undefined {
  const type = ownValue(schema, 'type')
  if (typeof type === 'string') return [type]
  if (Array.isArray(type)) return type.every((item) => typeof item === 'string') && type.length > 0 ? (type as string[]) : undefined
  if (type !== undefined) return undefined
  if (hasOwn(schema, 'properties') || hasOwn(schema, 'additionalProperties') || hasOwn(schema, 'required')) return ['object']
  if (hasOwn(schema, 'items')) return ['array']
  const values = ownValue(schema, 'enum')
  if (Array.isArray(values) && values.length > 0) return [...new Set(values.map(jsonTypeOf))]
  return []
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value === 'number' ? 'number' : typeof value
}

function renderType(type: string, schema: Record<string, unknown>, context: Context, depth: number, nesting: number, budget: number): Rendered {
  switch (type) {
    case 'string':
    case 'boolean':
    case 'null':
      return fit({text: type, complete: true}, budget)
    case 'integer':
    case 'number':
      return fit({text: numberText(type, schema, context.limits.annotateNumbers), complete: true}, budget)
    case 'array':
      return renderArray(schema, context, depth, nesting, budget)
    case 'object':
      return renderObject(schema, context, depth, nesting, budget)
    default:
      return unknownType(false, budget)
  }
}

function fit(part: Part, budget: number): Rendered {
  return part.text.length <= budget ? part : undefined
}

/** `number`, or `number /* integer, >= 0, <= 10 *\/` when annotating. */
function numberText(type: string, schema: Record<string, unknown>, annotate: boolean): string {
  if (!annotate) return 'number'
  const notes: string[] = []
  if (type === 'integer') notes.push('integer')
  const number = (key: string): number | undefined => {
    const value = ownValue(schema, key)
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined
  }
  const minimum = number('minimum')
  const maximum = number('maximum')
  // Draft 4 spelled exclusive bounds as booleans next to minimum/maximum.
  if (minimum !== undefined) notes.push(`${ownValue(schema, 'exclusiveMinimum') === true ? '>' : '>='} ${minimum}`)
  if (maximum !== undefined) notes.push(`${ownValue(schema, 'exclusiveMaximum') === true ? '<' : '<='} ${maximum}`)
  const exclusiveMinimum = number('exclusiveMinimum')
  const exclusiveMaximum = number('exclusiveMaximum')
  if (exclusiveMinimum !== undefined) notes.push(`> ${exclusiveMinimum}`)
  if (exclusiveMaximum !== undefined) notes.push(`< ${exclusiveMaximum}`)
  return notes.length === 0 ? 'number' : `number /* ${notes.join(', ')} */`
}

function literal(value: unknown): Part {
  try {
    const text = JSON.stringify(value)
    if (typeof text === 'string') return {text, complete: true}
  } catch {
    // A value JSON cannot express (cyclic, BigInt) falls through to unknown.
  }
  return {text: UNKNOWN, complete: false}
}

/** `"a" | "b"` for an enum of at most 8 primitives whose union fits in 96 characters. */
function renderEnum(values: unknown): Part | undefined {
  if (!Array.isArray(values) || values.length === 0 || values.length > MAX_ENUM_VALUES) return undefined
  if (!values.every((value) => value === null || ['string', 'number', 'boolean'].includes(typeof value))) return undefined
  const union = unionOf([...new Set(values.map((value) => JSON.stringify(value)))], true)
  return union.text.length <= MAX_ENUM_CHARS ? union : undefined
}

const UNION_SEPARATOR = ' | '

function membersOf(part: Part): readonly string[] {
  return part.members ?? [part.text]
}

function unionOf(members: readonly string[], complete: boolean): Part {
  return members.length === 1 ? {text: members[0]!, complete} : {text: members.join(UNION_SEPARATOR), complete, members}
}

function withNull(part: Part, nullable: boolean, budget: number): Rendered {
  const members = membersOf(part)
  return fit(nullable && !members.includes('null') ? unionOf([...members, 'null'], part.complete) : part, budget)
}

/** Joins the variants' members with ` | `, each once; undefined when they do not all fit. */
function renderUnion(variants: Array<(budget: number) => Rendered>, nullable: boolean, budget: number): Rendered {
  const members: string[] = []
  let complete = true
  let used = 0
  for (const render of variants) {
    const variant = render(budget - used - (members.length === 0 ? 0 : UNION_SEPARATOR.length))
    if (variant === undefined) return undefined
    complete &&= variant.complete
    for (const member of membersOf(variant)) {
      if (members.includes(member)) continue
      used += (members.length === 0 ? 0 : UNION_SEPARATOR.length) + member.length
      members.push(member)
    }
  }
  return withNull(unionOf(members, complete), nullable, budget)
}

function renderArray(schema: Record<string, unknown>, context: Context, depth: number, nesting: number, budget: number): Rendered {
  const items = ownValue(schema, 'items')
  const wrapper = 'Array<>'.length
  if (items === undefined || Array.isArray(items)) return fit({text: `Array<${UNKNOWN}>`, complete: false}, budget)
  const item = renderSchema(items, context, depth + 1, nesting + 1, budget - wrapper)
  return item === undefined ? undefined : {text: `Array<${item.text}>`, complete: item.complete}
}

function propertyName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name)
}

/** `{ req: T; opt?: T }`, `; ...` when anything was left out; `{}` closed and empty, `{ ... }` open and empty. */
function renderObject(schema: Record<string, unknown>, context: Context, depth: number, nesting: number, budget: number): Rendered {
  const properties = ownValue(schema, 'properties')
  const additional = ownValue(schema, 'additionalProperties')
  const closed = additional === false
  let leftOut = additional === true || isRecord(additional)
  const required = new Set(arrayOfStrings(ownValue(schema, 'required')))
  const names = isRecord(properties) ? Object.keys(properties) : []
  const declared = new Set(names)
  if ([...required].some((name) => !declared.has(name))) leftOut = true
  const shown = names.filter((name) => name.length <= MAX_PROPERTY_NAME)
  if (shown.length < names.length) leftOut = true
  let ordered = [...shown.filter((name) => required.has(name)).sort(compareByCodeUnits), ...shown.filter((name) => !required.has(name)).sort(compareByCodeUnits)]
  if (ordered.length > context.limits.maxProperties) {
    ordered = ordered.slice(0, context.limits.maxProperties)
    leftOut = true
  }

  const members: string[] = []
  let complete = closed
  let used = '{  }'.length
  for (const [index, name] of ordered.entries()) {
    const isLast = index === ordered.length - 1
    const prefix = `${propertyName(name)}${required.has(name) ? '' : '?'}: `
    const separator = members.length === 0 ? 0 : '; '.length
    const reserve = isLast && !leftOut ? 0 : LEFT_OUT.length
    const value = renderSchema((properties as Record<string, unknown>)[name], context, depth + 1, nesting + 1, budget - used - separator - prefix.length - reserve)
    if (value === undefined) {
      leftOut = true
      break
    }
    members.push(`${prefix}${value.text}`)
    used += separator + prefix.length + value.text.length
    complete &&= value.complete
  }
  if (members.length === 0) {
    const text = closed && !leftOut ? '{}' : OPEN_OBJECT
    return fit({text, complete: closed && !leftOut}, budget)
  }
  return fit({text: `{ ${members.join('; ')}${leftOut ? LEFT_OUT : ''} }`, complete: complete && !leftOut}, budget)
}

function arrayOfStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}
