/**
 * The validation errors OpenClaw reports for invalid tool arguments. OpenClaw validates with
 * TypeBox (1.1.38); its error list differs from ajv's in order, grouping and wording, and the
 * model reads that list. This module walks a schema the way TypeBox's error pass does and returns
 * the same errors: per schema node `type`; then, for an object, `required` (one error naming
 * every missing property), `additionalProperties` (one error naming every rejected key; a key
 * rejected by an `additionalProperties` schema is named, its own errors are not listed),
 * `dependencies`, `dependentRequired`, `dependentSchemas`, `patternProperties`, `properties`,
 * `propertyNames` (one error), `minProperties`, `maxProperties`; for an array `additionalItems`,
 * `contains`, `items`, `maxContains`, `maxItems`, `minContains`, `minItems`, `prefixItems`,
 * `uniqueItems`; for a string `maxLength`, `minLength` (TypeBox's clusters), `format`, `pattern`;
 * for a number `exclusiveMaximum`, `exclusiveMinimum`, `maximum`, `minimum`, `multipleOf`; then
 * `$ref`, `const`, `enum`, `if` (a failing `then` is one error, a failing `else` lists its own
 * errors first), `not`, `allOf`, `anyOf` and `oneOf` (the failing branches' errors, then one
 * error). At most 8 errors are kept, as TypeBox's default.
 *
 * Formats are OpenClaw's: only `uri` is checked (`URL.canParse`); every other format is an
 * annotation. Patterns run on the linear-time engine of `./regex.js`.
 *
 * Only local `$ref`s (`#/…` pointers into the same schema) are followed; keywords TypeBox adds
 * beyond JSON Schema and `unevaluated*` report nothing here (ajv still rejects the value, and the
 * caller falls back to OpenClaw's generic text).
 */
import {isRecord} from '../shared/json.js'
import {type LinearRegex, compileLinearRegex} from './regex.js'

export interface SchemaError {
  keyword: string
  /** JSON pointer of the value, keys unescaped (`/tags/1`), as TypeBox reports it. */
  instancePath: string
  params: Record<string, unknown>
}

/** TypeBox's default error cap. */
export const MAX_SCHEMA_ERRORS = 8

export function schemaErrors(schema: unknown, value: unknown): SchemaError[] {
  const errors: SchemaError[] = []
  const walker = new ErrorWalker(schema, (error) => {
    if (errors.length < MAX_SCHEMA_ERRORS) errors.push(error)
  })
  walker.walk(schema, value, '')
  return errors
}

type Sink = (error: SchemaError) => void

class ErrorWalker {
  private readonly patterns = new Map<string, LinearRegex>()
  private depth = 0

  constructor(private readonly root: unknown, private sink: Sink) {}

  /** True when `value` satisfies `schema`; every error goes to the current sink. */
  walk(schema: unknown, value: unknown, path: string): boolean {
    if (typeof schema === 'boolean') return schema || this.fail('boolean', path, {})
    if (!isRecord(schema)) return true
    if (++this.depth > 512) throw new Error('The schema nests too deeply to report its errors.')
    try {
      return this.node(schema, value, path)
    } finally {
      this.depth--
    }
  }

