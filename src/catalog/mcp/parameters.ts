/**
 * An MCP tool's `inputSchema` as OpenClaw hands it to the model (`normalizeToolParameterSchema`
 * of `@openclaw/ai` 2026.9.6, called without a provider's options, as the MCP materialization
 * calls it). Pure; the input is never changed. In order:
 *
 * 1. **Local references inlined**: `$ref: "#/$defs/x"` (or `#/definitions/x`, or any `#/…`
 *    pointer into the document) is replaced by what it points at, keeping the referring schema's
 *    `title`, `description` and `default` and its `nullable: true`; a reference back into its own
 *    expansion becomes `{}`; `$defs`, `definitions` and `components` are dropped — unless some
 *    local reference could not be resolved, in which case every schema visited from then on keeps
 *    them.
 * 2. **OpenAPI spellings** turned into JSON Schema: `nullable: true` adds `"null"` to `type` (and
 *    `null` to `enum`), or wraps a schema with `allOf`/`anyOf`/`oneOf` in `anyOf: [schema, {type:
 *    "null"}]`; `nullable`, `discriminator`, `externalDocs`, `readOnly`, `writeOnly`, `xml` and
 *    `example` are dropped.
 * 3. **An object at the top**: a schema without `type` but with `properties` or `required` gets
 *    `type: "object"`; an object without a `properties` object gets `properties: {}`; an empty
 *    schema becomes `{type: "object", properties: {}}`; a top-level `anyOf`/`oneOf` is flattened
 *    into one object (the variants' properties merged — enums joined — and the properties every
 *    object variant requires, unless the schema has its own `required`; `additionalProperties`
 *    kept, else `true`).
 * 4. **Arrays get `items`**: every `type: "array"` schema without `items` gets `items: {}`.
 *
 * Key order follows OpenClaw's, since the model reads the schema as JSON text.
 */
import {isRecord} from '../../shared/json.js'

/** Keys whose value is a map of names to schemas. */
const SCHEMA_MAPS = new Set(['$defs', 'definitions', 'dependentSchemas', 'patternProperties', 'properties'])
/** Keys whose value is one schema. */
const SCHEMA_VALUES = new Set(['additionalProperties', 'contains', 'else', 'if', 'items', 'not', 'propertyNames', 'then'])
/** Keys whose value is a list of schemas. */
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'items', 'oneOf', 'prefixItems'])
/** Keys whose value is data, never a schema. */
const DATA_KEYS = new Set(['const', 'default', 'enum', 'examples'])
/** OpenAPI keywords JSON Schema does not have. */
const OPENAPI_ANNOTATIONS = new Set(['discriminator', 'externalDocs', 'readOnly', 'writeOnly', 'xml', 'example'])
/** What a schema that replaces another keeps of it. */
const META_KEYS = ['title', 'description', 'default'] as const

type Schema = Record<string, unknown>

/** Sets an own property, even one named `__proto__`. */
function setOwn(target: Schema, key: string, value: unknown): void {
  Object.defineProperty(target, key, {value, enumerable: true, configurable: true, writable: true})
}

function copyMeta(from: Schema, to: Schema): void {
  for (const key of META_KEYS) if (key in from && from[key] !== undefined) to[key] = from[key]
}

// ---- 1. local references ----

interface Definitions {
  $defs: Map<string, unknown>
  definitions: Map<string, unknown>
}

function withDefinitions(outer: Definitions | undefined, schema: Schema): Definitions | undefined {
  const defs = isRecord(schema.$defs) ? schema.$defs : undefined
  const legacy = isRecord(schema.definitions) ? schema.definitions : undefined
  if (defs === undefined && legacy === undefined) return outer
  const next: Definitions = {$defs: new Map(outer?.$defs), definitions: new Map(outer?.definitions)}
  for (const [name, value] of Object.entries(defs ?? {})) next.$defs.set(name, value)
  for (const [name, value] of Object.entries(legacy ?? {})) next.definitions.set(name, value)
  return next
}

function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~')
}

function followPointer(value: unknown, segments: readonly string[]): unknown {
  let current = value
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined
    const key = unescapePointer(segment)
    if (Array.isArray(current)) {
      const index = /^(?:0|[1-9]\d*)$/.test(key) ? Number(key) : -1
      if (index < 0 || index >= current.length) return undefined
      current = current[index]
      continue
    }
    if (!Object.hasOwn(current, key)) return undefined
    current = (current as Schema)[key]
  }
  return current
}

const DEFINITION_REF = /^#\/(\$defs|definitions)\/([^/]+)(?:\/(.*))?$/

