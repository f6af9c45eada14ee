/**
 * Schema checks around a call (SPEC §8.3), for trusted entries only: the input schema before
 * anything runs, the output schema after the executor returns. ajv loads on first use.
 *
 * Catalog schemas are authored by hand and vary: ajv runs non-strict (unknown keywords and
 * formats are ignored, not errors), with the draft named by `$schema` (2019-09 and 2020-12;
 * anything else is checked as draft-07), never fetches remote `$ref`s (an unresolvable `$ref`
 * makes the schema invalid), and compiles each schema with its own ajv instance so `$id`s of
 * different schemas never collide.
 */
import type {ErrorObject, ValidateFunction} from 'ajv'

import {isRecord} from '../catalog/json.js'
import type {CatalogEntry} from '../catalog/types.js'
import {ToolsearchError} from '../errors.js'
import {inputHint} from '../hints/index.js'
import {closestMatches} from './suggest.js'

export type SchemaRole = 'inputSchema' | 'outputSchema'

/** At most this many problems are listed in one message. */
export const MAX_LISTED_ERRORS = 8

export function invalidSchemaMessage(id: string, role: SchemaRole): string {
  return `Tool "${id}" has an invalid ${role}.`
}

export function outputMismatchMessage(id: string): string {
  return `Tool "${id}" returned details that do not match its declared outputSchema.`
}

export interface ToolSchemas {
  input?: ValidateFunction
  output?: ValidateFunction
}

/**
 * Compiles a trusted entry's schemas before the call, so an invalid one stops it before anything
 * runs. Untrusted entries get no checks (their server validates). Throws `invalid-schema`.
 */
export async function compileToolSchemas(entry: CatalogEntry): Promise<ToolSchemas> {
  if (!entry.trusted) return {}
  const schemas: ToolSchemas = {}
  if (entry.parameters !== undefined) schemas.input = await compileSchema(entry, entry.parameters, 'inputSchema')
  if (entry.outputSchema !== undefined) schemas.output = await compileSchema(entry, entry.outputSchema, 'outputSchema')
  return schemas
}

async function compileSchema(entry: CatalogEntry, schema: unknown, role: SchemaRole): Promise<ValidateFunction> {
  const invalid = (cause?: unknown) => new ToolsearchError('invalid-schema', invalidSchemaMessage(entry.id, role), {cause, details: {schema: role}})
  if (typeof schema !== 'boolean' && !isRecord(schema)) throw invalid()
  try {
    const ajv = await ajvFor(schema)
    return ajv.compile(schema as object)
  } catch (error) {
    throw invalid(error)
  }
}

type AjvInstance = {compile(schema: object): ValidateFunction}

async function ajvFor(schema: unknown): Promise<AjvInstance> {
  const options = {allErrors: true, strict: false, verbose: true, logger: false as const, validateFormats: true}
  const draft = typeof schema === 'object' && schema !== null ? String((schema as {$schema?: unknown}).$schema ?? '') : ''
  if (draft.includes('2020-12')) return new (await import('ajv/dist/2020.js')).Ajv2020(options)
  if (draft.includes('2019-09')) return new (await import('ajv/dist/2019.js')).Ajv2019(options)
  const {Ajv} = await import('ajv')
  const ajv = new Ajv(options)
  // Older drafts (04, 06) name a meta-schema ajv does not ship: check them as draft-07.
  return {compile: (value) => ajv.compile(draft === '' || draft.includes('draft-07') ? value : withoutDraft(value))}
}

function withoutDraft(schema: object): object {
  const {$schema: _ignored, ...rest} = schema as Record<string, unknown>
  return rest
}

/** Validates call arguments; throws `invalid-arguments` with the message of SPEC §8.3. */
export function assertValidArguments(entry: CatalogEntry, schemas: ToolSchemas, args: unknown): void {
  if (schemas.input === undefined || schemas.input(args)) return
  throw new ToolsearchError('invalid-arguments', invalidArgumentsMessage(entry, schemas.input.errors ?? []))
}

/** Checks a result against the declared output schema; throws `output-mismatch`. */
export function assertValidOutput(entry: CatalogEntry, schemas: ToolSchemas, result: unknown): void {
  if (schemas.output === undefined || schemas.output(result)) return
  const problems = formatErrors(schemas.output.errors ?? [])
  throw new ToolsearchError('output-mismatch', outputMismatchMessage(entry.id), {details: {problems, result}})
}

/**
 * `Invalid arguments for tool "<id>": <path>: <message>; ….` + ` Did you mean: <prop>?` when an
 * unknown key is close to a declared property + ` Expected input: <input hint>.`
 */
export function invalidArgumentsMessage(entry: CatalogEntry, errors: readonly ErrorObject[]): string {
  const problems = formatErrors(errors)
  const suggestions = propertySuggestions(errors)
  const didYouMean = suggestions.length === 0 ? '' : ` Did you mean: ${suggestions.join(', ')}?`
  return `Invalid arguments for tool "${entry.id}": ${problems.join('; ')}.${didYouMean} Expected input: ${inputHint(entry)}.`
}

/** `<path>: <message>` per error, JSON-pointer paths (`/` is the arguments object), no repeats. */
export function formatErrors(errors: readonly ErrorObject[]): string[] {
  const lines: string[] = []
  for (const error of errors) {
    const line = `${errorPath(error)}: ${error.message ?? 'is invalid'}`
    if (!lines.includes(line)) lines.push(line)
  }
  if (lines.length <= MAX_LISTED_ERRORS) return lines
  return [...lines.slice(0, MAX_LISTED_ERRORS), `and ${lines.length - MAX_LISTED_ERRORS} more`]
}

/** An unknown property is named in the path, since ajv's message does not name it. */
function errorPath(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') {
    return `${error.instancePath}/${escapePointer(String((error.params as {additionalProperty: unknown}).additionalProperty))}`
  }
  return error.instancePath === '' ? '/' : error.instancePath
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1')
}

/**
 * Declared properties the caller probably meant: for each unknown key (rejected by
 * `additionalProperties: false`, or sitting next to a missing required property), the nearest
 * declared property at the same level by edit distance.
 */
export function propertySuggestions(errors: readonly ErrorObject[]): string[] {
  const suggestions: string[] = []
  const add = (value: string | undefined) => {
    if (value !== undefined && !suggestions.includes(value)) suggestions.push(value)
  }
  for (const error of errors) {
    const declared = declaredProperties(error.parentSchema)
    if (error.keyword === 'additionalProperties') {
      const unknownKey = String((error.params as {additionalProperty: unknown}).additionalProperty)
      add(closestMatches(unknownKey, declared)[0])
    } else if (error.keyword === 'required') {
      const missing = String((error.params as {missingProperty: unknown}).missingProperty)
      const given = isRecord(error.data) ? Object.keys(error.data).filter((key) => !declared.includes(key)) : []
      if (given.some((key) => closestMatches(key, [missing]).length > 0)) add(missing)
    }
  }
  return suggestions
}

function declaredProperties(schema: unknown): string[] {
  if (!isRecord(schema) || !isRecord(schema.properties)) return []
  return Object.keys(schema.properties)
}