  private node(schema: Record<string, unknown>, value: unknown, path: string): boolean {
    let ok = true
    const all = (result: boolean) => {
      ok = result && ok
    }
    if (isTypeKeyword(schema.type) && !matchesType(schema.type, value)) all(this.fail('type', path, {type: schema.type}))
    if (isRecord(value)) this.objectKeywords(schema, value, path, all)
    if (Array.isArray(value)) this.arrayKeywords(schema, value, path, all)
    if (typeof value === 'string') this.stringKeywords(schema, value, path, all)
    if (typeof value === 'number') this.numberKeywords(schema, value, path, all)
    if (typeof schema.$ref === 'string') all(this.ref(schema.$ref, value, path))
    if (Object.hasOwn(schema, 'const') && !deepEqual(value, schema.const)) all(this.fail('const', path, {allowedValue: schema.const}))
    if (Array.isArray(schema.enum) && !schema.enum.some((option) => deepEqual(value, option))) all(this.fail('enum', path, {allowedValues: schema.enum}))
    if (Object.hasOwn(schema, 'if') && isSchema(schema.if)) all(this.conditional(schema, value, path))
    if (Object.hasOwn(schema, 'not') && isSchema(schema.not) && this.quietly(schema.not, value, path)) all(this.fail('not', path, {}))
    if (isSchemaArray(schema.allOf)) all(this.allOf(schema.allOf, value, path))
    if (isSchemaArray(schema.anyOf)) all(this.anyOf(schema.anyOf, value, path))
    if (isSchemaArray(schema.oneOf)) all(this.oneOf(schema.oneOf, value, path))
    return ok
  }