function resolveRef(ref: string, defs: Definitions | undefined, root: unknown): unknown {
  const match = DEFINITION_REF.exec(ref)
  if (match !== null && defs !== undefined) {
    const name = unescapePointer(match[2] ?? '')
    const found = name === '' ? undefined : (match[1] === '$defs' ? defs.$defs : defs.definitions).get(name)
    if (found !== undefined) return followPointer(found, match[3] ? match[3].split('/') : [])
  }
  return ref.startsWith('#/') ? followPointer(root, ref.slice(2).split('/')) : undefined
}

interface InlineState {
  root: unknown
  /** Set once a local reference fails to resolve: definitions are kept from then on. */
  unresolved: boolean
}

function inlineRefs(schema: unknown, defs: Definitions | undefined, seen: ReadonlySet<string>, state: InlineState): unknown {
  if (schema === null || typeof schema !== 'object') return schema
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(item, defs, seen, state))
  const node = schema as Schema
  const scope = withDefinitions(defs, node)
  if (typeof node.$ref === 'string') {
    const ref = node.$ref
    if (seen.has(ref)) return {}
    const target = resolveRef(ref, scope, state.root)
    if (target === undefined) {
      if (ref.startsWith('#/')) state.unresolved = true
      return {...node}
    }
    const inlined = inlineRefs(target, scope, new Set([...seen, ref]), state)
    if (!isRecord(inlined)) return inlined
    const result: Schema = {...inlined}
    copyMeta(node, result)
    if (node.nullable === true) result.nullable = true
    return result
  }
  const result: Schema = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === '$defs' || key === 'definitions' || key === 'components') continue
    if (DATA_KEYS.has(key)) setOwn(result, key, value)
    else if (SCHEMA_MAPS.has(key) && isRecord(value)) setOwn(result, key, Object.fromEntries(Object.entries(value).map(([name, item]) => [name, inlineRefs(item, scope, seen, state)])))
    else if (SCHEMA_VALUES.has(key) && isRecord(value)) setOwn(result, key, inlineRefs(value, scope, seen, state))
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) setOwn(result, key, value.map((item) => inlineRefs(item, scope, seen, state)))
    else setOwn(result, key, value)
  }
  if (state.unresolved) {
    for (const key of ['$defs', 'definitions', 'components']) if (key in node) result[key] = node[key]
  }
  return result
}

// ---- 2. OpenAPI spellings ----

function withNullType(type: unknown): unknown {
  if (type === 'null') return type
  if (typeof type === 'string') return [type, 'null']
  if (Array.isArray(type)) return type.includes('null') ? type : [...type, 'null']
  return type
}

function allowsNull(schema: unknown): boolean {
  if (!isRecord(schema)) return false
  if (schema.type === 'null') return true
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true
  if ('const' in schema && schema.const === null) return true
  return Array.isArray(schema.enum) && schema.enum.includes(null)
}

function nullableComposition(schema: Schema): Schema {
  if ((Array.isArray(schema.anyOf) && schema.anyOf.some(allowsNull)) || (Array.isArray(schema.oneOf) && schema.oneOf.some(allowsNull))) return schema
  const wrapped: Schema = {anyOf: [schema, {type: 'null'}]}
  copyMeta(schema, wrapped)
  return wrapped
}

function openApiToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiToJsonSchema)
  if (!isRecord(schema)) return schema
  const result: Schema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || OPENAPI_ANNOTATIONS.has(key)) continue
    if (DATA_KEYS.has(key) || key === 'components') setOwn(result, key, value)
    else if (SCHEMA_MAPS.has(key) && isRecord(value)) setOwn(result, key, Object.fromEntries(Object.entries(value).map(([name, item]) => [name, openApiToJsonSchema(item)])))
    else if (SCHEMA_VALUES.has(key) && isRecord(value)) setOwn(result, key, openApiToJsonSchema(value))
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) setOwn(result, key, value.map(openApiToJsonSchema))
    else setOwn(result, key, value)
  }
  if (schema.nullable !== true) return result
  if (['allOf', 'anyOf', 'oneOf'].some((key) => Array.isArray(result[key]))) return nullableComposition(result)
  if ('type' in result) result.type = withNullType(result.type)
  if (Array.isArray(result.enum) && !result.enum.includes(null)) result.enum = [...result.enum, null]
  return result
}

// ---- 3. an object at the top ----

function enumValues(schema: unknown): unknown[] | undefined {
  if (schema === null || typeof schema !== 'object') return undefined
  const node = schema as Schema
  if (Array.isArray(node.enum)) return node.enum
  if ('const' in node) return [node.const]
  const variants = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined
  if (variants === undefined) return undefined
  const values = variants.flatMap((variant) => enumValues(variant) ?? [])
  return values.length > 0 ? values : undefined
}

