/**
 * Whole-config validation against OpenClaw's config schema (SPEC §1.3): the compiled parts a
 * config reaches (`schema-source.ts`, `schema-split.ts`), then ajv's errors turned into one
 * problem per path in plain words. An unknown key gets a suggestion: the same key in another case
 * (`tools.toolsearch` → `tools.toolSearch`), the place the key belongs (a top-level `toolSearch`
 * → `tools.toolSearch`), or a close spelling. Of alternatives (`anyOf`, `oneOf`), the errors of
 * the one whose shape fits the value are reported, else what the value may be.
 */
import {editDistance, suggestionThreshold} from '../shared/suggest.js'
import {isRecord} from '../shared/json.js'
import {formatConfigPath} from './path.js'
import {RETIRED_KEYS, RETIRED_VALUES} from './schema-generation.js'
import {type ConfigSchemaSource, type PartValidator, type SchemaError, configSchemaSource} from './schema-source.js'
import {type KeyPlaces, type SchemaPlan, escapePointer} from './schema-split.js'

export interface SchemaProblem {
  /** Config path of the offending value (of the key, for an unknown key). */
  path: string[]
  message: string
}

/** The validators of the parts loaded so far, by id: the walk below calls them without waiting. */
const loadedParts = new WeakMap<ConfigSchemaSource, Map<number, PartValidator>>()

/** One validation's state: the parts loaded, how to load another, and the keys on the way to the value walked. */
interface Walk {
  parts: Map<number, PartValidator>
  load: (id: number) => Promise<PartValidator>
  keys: string[]
}

/** Undefined when a step finished; a promise when it waits for a part and finishes after it. */
type Pending = Promise<void> | undefined

/**
 * Adds the errors of `data` against `plan` to `errors`, in the order the walk meets them. The walk
 * is synchronous while the parts it reaches are loaded: a config of many megabytes has hundreds of
 * thousands of values, and awaiting each one (a promise and an array per value) cost more than
 * validating it. Where a part is not loaded yet, the step returns a promise, and the steps
 * around it carry on from where they stopped once it is loaded (the walk never runs twice). The
 * JSON Pointer of a value is built only when it has an error, from the keys on the way to it.
 */
function collectErrors(walk: Walk, plan: SchemaPlan, data: unknown, errors: SchemaError[]): Pending {
  if (plan.kind === 'leaf') {
    const validate = walk.parts.get(plan.id)
    if (validate !== undefined) return leafErrors(validate, plan, data, walk.keys, errors)
    return walk.load(plan.id).then((loaded) => leafErrors(loaded, plan, data, walk.keys, errors))
  }
  // The keys up to `depth` are this value's path, also while a member's key is on the stack.
  const depth = walk.keys.length
  if (plan.kind === 'array') {
    if (!Array.isArray(data)) {
      errors.push(errorAt(walk, plan, depth, 'type', {type: 'array'}))
      return undefined
    }
    const item = (index: number): Pending => {
      walk.keys.push(String(index))
      return collectErrors(walk, plan.items, data[index], errors)
    }
    // Synchronous while no part has to be loaded; the rest waits for the part (`eachFrom`).
    for (let index = 0; index < data.length; index++) {
      const pending = item(index)
      if (pending !== undefined) return continueAfter(walk, pending, data.length, index, item)
      walk.keys.pop()
    }
    return undefined
  }
  if (!isRecord(data)) {
    errors.push(errorAt(walk, plan, depth, 'type', {type: 'object'}))
    return undefined
  }
  for (const key of plan.required) if (!Object.hasOwn(data, key)) errors.push(errorAt(walk, plan, depth, 'required', {missingProperty: key}))
  const names = Object.keys(data)
  const member = (index: number): Pending => {
    const key = names[index]!
    const child = Object.hasOwn(plan.properties, key) ? plan.properties[key] : plan.additional
    if (child === false) errors.push(errorAt(walk, plan, depth, 'additionalProperties', {additionalProperty: key}))
    walk.keys.push(key)
    return child === false || child === true ? undefined : collectErrors(walk, child!, data[key], errors)
  }
  const members = (): Pending => {
    for (let index = 0; index < names.length; index++) {
      const pending = member(index)
      if (pending !== undefined) return continueAfter(walk, pending, names.length, index, member)
      walk.keys.pop()
    }
    return undefined
  }
  const {propertyNames} = plan
  if (propertyNames === undefined) return members()
  const named = eachFrom(walk, names.length, 0, (index) => {
    const key = names[index]!
    const nameErrors: SchemaError[] = []
    walk.keys.push(key)
    // Only whether the name fails counts: the paths of its errors are dropped.
    const checked = collectErrors(walk, propertyNames, key, nameErrors)
    const judge = () => {
      if (nameErrors.length > 0) errors.push(errorAt(walk, plan, depth, 'propertyNames', {propertyName: key}))
    }
    if (checked === undefined) return judge()
    return checked.then(judge)
  })
  return named === undefined ? members() : named.then(members)
}