  private objectKeywords(schema: Record<string, unknown>, value: Record<string, unknown>, path: string, all: (ok: boolean) => void): void {
    const keys = Object.keys(value)
    if (isStringArray(schema.required)) {
      const missing = schema.required.filter((key) => !Object.hasOwn(value, key))
      if (missing.length > 0) all(this.fail('required', path, {requiredProperties: missing}))
    }
    if (Object.hasOwn(schema, 'additionalProperties') && isSchema(schema.additionalProperties)) {
      const known = this.knownKeyTest(schema)
      const rejected = keys.filter((key) => !known(key) && !this.quietly(schema.additionalProperties, value[key], `${path}/${key}`))
      if (rejected.length > 0) all(this.fail('additionalProperties', path, {additionalProperties: rejected}))
    }
    if (isRecord(schema.dependencies) && keys.length > 0) {
      for (const [key, dependency] of Object.entries(schema.dependencies)) {
        if (!Object.hasOwn(value, key)) continue
        // TypeBox stops at the first missing dependency of a key (one error per key).
        if (Array.isArray(dependency)) {
          if (dependency.some((name) => !Object.hasOwn(value, String(name)))) all(this.fail('dependencies', path, {property: key, dependencies: dependency}))
        } else all(this.walk(dependency, value, path))
      }
    }
    if (isRecord(schema.dependentRequired) && keys.length > 0) {
      for (const [key, names] of Object.entries(schema.dependentRequired)) {
        if (!Object.hasOwn(value, key) || !Array.isArray(names)) continue
        for (const name of names) if (!Object.hasOwn(value, String(name))) all(this.fail('dependentRequired', path, {property: key, dependencies: names}))
      }
    }
    if (isRecord(schema.dependentSchemas) && keys.length > 0) {
      for (const [key, dependent] of Object.entries(schema.dependentSchemas)) if (Object.hasOwn(value, key)) all(this.walk(dependent, value, path))
    }
    if (isRecord(schema.patternProperties)) {
      for (const [pattern, property] of Object.entries(schema.patternProperties)) {
        const regex = this.regex(pattern)
        for (const key of keys) if (regex.test(key)) all(this.walk(property, value[key], `${path}/${key}`))
      }
    }
    if (isRecord(schema.properties)) {
      for (const [key, property] of Object.entries(schema.properties)) {
        if (Object.hasOwn(value, key)) all(this.walk(property, value[key], `${path}/${key}`))
      }
    }
    if (Object.hasOwn(schema, 'propertyNames') && isSchema(schema.propertyNames)) {
      const invalid = keys.filter((key) => !this.quietly(schema.propertyNames, key, `${path}/${key}`))
      if (invalid.length > 0) all(this.fail('propertyNames', path, {propertyNames: invalid}))
    }
    if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) all(this.fail('minProperties', path, {limit: schema.minProperties}))
    if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) all(this.fail('maxProperties', path, {limit: schema.maxProperties}))
  }

  private arrayKeywords(schema: Record<string, unknown>, value: unknown[], path: string, all: (ok: boolean) => void): void {
    const tuple = Array.isArray(schema.items) ? schema.items : undefined
    if (tuple !== undefined && Object.hasOwn(schema, 'additionalItems') && isSchema(schema.additionalItems)) {
      // TypeBox stops at the first additional item that fails.
      const failed = value.findIndex((item, index) => index >= tuple.length && !this.walk(schema.additionalItems, item, `${path}/${index}`))
      if (failed >= 0) all(false)
    }
    const hasContains = Object.hasOwn(schema, 'contains') && isSchema(schema.contains)
    const containsCount = () => value.filter((item) => this.quietly(schema.contains, item, path)).length
    if (hasContains && schema.minContains !== 0 && (value.length === 0 || containsCount() === 0)) all(this.fail('contains', path, {minContains: 1}))
    if (tuple !== undefined) {
      tuple.forEach((item, index) => {
        if (index < value.length) all(this.walk(item, value[index], `${path}/${index}`))
      })
    } else if (Object.hasOwn(schema, 'items') && isSchema(schema.items)) {
      const offset = Array.isArray(schema.prefixItems) ? schema.prefixItems.length : 0
      for (let index = offset; index < value.length; index++) all(this.walk(schema.items, value[index], `${path}/${index}`))
    }
    if (hasContains && typeof schema.maxContains === 'number' && containsCount() > schema.maxContains) {
      const minContains = typeof schema.minContains === 'number' ? schema.minContains : 1
      all(this.fail('contains', path, {minContains, maxContains: schema.maxContains}))
    }
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) all(this.fail('maxItems', path, {limit: schema.maxItems}))
    if (hasContains && typeof schema.minContains === 'number' && containsCount() < schema.minContains) all(this.fail('contains', path, {minContains: schema.minContains}))
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) all(this.fail('minItems', path, {limit: schema.minItems}))
    if (Array.isArray(schema.prefixItems) && value.length > 0) {
      schema.prefixItems.forEach((item, index) => {
        if (index < value.length) all(this.walk(item, value[index], `${path}/${index}`))
      })
    }
    if (schema.uniqueItems === true) {
      const duplicateItems = value.flatMap((item, index) => (value.slice(0, index).some((earlier) => deepEqual(earlier, item)) ? [index] : []))
      if (duplicateItems.length > 0) all(this.fail('uniqueItems', path, {duplicateItems}))
    }
  }

  private stringKeywords(schema: Record<string, unknown>, value: string, path: string, all: (ok: boolean) => void): void {
    if (typeof schema.maxLength === 'number' && !hasAtMost(value, schema.maxLength)) all(this.fail('maxLength', path, {limit: schema.maxLength}))
    if (typeof schema.minLength === 'number' && !hasAtLeast(value, schema.minLength)) all(this.fail('minLength', path, {limit: schema.minLength}))
    if (schema.format === 'uri' && !URL.canParse(value)) all(this.fail('format', path, {format: schema.format}))
    if (typeof schema.pattern === 'string' && !this.regex(schema.pattern).test(value)) all(this.fail('pattern', path, {pattern: schema.pattern}))
  }

  private numberKeywords(schema: Record<string, unknown>, value: number, path: string, all: (ok: boolean) => void): void {
    const bound = (keyword: string, comparison: string, holds: (limit: number) => boolean) => {
      const limit = schema[keyword]
      if (typeof limit === 'number' && !holds(limit)) all(this.fail(keyword, path, {comparison, limit}))
    }
    bound('exclusiveMaximum', '<', (limit) => value < limit)
    bound('exclusiveMinimum', '>', (limit) => value > limit)
    bound('maximum', '<=', (limit) => value <= limit)
    bound('minimum', '>=', (limit) => value >= limit)
    if (typeof schema.multipleOf === 'number' && !isMultipleOf(value, schema.multipleOf)) all(this.fail('multipleOf', path, {multipleOf: schema.multipleOf}))
  }

  private ref(ref: string, value: unknown, path: string): boolean {
    const target = resolveLocalRef(this.root, ref)
    // A reference this walker cannot follow is left to ajv's verdict.
    return target === undefined ? true : this.walk(target, value, path)
  }

  private conditional(schema: Record<string, unknown>, value: unknown, path: string): boolean {
    if (this.quietly(schema.if, value, path)) {
      return !Object.hasOwn(schema, 'then') || this.quietly(schema.then, value, path) || this.fail('if', path, {failingKeyword: 'then'})
    }
    return !Object.hasOwn(schema, 'else') || this.walk(schema.else, value, path) || this.fail('if', path, {failingKeyword: 'else'})
  }

  private allOf(branches: unknown[], value: unknown, path: string): boolean {
    const failed = branches.map((branch) => this.collect(branch, value, path)).filter((result) => !result.ok)
    for (const result of failed) result.errors.forEach(this.sink)
    return failed.length === 0
  }

  private anyOf(branches: unknown[], value: unknown, path: string): boolean {
    const results = branches.map((branch) => this.collect(branch, value, path))
    if (results.some((result) => result.ok)) return true
    for (const result of results) result.errors.forEach(this.sink)
    return this.fail('anyOf', path, {})
  }

  private oneOf(branches: unknown[], value: unknown, path: string): boolean {
    const results = branches.map((branch) => this.collect(branch, value, path))
    const passingSchemas = results.flatMap((result, index) => (result.ok ? [index] : []))
    if (passingSchemas.length === 1) return true
    if (passingSchemas.length === 0) for (const result of results) result.errors.forEach(this.sink)
    return this.fail('oneOf', path, {passingSchemas})
  }

  /** Walks a branch into its own error list, so the caller decides whether they are reported. */
  private collect(schema: unknown, value: unknown, path: string): {ok: boolean; errors: SchemaError[]} {
    const errors: SchemaError[] = []
    const outer = this.sink
    this.sink = (error) => errors.push(error)
    try {
      return {ok: this.walk(schema, value, path), errors}
    } finally {
      this.sink = outer
    }
  }

  private quietly(schema: unknown, value: unknown, path: string): boolean {
    return this.collect(schema, value, path).ok
  }

  /** Property names and `patternProperties` patterns: a key matching either is not additional. */
  private knownKeyTest(schema: Record<string, unknown>): (key: string) => boolean {
    const names = new Set(isRecord(schema.properties) ? Object.keys(schema.properties) : [])
    const patterns = isRecord(schema.patternProperties) ? Object.keys(schema.patternProperties).map((pattern) => this.regex(pattern)) : []
    return (key) => names.has(key) || patterns.some((regex) => regex.test(key))
  }

  private regex(pattern: string): LinearRegex {
    let regex = this.patterns.get(pattern)
    if (regex === undefined) {
      regex = compileLinearRegex(pattern)
      this.patterns.set(pattern, regex)
    }
    return regex
  }

  private fail(keyword: string, instancePath: string, params: Record<string, unknown>): false {
    this.sink({keyword, instancePath, params})
    return false
  }
}

