/**
 * Schema checks around a call (SPEC §8.3), for trusted entries only, in OpenClaw's order: the
 * output schema must compile before anything else (a bad contract cannot follow a side effect),
 * then the input schema compiles and the arguments are validated, and after the executor returns
 * the result is checked against the output schema. ajv loads on first use.
 *
 * Catalog schemas are authored by hand and vary: ajv runs non-strict (unknown keywords and
 * formats are ignored, not errors), with the draft named by `$schema` (2019-09 and 2020-12;
 * anything else is checked as draft-07), never fetches remote `$ref`s (an unresolvable `$ref`
 * makes the schema invalid), and compiles each schema with its own ajv instance so `$id`s of
 * different schemas never collide. Patterns run on a linear-time engine (./regex.ts); the only
 * format checked is OpenClaw's `uri`.
 *
 * ajv decides whether arguments are valid; the message lists the errors as OpenClaw (TypeBox)
 * reports them (./schema-errors.ts), with OpenClaw's paths and wording.
 */
import type {ValidateFunction} from 'ajv'

import {isRecord} from '../shared/json.js'
import {dottedErrorPath} from '../shared/json-path.js'
import type {CatalogEntry} from '../catalog/types.js'
import {ToolsearchError} from '../shared/errors.js'
import {UNTRUSTED_INPUT_HINT, inputHint} from '../hints/index.js'
import {UnsupportedPatternError, linearRegExpEngine} from './regex.js'
import {type SchemaError, hasAtLeast, hasAtMost, schemaErrors} from './schema-errors.js'
import {editDistance, suggestionThreshold} from '../shared/suggest.js'

export type SchemaRole = 'inputSchema' | 'outputSchema'

export function invalidSchemaMessage(id: string, role: SchemaRole): string {
  return `Tool "${id}" has an invalid ${role}.`
}

export function outputMismatchMessage(id: string): string {
  return `Tool "${id}" returned details that do not match its declared outputSchema.`
}

/**
 * A compiled schema: whether a value holds. Typed as a plain predicate, not as ajv's
 * `ValidateFunction`, so the library's declarations do not pull in ajv's: the messages come from
 * ./schema-errors.ts, never from ajv's `errors`.
 */
export type SchemaCheck = (value: unknown) => boolean

export interface ToolSchemas {
  input?: SchemaCheck
  output?: SchemaCheck
}

/**
 * Compiles a trusted entry's schemas before the call, so an invalid one stops it before anything
 * runs. Untrusted entries get no checks (their server validates). Throws `invalid-schema`.
 */
export function compileToolSchemas(entry: CatalogEntry): Promise<ToolSchemas> {
  // A process that calls the same tool again (the probe's many runs) compiles its schemas once.
  let compiled = compiledSchemas.get(entry)
  if (compiled === undefined) {
    compiled = compileEntrySchemas(entry)
    compiledSchemas.set(entry, compiled)
  }
  return compiled
}

const compiledSchemas = new WeakMap<CatalogEntry, Promise<ToolSchemas>>()

async function compileEntrySchemas(entry: CatalogEntry): Promise<ToolSchemas> {
  if (!entry.trusted) return {}
  const schemas: ToolSchemas = {}
  if (entry.outputSchema !== undefined) schemas.output = await compileSchema(entry, entry.outputSchema, 'outputSchema')
  if (entry.parameters !== undefined) schemas.input = await compileSchema(entry, entry.parameters, 'inputSchema')
  return schemas
}

async function compileSchema(entry: CatalogEntry, schema: unknown, role: SchemaRole): Promise<ValidateFunction> {
  const invalid = (cause?: unknown) => {
    // The model gets OpenClaw's message; the person learns why a pattern was refused.
    const hint = cause instanceof UnsupportedPatternError ? cause.message : undefined
    return new ToolsearchError('invalid-schema', invalidSchemaMessage(entry.id, role), {cause, hint, details: {schema: role}})
  }
  if (typeof schema !== 'boolean' && !isRecord(schema)) throw invalid()
  try {
    const ajv = await ajvFor(schema)
    return ajv.compile(schema as object)
  } catch (error) {
    throw invalid(unsupportedPatternIn(error))
  }
}

/** ajv wraps errors thrown while compiling a pattern; find an UnsupportedPatternError among the causes. */
function unsupportedPatternIn(error: unknown): unknown {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof UnsupportedPatternError) return cause
  }
  return error
}

type AjvInstance = {compile(schema: object): ValidateFunction}
type AjvWithFormats = AjvInstance & {
  addFormat(name: string, format: {type: 'string'; validate: (text: string) => boolean}): unknown
  removeKeyword(keyword: string): unknown
  addKeyword(definition: {keyword: string; type: 'string'; schemaType: 'number'; errors: false; validate: (limit: number, text: string) => boolean}): unknown
}

/**
 * OpenClaw's rules where they differ from ajv's: one format is checked, `uri` (every other format
 * is an annotation), and string lengths are counted as TypeBox counts them (./schema-errors.ts).
 */