/** The error `keyword` of the value at the first `depth` keys of the walk, against `plan`. */
function errorAt(walk: Walk, plan: SchemaPlan, depth: number, keyword: string, params: Record<string, unknown>): SchemaError {
  return {instancePath: pointerOf(walk.keys, depth), schemaPath: `#${plan.pointer}/${keyword}`, keyword, params}
}

/** After `step(index)` returned `pending`: its key popped once it is done, then the steps after it. */
function continueAfter(walk: Walk, pending: Promise<void>, count: number, index: number, step: (index: number) => Pending): Pending {
  return pending.then(() => {
    walk.keys.pop()
    return eachFrom(walk, count, index + 1, step)
  })
}

/**
 * Runs `step(index)` for each index from `from` to `count - 1` in order; each step pushes one key
 * on the walk's keys, popped when the step is done. Synchronous until a step waits for a part;
 * then the rest runs after it.
 */
function eachFrom(walk: Walk, count: number, from: number, step: (index: number) => Pending | void): Pending {
  for (let index = from; index < count; index++) {
    const pending = step(index)
    if (pending !== undefined) {
      return pending.then(() => {
        walk.keys.pop()
        return eachFrom(walk, count, index + 1, step)
      })
    }
    walk.keys.pop()
  }
  return undefined
}

function leafErrors(validate: PartValidator, plan: Extract<SchemaPlan, {kind: 'leaf'}>, data: unknown, keys: readonly string[], errors: SchemaError[]): undefined {
  if (validate(data)) return undefined
  const instancePath = pointerOf(keys, keys.length)
  for (const error of validate.errors ?? []) errors.push({...error, instancePath: instancePath + error.instancePath, schemaPath: `#${plan.pointer}${error.schemaPath.replace(/^#/, '')}`})
  return undefined
}

/** The JSON Pointer of the first `length` keys. */
const pointerOf = (keys: readonly string[], length: number) =>
  keys
    .slice(0, length)
    .map((key) => `/${escapePointer(key)}`)
    .join('')

/** Every schema error of `config`, loading the parts the walk reaches as it reaches them. */
async function schemaErrors(source: ConfigSchemaSource, config: unknown): Promise<SchemaError[]> {
  let parts = loadedParts.get(source)
  if (parts === undefined) {
    parts = new Map()
    loadedParts.set(source, parts)
  }
  const known = parts
  const load = async (id: number) => {
    const validate = await source.part(id)
    known.set(id, validate)
    return validate
  }
  const errors: SchemaError[] = []
  await collectErrors({parts: known, load, keys: []}, source.plan, config, errors)
  return errors
}

// ---------------------------------------------------------------------------------------------
// Alternatives

const SHAPE_KEYWORDS = new Set(['type', 'const', 'enum'])

/**
 * Replaces each failed `anyOf` / `oneOf` (innermost first) by the errors of the alternative whose
 * shape fits the value (the fewest errors wins), or by one `alternatives` error when none fits.
 */