const JSON_TYPES = new Set(['object', 'array', 'boolean', 'integer', 'number', 'null', 'string'])

function isTypeKeyword(type: unknown): type is string | string[] {
  return typeof type === 'string' || (Array.isArray(type) && type.every((item) => typeof item === 'string'))
}

function matchesType(type: string | string[], value: unknown): boolean {
  return (Array.isArray(type) ? type : [type]).some((name) => matchesTypeName(name, value))
}

function matchesTypeName(name: string, value: unknown): boolean {
  if (!JSON_TYPES.has(name)) return true
  if (name === 'object') return isRecord(value)
  if (name === 'array') return Array.isArray(value)
  if (name === 'integer') return Number.isInteger(value)
  if (name === 'null') return value === null
  return typeof value === name
}

function isSchema(value: unknown): boolean {
  return typeof value === 'boolean' || isRecord(value)
}

function isSchemaArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.every(isSchema)
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

/** TypeBox's `multipleOf`: integers divisible by an integer reciprocal pass; otherwise within 1e-10. */
function isMultipleOf(value: number, divisor: number): boolean {
  if (Number.isInteger(value) && (1 / divisor) % 1 === 0) return true
  const remainder = value % divisor
  return Math.min(Math.abs(remainder), Math.abs(remainder - divisor)) < 1e-10
}