/** Two variants' schemas of one property: enums are joined; otherwise the first wins. */
function mergeProperty(existing: unknown, incoming: unknown): unknown {
  if (!existing) return incoming
  if (!incoming) return existing
  const existingEnum = enumValues(existing)
  const incomingEnum = enumValues(incoming)
  if (existingEnum === undefined && incomingEnum === undefined) return existing
  const values = [...new Set([...(existingEnum ?? []), ...(incomingEnum ?? [])])]
  const merged: Schema = {}
  for (const source of [existing, incoming]) {
    if (typeof source !== 'object') continue
    for (const key of META_KEYS) if (!(key in merged) && key in (source as Schema)) merged[key] = (source as Schema)[key]
  }
  const types = new Set(values.map((value) => typeof value))
  if (types.size === 1) merged.type = [...types][0]
  merged.enum = values
  return merged
}

/** A top-level `anyOf`/`oneOf` of objects as one object schema. */
function flattenVariants(schema: Schema, variantKey: 'anyOf' | 'oneOf'): Schema {
  const properties: Schema = isRecord(schema.properties) ? {...schema.properties} : {}
  const requiredCounts = new Map<string, number>()
  let objectVariants = 0
  for (const variant of schema[variantKey] as unknown[]) {
    if (!variant || typeof variant !== 'object') continue
    const variantProperties = (variant as Schema).properties
    if (!variantProperties || typeof variantProperties !== 'object') continue
    objectVariants += 1
    for (const [key, value] of Object.entries(variantProperties)) setOwn(properties, key, mergeProperty(Object.hasOwn(properties, key) ? properties[key] : undefined, value))
    const required = (variant as Schema).required
    for (const key of Array.isArray(required) ? required : []) if (typeof key === 'string') requiredCounts.set(key, (requiredCounts.get(key) ?? 0) + 1)
  }
  const ownRequired = Array.isArray(schema.required) ? schema.required.filter((key) => typeof key === 'string') : undefined
  const required = ownRequired && ownRequired.length > 0 ? ownRequired : objectVariants > 0 ? [...requiredCounts].filter(([, count]) => count === objectVariants).map(([key]) => key) : undefined
  return {
    type: 'object',
    ...(typeof schema.title === 'string' ? {title: schema.title} : {}),
    ...(typeof schema.description === 'string' ? {description: schema.description} : {}),
    properties: Object.keys(properties).length > 0 ? properties : (schema.properties ?? {}),
    ...(required && required.length > 0 ? {required} : {}),
    additionalProperties: 'additionalProperties' in schema ? schema.additionalProperties : true,
  }
}

function topLevelObject(schema: Schema): Schema {
  const variantKey = Array.isArray(schema.anyOf) ? 'anyOf' : Array.isArray(schema.oneOf) ? 'oneOf' : undefined
  const composed = variantKey !== undefined || Array.isArray(schema.allOf)
  if (!composed) {
    if (schema.type === 'object') return isRecord(schema.properties) ? schema : {...schema, properties: {}}
    if (!('type' in schema) && (isRecord(schema.properties) || Array.isArray(schema.required))) return {...schema, type: 'object', properties: isRecord(schema.properties) ? schema.properties : {}}
  }
  if (variantKey !== undefined) return flattenVariants(schema, variantKey)
  return Object.keys(schema).length === 0 ? {type: 'object', properties: {}} : schema
}

// ---- 4. arrays get items ----

function withArrayItems(schema: unknown): unknown {
  if (!isRecord(schema)) return schema
  const result: Schema = {...schema}
  if (schema.type === 'array' && schema.items === undefined) result.items = {}
  for (const [key, value] of Object.entries(result)) {
    if (SCHEMA_MAPS.has(key) && isRecord(value)) setOwn(result, key, Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withArrayItems(item)])))
    else if (SCHEMA_VALUES.has(key) || SCHEMA_LISTS.has(key)) setOwn(result, key, Array.isArray(value) ? value.map(withArrayItems) : withArrayItems(value))
  }
  return result
}

/** `inputSchema` as the model sees it from OpenClaw. */
export function openclawToolParameters(inputSchema: unknown): unknown {
  const normalized = openApiToJsonSchema(inlineRefs(inputSchema, undefined, new Set(), {root: inputSchema, unresolved: false}))
  if (normalized === null || typeof normalized !== 'object') return normalized
  // An array at the top stays as it is (OpenClaw adds no items to it), unless it is empty.
  if (Array.isArray(normalized)) return normalized.length === 0 ? {type: 'object', properties: {}} : normalized
  return withArrayItems(topLevelObject(normalized as Schema))
}