function withOpenClawFormats<T extends AjvWithFormats>(ajv: T): T {
  ajv.addFormat('uri', {type: 'string', validate: (text) => URL.canParse(text)})
  for (const [keyword, holds] of [['maxLength', hasAtMost], ['minLength', hasAtLeast]] as const) {
    ajv.removeKeyword(keyword)
    ajv.addKeyword({keyword, type: 'string', schemaType: 'number', errors: false, validate: (limit, text) => holds(text, limit)})
  }
  return ajv
}

async function ajvFor(schema: unknown): Promise<AjvInstance> {
  const options = {allErrors: true, strict: false, verbose: true, logger: false as const, validateFormats: true, code: {regExp: linearRegExpEngine}}
  const draft = typeof schema === 'object' && schema !== null ? String((schema as {$schema?: unknown}).$schema ?? '') : ''
  if (draft.includes('2020-12')) return withOpenClawFormats(new (await import('ajv/dist/2020.js')).Ajv2020(options))
  if (draft.includes('2019-09')) return withOpenClawFormats(new (await import('ajv/dist/2019.js')).Ajv2019(options))
  const {Ajv} = await import('ajv')
  const ajv = withOpenClawFormats(new Ajv(options))
  // Older drafts (04, 06) name a meta-schema ajv does not ship: check them as draft-07.
  return {compile: (value) => ajv.compile(draft === '' || draft.includes('draft-07') ? value : withoutDraft(value))}
}

function withoutDraft(schema: object): object {
  const {$schema: _ignored, ...rest} = schema as Record<string, unknown>
  return rest
}

/** Validates call arguments; throws `invalid-arguments` with OpenClaw's message. */
export function assertValidArguments(entry: CatalogEntry, schemas: ToolSchemas, args: unknown): void {
  if (schemas.input === undefined || schemas.input(args)) return
  let errors: SchemaError[]
  try {
    errors = schemaErrors(entry.parameters, args)
  } catch {
    errors = []
  }
  throw new ToolsearchError('invalid-arguments', invalidArgumentsMessage(entry, errors, args))
}

/** Checks a result against the declared output schema; throws `output-mismatch`. */
export function assertValidOutput(entry: CatalogEntry, schemas: ToolSchemas, result: unknown): void {
  if (schemas.output === undefined || schemas.output(result)) return
  let problems: string[]
  try {
    problems = formatSchemaErrors(schemaErrors(entry.outputSchema, result))
  } catch {
    problems = formatSchemaErrors([])
  }
  throw new ToolsearchError('output-mismatch', outputMismatchMessage(entry.id), {details: {problems, result}})
}

/**
 * `Invalid arguments for tool "<id>": <path>: <message>; ….` + ` Did you mean: <prop>?` + 
 * ` Expected input: <input hint>.` (left out when the hint is `unknown`).
 */
export function invalidArgumentsMessage(entry: CatalogEntry, errors: readonly SchemaError[], args: unknown): string {
  const suggestions = propertySuggestions(entry.parameters, args)
  const didYouMean = suggestions.length === 0 ? '' : ` Did you mean: ${suggestions.join(', ')}?`
  const hint = inputHint(entry)
  const expected = hint === UNTRUSTED_INPUT_HINT ? '' : ` Expected input: ${hint}.`
  return `Invalid arguments for tool "${entry.id}": ${formatSchemaErrors(errors).join('; ')}.${didYouMean}${expected}`
}

/**
 * `<path>: <message>` per error, as OpenClaw words them: paths are dotted (`tags.1`, `<root>` for
 * the arguments themselves); a missing property is named in the path and in
 * `must have required property '<name>'` (only the first one TypeBox lists); rejected keys are
 * listed as `must not have additional properties: "a", "b"`; `enum` / `const` errors end with
 * `(allowed: …)`. No errors at all read `<root>: invalid config`.
 */
export function formatSchemaErrors(errors: readonly SchemaError[]): string[] {
  if (errors.length === 0) return ['<root>: invalid config']
  return errors.map((error) => {
    const missing = missingProperty(error)
    return `${dottedErrorPath(error.instancePath, missing?.trim(), '<root>')}: ${errorMessage(error, missing)}`
  })
}

/** The property a `required` / `dependentRequired` / `dependencies` error names first. */
function missingProperty(error: SchemaError): string | undefined {
  if (!['required', 'dependentRequired', 'dependencies'].includes(error.keyword)) return undefined
  return firstNonBlank(error.params.missingProperty) ?? firstNonBlank(error.params.requiredProperties) ?? firstNonBlank(error.params.dependencies)
}

function firstNonBlank(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value
  if (Array.isArray(value)) return value.find((item): item is string => typeof item === 'string' && item.trim() !== '')
  return undefined
}