function reduceAlternatives(errors: SchemaError[]): SchemaError[] {
  let list = errors
  const alternatives = list.filter((error) => (error.keyword === 'anyOf' || error.keyword === 'oneOf') && error.params.passingSchemas == null).sort((a, b) => b.schemaPath.length - a.schemaPath.length)
  for (const alternative of alternatives) {
    const prefix = `${alternative.schemaPath}/`
    const inside = list.filter((error) => error.schemaPath.startsWith(prefix))
    const branches = new Map<string, SchemaError[]>()
    for (const error of inside) {
      const branch = error.schemaPath.slice(prefix.length).split('/')[0]
      branches.set(branch, [...(branches.get(branch) ?? []), error])
    }
    const failsOnShape = (branch: string, error: SchemaError) => error.instancePath === alternative.instancePath && SHAPE_KEYWORDS.has(error.keyword) && error.schemaPath === `${prefix}${branch}/${error.keyword}`
    const fitting = [...branches].filter(([branch, branchErrors]) => !branchErrors.some((error) => failsOnShape(branch, error))).sort((a, b) => a[1].length - b[1].length)
    const replacement = fitting.length > 0 ? fitting[0][1] : [{...alternative, keyword: 'alternatives'}]
    const dropped = new Set([alternative, ...inside])
    list = [...list.filter((error) => !dropped.has(error)), ...replacement]
  }
  return list
}

// ---------------------------------------------------------------------------------------------
// Describing

function decodePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return []
  return pointer
    .replace(/^#/, '')
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
}

function nodeAt(root: unknown, pointer: string): unknown {
  let node = root
  for (const key of decodePointer(pointer)) node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined
  return node
}

function schemaAt(root: unknown, pointer: string): Record<string, unknown> | undefined {
  const node = nodeAt(root, pointer)
  return isRecord(node) ? node : undefined
}

function article(type: string): string {
  if (type === 'null') return 'null'
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}

function either(items: string[]): string {
  const unique = [...new Set(items)]
  if (unique.length <= 2) return unique.join(' or ')
  return `one of ${unique.join(', ')}`
}

function allowedValues(values: unknown[], path: string[]): string {
  const retired = RETIRED_VALUES.get(formatConfigPath(path)) ?? []
  return either(values.filter((value) => !retired.includes(value)).map((value) => JSON.stringify(value)))
}

function isPositiveInteger(node: Record<string, unknown> | undefined): boolean {
  return node?.type === 'integer' && (node.exclusiveMinimum === 0 || node.minimum === 1)
}

/** What a value of this schema may be: `a boolean`, `"tools"`, `an object`. */
function shapes(node: Record<string, unknown>, path: string[]): string[] {
  if (Object.hasOwn(node, 'const')) return [JSON.stringify(node.const)]
  if (Array.isArray(node.enum)) return [allowedValues(node.enum, path)]
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(node[key])) return (node[key] as unknown[]).filter(isRecord).flatMap((branch) => shapes(branch, path))
  }
  if (isPositiveInteger(node)) return ['a positive integer']
  const types = ([] as unknown[]).concat(node.type ?? []).filter((type): type is string => typeof type === 'string')
  return types.map(article)
}

const MAX_LISTED_KEYS = 12

/** Where else a key belongs, when it has one to three fixed places in the schema. */
function misplacedKey(places: KeyPlaces, key: string, here: string[]): string[][] {
  const candidates = (places[key.toLowerCase()] ?? []).filter((path) => formatConfigPath(path.slice(0, -1)) !== formatConfigPath(here))
  const exact = candidates.filter((path) => path[path.length - 1] === key)
  const chosen = exact.length > 0 ? exact : candidates
  return chosen.length <= 3 ? [...chosen].sort((a, b) => a.length - b.length) : []
}

