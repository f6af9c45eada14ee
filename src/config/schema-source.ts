/**
 * Which OpenClaw config schema validates: the one toolsearch ships (`schemas/`, compiled at build
 * time into `dist/schemas/openclaw/` with the prepared schema and its key places) or, with `--schema <file>`, another OpenClaw version's,
 * compiled here part by part as a config reaches them (ajv is loaded only then). Either way it is
 * read as input and the structured-only difference is applied first (`schema-generation.ts`).
 */
import {readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'

import {packageRoot} from '../shared/package-root.js'
import {isRecord} from '../shared/json.js'
import {ToolsearchError, usageError} from '../shared/errors.js'
import {applyStructuredOnlyGeneration, inputView} from './schema-generation.js'
import {type KeyPlaces, type SchemaPlan, type SplitSchema, keyPlaces, splitSchema} from './schema-split.js'

export const BUNDLED_SCHEMA_FILE = 'openclaw-2026.9.6.schema.json'
export const BUNDLED_OPENCLAW_VERSION = '2026.9.6'

/** ajv options for every compiled part. Formats are not checked (OpenClaw's own checks differ). */
export const COMPILE_OPTIONS = {allErrors: true, strict: false, validateFormats: false} as const

export interface SchemaError {
  instancePath: string
  schemaPath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
}

export type PartValidator = ((data: unknown) => boolean) & {errors?: SchemaError[] | null}

export interface ConfigSchemaSource {
  /** Where the schema came from, for messages. */
  label: string
  plan: SchemaPlan
  /** The validator of one part of the plan. */
  part(id: number): Promise<PartValidator>
  /** The whole schema (structured-only difference applied), for messages and `config schema`. */
  schema(): Record<string, unknown>
  /** Where each key belongs, for suggestions. */
  keyPlaces(): KeyPlaces
}

/** Where the build writes the compiled schema, found on first use (a run that validates nothing never looks). */
let compiled: string | undefined
const compiledDirectory = (): string => (compiled ??= join(packageRoot(), 'dist', 'schemas', 'openclaw'))

export interface PreparedSchema {
  schema: Record<string, unknown>
  split: SplitSchema
  keyPlaces: KeyPlaces
}

export function prepareSchema(raw: unknown): PreparedSchema {
  if (!isRecord(raw)) throw new Error('a JSON Schema must be an object')
  const schema = applyStructuredOnlyGeneration(inputView(raw))
  return {schema, split: splitSchema(schema), keyPlaces: keyPlaces(schema)}
}

/** Files the build writes next to the compiled parts. */
export const COMPILED_FILES = {plan: 'plan.json', schema: 'schema.json', keyPlaces: 'key-places.json'} as const

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'))
}

function bundledSource(): ConfigSchemaSource {
  let plan: SchemaPlan
  try {
    plan = readJson(join(compiledDirectory(), COMPILED_FILES.plan)) as SchemaPlan
  } catch (error) {
    throw new ToolsearchError('schema-missing', `The compiled OpenClaw config schema is missing (${compiledDirectory()}); run "npm run build".`, {cause: error})
  }
  const parts = new Map<number, Promise<PartValidator>>()
  let whole: Record<string, unknown> | undefined
  let places: KeyPlaces | undefined
  return {
    label: `OpenClaw ${BUNDLED_OPENCLAW_VERSION}`,
    plan,
    part(id) {
      let loaded = parts.get(id)
      if (loaded === undefined) {
        loaded = import(join(compiledDirectory(), `part-${id}.cjs`)).then((module: {default: PartValidator}) => module.default)
        parts.set(id, loaded)
      }
      return loaded
    },
    schema() {
      whole ??= readJson(join(compiledDirectory(), COMPILED_FILES.schema)) as Record<string, unknown>
      return whole
    },
    keyPlaces() {
      places ??= readJson(join(compiledDirectory(), COMPILED_FILES.keyPlaces)) as KeyPlaces
      return places
    },
  }
}

function fileSource(file: string): ConfigSchemaSource {
  let prepared: ReturnType<typeof prepareSchema>
  try {
    prepared = prepareSchema(readJson(file))
  } catch (error) {
    throw usageError(`Cannot use the schema ${file}: ${(error as Error).message}`)
  }
  const {schema, split} = prepared
  let ajv: Promise<{compile(schema: object): PartValidator}> | undefined
  const parts = new Map<number, Promise<PartValidator>>()
  return {
    label: file,
    plan: split.plan,
    part(id) {
      let compiled = parts.get(id)
      if (compiled === undefined) {
        ajv ??= import('ajv').then((module) => {
          const Ajv = (module.default ?? module) as unknown as new (options: object) => {compile(schema: object): PartValidator}
          return new Ajv(COMPILE_OPTIONS)
        })
        const leaf = split.leaves[id]
        compiled = ajv.then((instance) => {
          try {
            return instance.compile(leaf.schema)
          } catch (error) {
            throw usageError(`Cannot use the schema ${file}: ${(error as Error).message}`)
          }
        })
        parts.set(id, compiled)
      }
      return compiled
    },
    schema: () => schema,
    keyPlaces: () => prepared.keyPlaces,
  }
}

let selected: string | undefined
let source: ConfigSchemaSource | undefined

/** `--schema <file>`: validate against that OpenClaw schema for the rest of this run. */
export function selectConfigSchema(file: string | undefined): void {
  const next = file === undefined ? undefined : resolve(file)
  if (next === selected && source !== undefined) return
  selected = next
  source = undefined
}

export function configSchemaSource(): ConfigSchemaSource {
  source ??= selected === undefined ? bundledSource() : fileSource(selected)
  return source
}