function errorMessage(error: SchemaError, missing: string | undefined): string {
  if (missing !== undefined) return `must have required property '${missing}'`
  if (error.keyword === 'additionalProperties') {
    const keys = (error.params.additionalProperties as unknown[]).filter((key): key is string => typeof key === 'string')
    if (keys.length > 0) return `must not have additional properties: ${keys.map((key) => `"${key}"`).join(', ')}`
  }
  const message = typeboxMessage(error)
  const allowed = allowedValues(error)
  return allowed === undefined || /\(allowed:|expected one of/i.test(message) ? message : `${message} (allowed: ${allowed})`
}

/** TypeBox's English message for each keyword. */
export function typeboxMessage({keyword, params}: SchemaError): string {
  const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value))
  switch (keyword) {
    case 'additionalProperties': return 'must not have additional properties'
    case 'anyOf': return 'must match a schema in anyOf'
    case 'boolean': return 'schema is false'
    case 'const': return 'must be equal to constant'
    case 'contains': return 'must contain at least 1 valid item'
    case 'dependencies':
    case 'dependentRequired': return `must have properties ${list(params.dependencies)} when property ${String(params.property)} is present`
    case 'enum': return 'must be equal to one of the allowed values'
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'minimum': return `must be ${String(params.comparison)} ${String(params.limit)}`
    case 'format': return `must match format "${String(params.format)}"`
    case 'if': return `must match "${String(params.failingKeyword)}" schema`
    case 'maxItems': return `must not have more than ${String(params.limit)} items`
    case 'maxLength': return `must not have more than ${String(params.limit)} characters`
    case 'maxProperties': return `must not have more than ${String(params.limit)} properties`
    case 'minItems': return `must not have fewer than ${String(params.limit)} items`
    case 'minLength': return `must not have fewer than ${String(params.limit)} characters`
    case 'minProperties': return `must not have fewer than ${String(params.limit)} properties`
    case 'multipleOf': return `must be multiple of ${String(params.multipleOf)}`
    case 'not': return 'must not be valid'
    case 'oneOf': return 'must match exactly one schema in oneOf'
    case 'pattern': return `must match pattern "${String(params.pattern)}"`
    case 'propertyNames': return `property names ${list(params.propertyNames)} are invalid`
    case 'required': return `must have required properties ${list(params.requiredProperties)}`
    case 'type': return typeof params.type === 'string' ? `must be ${params.type}` : `must be either ${(params.type as string[]).join(' or ')}`
    case 'uniqueItems': return 'must not have duplicate items'
    default: return 'an unknown validation error occurred'
  }
}

const MAX_ALLOWED_VALUES = 12
const MAX_ALLOWED_VALUE_CHARS = 160

/**
 * OpenClaw's allowed-values hint for `enum` / `const`: distinct values (`1` and `"1"` stay apart),
 * strings quoted, each cut at 160 characters, at most 12 then `... (+N more)`.
 */
function allowedValues(error: SchemaError): string | undefined {
  let values: unknown[]
  if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues)) values = error.params.allowedValues
  else if (error.keyword === 'const' && Object.hasOwn(error.params, 'allowedValue')) values = [error.params.allowedValue]
  else return undefined
  if (values.length === 0) return undefined
  const seen = new Set<string>()
  const labels: string[] = []
  for (const value of values) {
    const key = value === null ? 'null:null' : `${typeof value}:${typeof value === 'string' ? value : JSON.stringify(value)}`
    if (seen.has(key)) continue
    seen.add(key)
    labels.push(typeof value === 'string' ? JSON.stringify(cutHint(value)) : cutHint(JSON.stringify(value) ?? String(value)))
  }
  const shown = labels.slice(0, MAX_ALLOWED_VALUES).join(', ')
  const hidden = labels.length - MAX_ALLOWED_VALUES
  return hidden > 0 ? `${shown}, ... (+${hidden} more)` : shown
}

function cutHint(text: string): string {
  return text.length <= MAX_ALLOWED_VALUE_CHARS ? text : `${text.slice(0, MAX_ALLOWED_VALUE_CHARS)}... (+${text.length - MAX_ALLOWED_VALUE_CHARS} chars)`
}

/**
 * Declared properties the caller probably meant, as OpenClaw suggests them: when the schema sets
 * `additionalProperties: false`, each argument key it does not declare gets the nearest declared
 * property by edit distance (case-sensitive, within min(3, max(1, ⌈length / 3⌉)), ties by
 * `localeCompare`); at most three, no repeats.
 */
export function propertySuggestions(schema: unknown, args: unknown): string[] {
  if (!isRecord(schema) || schema.additionalProperties !== false || !isRecord(args)) return []
  const declared = isRecord(schema.properties) ? Object.keys(schema.properties) : []
  const suggestions = new Set<string>()
  for (const key of Object.keys(args)) {
    if (declared.includes(key)) continue
    const nearest = declared
      .map((name) => ({name, distance: editDistance(key, name)}))
      .filter(({name, distance}) => distance <= suggestionThreshold(key, name, 'openclaw-argument'))
      .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))[0]
    if (nearest !== undefined) suggestions.add(nearest.name)
  }
  return [...suggestions].slice(0, 3)
}