/*
 * String lengths as TypeBox counts them (its own grapheme rule, not Unicode's): a cluster is a code
 * point plus any combining marks (U+0300–036F, 1AB0–1AFF, 1DC0–1DFF, FE20–FE2F) and variation
 * selectors (FE00–FE0F), joined to the next by U+200D, and a pair of regional indicators. Text
 * without a surrogate, U+0300–036F or U+200D is counted in UTF-16 units, as TypeBox's fast path does.
 */
const between = (point: number, low: number, high: number) => point >= low && point <= high

function isModifier(point: number): boolean {
  return between(point, 0x300, 0x36f) || between(point, 0x1ab0, 0x1aff) || between(point, 0x1dc0, 0x1dff) || between(point, 0xfe20, 0xfe2f) || between(point, 0xfe00, 0xfe0f)
}

function unitsOf(point: number): number {
  return point > 0xffff ? 2 : 1
}

function skipModifiers(text: string, index: number): number {
  let at = index
  while (at < text.length && isModifier(text.codePointAt(at)!)) at += unitsOf(text.codePointAt(at)!)
  return at
}

function nextClusterStart(text: string, start: number): number {
  const first = text.codePointAt(start)!
  let end = skipModifiers(text, start + unitsOf(first))
  while (end < text.length - 1 && text[end] === '\u200D') end = skipModifiers(text, end + 1 + unitsOf(text.codePointAt(end + 1)!))
  const regional = (point: number | undefined) => point !== undefined && between(point, 0x1f1e6, 0x1f1ff)
  if (regional(first) && end < text.length && regional(text.codePointAt(end))) end += unitsOf(text.codePointAt(end)!)
  return end
}

function clusterCountUpTo(text: string, cap: number): number {
  let count = 0
  for (let index = 0; index < text.length && count <= cap; count++) index = nextClusterStart(text, index)
  return count
}

function needsClusters(unit: number): boolean {
  return between(unit, 0xd800, 0xdbff) || between(unit, 0x300, 0x36f) || unit === 0x200d
}

export function hasAtMost(text: string, limit: number): boolean {
  for (let index = 0; index < text.length; ) {
    if (needsClusters(text.charCodeAt(index))) return clusterCountUpTo(text, limit) <= limit
    if (++index > limit) return false
  }
  return true
}

export function hasAtLeast(text: string, limit: number): boolean {
  if (limit === 0) return true
  for (let index = 0; index < text.length; ) {
    if (needsClusters(text.charCodeAt(index))) return clusterCountUpTo(text, limit) >= limit
    if (++index >= limit) return true
  }
  return false
}

export function deepEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true
  if (Array.isArray(left)) return Array.isArray(right) && left.length === right.length && left.every((item, index) => deepEqual(item, right[index]))
  if (isRecord(left)) {
    if (!isRecord(right)) return false
    const keys = Object.keys(left)
    return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]))
  }
  return false
}

/** `#`, `#/a/b~1c` → the subschema, unescaping `~1` and `~0` and percent-encoding; else undefined. */
function resolveLocalRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return undefined
  let node: unknown = root
  for (const raw of ref.slice(2).split('/')) {
    const segment = safeDecode(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    if (Array.isArray(node)) node = node[Number(segment)]
    else if (isRecord(node) && Object.hasOwn(node, segment)) node = node[segment]
    else return undefined
  }
  return node
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