function unknownKeyMessage(places: KeyPlaces, objectSchema: Record<string, unknown> | undefined, here: string[], key: string): string {
  const retired = RETIRED_KEYS.get(formatConfigPath(here)) ?? []
  const allowed = Object.keys(isRecord(objectSchema?.properties) ? objectSchema.properties : {}).filter((name) => !retired.includes(name))
  const head = `unknown key ${JSON.stringify(key)}`
  const sameKey = allowed.find((name) => name.toLowerCase() === key.toLowerCase())
  if (sameKey !== undefined) return `${head}: did you mean ${formatConfigPath([...here, sameKey])}?`
  const elsewhere = misplacedKey(places, key, here)
  if (elsewhere.length > 0) return `${head}: it belongs at ${elsewhere.map((path) => formatConfigPath(path)).join(' or ')}`
  const close = allowed.filter((name) => editDistance(name.toLowerCase(), key.toLowerCase()) <= suggestionThreshold(key, name, 'config-key'))
  if (close.length > 0) return `${head}: did you mean ${close.map((name) => formatConfigPath([...here, name])).join(' or ')}?`
  if (allowed.length > 0 && allowed.length <= MAX_LISTED_KEYS) return `${head} (allowed: ${allowed.join(', ')})`
  return head
}

function describe(root: Record<string, unknown>, places: () => KeyPlaces, error: SchemaError): SchemaProblem {
  const path = decodePointer(error.instancePath)
  const keywordAt = error.schemaPath.lastIndexOf('/')
  const parent = schemaAt(root, error.schemaPath.slice(0, keywordAt))
  const {params} = error
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty)
      return {path: [...path, key], message: unknownKeyMessage(places(), parent, path, key)}
    }
    case 'required':
      return {path, message: `missing required key ${JSON.stringify(params.missingProperty)}`}
    case 'propertyNames':
      return {path: [...path, String(params.propertyName)], message: `${JSON.stringify(params.propertyName)} is not a valid key here`}
    case 'alternatives': {
      const node = nodeAt(root, error.schemaPath)
      const described = Array.isArray(node) ? (node as unknown[]).filter(isRecord).flatMap((branch) => shapes(branch, path)) : []
      return {path, message: described.length > 0 ? `must be ${either(described)}` : (error.message ?? 'matches none of the alternatives')}
    }
    case 'type':
    case 'exclusiveMinimum':
    case 'minimum':
      if (isPositiveInteger(parent)) return {path, message: 'must be a positive integer'}
      if (error.keyword === 'type') return {path, message: `must be ${either(([] as string[]).concat(params.type as string | string[]).flatMap((type) => type.split(',')).map(article))}`}
      return {path, message: `must be ${error.keyword === 'minimum' ? '>=' : '>'} ${String(params.limit)}`}
    case 'maximum':
    case 'exclusiveMaximum':
      return {path, message: `must be ${error.keyword === 'maximum' ? '<=' : '<'} ${String(params.limit)}`}
    case 'enum':
      return {path, message: `must be ${allowedValues(params.allowedValues as unknown[], path)}`}
    case 'const':
      return {path, message: `must be ${JSON.stringify(params.allowedValue)}`}
    case 'minLength':
      return {path, message: params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters long`}
    case 'maxLength':
      return {path, message: `must be at most ${String(params.limit)} characters long`}
    case 'pattern':
      return {path, message: `must match the pattern ${String(params.pattern)}`}
    default:
      return {path, message: error.message ?? `fails ${error.keyword}`}
  }
}

/** Validates a resolved config against OpenClaw's schema; one problem per offending path. */
export async function validateSchema(config: unknown): Promise<SchemaProblem[]> {
  const source = configSchemaSource()
  const errors = reduceAlternatives(await schemaErrors(source, config))
  if (errors.length === 0) return []
  const root = source.schema()
  const places = () => source.keyPlaces()
  const problems: SchemaProblem[] = []
  const seen = new Set<string>()
  for (const error of errors) {
    const problem = describe(root, places, error)
    const key = formatConfigPath(problem.path)
    if (seen.has(key)) continue
    seen.add(key)
    problems.push(problem)
  }
  return problems
}
