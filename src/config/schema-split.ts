/**
 * Splits OpenClaw's config schema (about 1 MB of JSON, 11 MB as one compiled function) into parts
 * that are compiled and loaded separately, so that validating a config compiles and loads only
 * the parts its keys reach. Large plain objects (`type: "object"` with `properties` and nothing a
 * walk cannot check itself) are walked key by key; everything else is a leaf, compiled whole.
 * The build and `--schema` split the same way.
 */
import {isRecord} from '../shared/json.js'

export type SchemaPlan =
  | {kind: 'leaf'; id: number; pointer: string}
  | {kind: 'object'; pointer: string; properties: Record<string, SchemaPlan>; additional: boolean | SchemaPlan; required: string[]; propertyNames?: SchemaPlan}
  | {kind: 'array'; pointer: string; items: SchemaPlan}

export interface SchemaLeaf {
  id: number
  /** JSON Pointer of the leaf in the whole schema. */
  pointer: string
  schema: Record<string, unknown>
}

export interface SplitSchema {
  plan: SchemaPlan
  leaves: SchemaLeaf[]
}

/** Keywords a walk checks itself; an object schema with any other keyword is compiled whole. */
const WALKABLE_OBJECT_KEYWORDS = new Set(['$schema', 'type', 'properties', 'additionalProperties', 'required', 'propertyNames', 'title', 'description'])
const WALKABLE_ARRAY_KEYWORDS = new Set(['type', 'items', 'title', 'description'])

/** Leaves up to this size (characters of JSON) compile and load in a few milliseconds. */
const LEAF_CHARS = 16_000

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

function isWalkableObject(node: Record<string, unknown>): boolean {
  const additional = node.additionalProperties
  return (
    node.type === 'object' &&
    (isRecord(node.properties) || isRecord(additional)) &&
    Object.keys(node).every((key) => WALKABLE_OBJECT_KEYWORDS.has(key)) &&
    (additional === undefined || typeof additional === 'boolean' || isRecord(additional)) &&
    (node.propertyNames === undefined || isRecord(node.propertyNames))
  )
}

function isWalkableArray(node: Record<string, unknown>): boolean {
  return node.type === 'array' && isRecord(node.items) && Object.keys(node).every((key) => WALKABLE_ARRAY_KEYWORDS.has(key))
}

/**
 * Gives each embedded schema that carries its own `$defs` (plugin config schemas) its own base,
 * so its `#/$defs/...` references resolve inside it, as they do where OpenClaw validates it alone.
 */
function withLocalBases(node: unknown, pointer: string, isRoot: boolean): unknown {
  if (Array.isArray(node)) return node.map((item, index) => withLocalBases(item, `${pointer}/${index}`, false))
  if (!isRecord(node)) return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' && !isRoot) continue
    out[key] = withLocalBases(value, `${pointer}/${escapePointer(key)}`, false)
  }
  if (!isRoot && isRecord(node.$defs) && node.$id === undefined) out.$id = `urn:openclaw-config-schema:${pointer}`
  return out
}

export function splitSchema(schema: Record<string, unknown>): SplitSchema {
  const leaves: SchemaLeaf[] = []
  const leaf = (node: Record<string, unknown>, pointer: string): SchemaPlan => {
    const id = leaves.length
    leaves.push({id, pointer, schema: withLocalBases(node, pointer, true) as Record<string, unknown>})
    return {kind: 'leaf', id, pointer}
  }
  const visit = (node: Record<string, unknown>, pointer: string): SchemaPlan => {
    if (JSON.stringify(node).length <= LEAF_CHARS) return leaf(node, pointer)
    if (isWalkableArray(node)) return {kind: 'array', pointer, items: visit(node.items as Record<string, unknown>, `${pointer}/items`)}
    if (!isWalkableObject(node)) return leaf(node, pointer)
    const properties: Record<string, SchemaPlan> = {}
    for (const [key, value] of Object.entries(isRecord(node.properties) ? node.properties : {})) {
      properties[key] = visit(isRecord(value) ? value : {}, `${pointer}/properties/${escapePointer(key)}`)
    }
    const additional = isRecord(node.additionalProperties) ? visit(node.additionalProperties, `${pointer}/additionalProperties`) : node.additionalProperties !== false
    const required = Array.isArray(node.required) ? node.required.filter((key): key is string => typeof key === 'string') : []
    const names = isRecord(node.propertyNames) ? {propertyNames: leaf(node.propertyNames, `${pointer}/propertyNames`)} : {}
    return {kind: 'object', pointer, properties, additional, required, ...names}
  }
  return {plan: visit(schema, ''), leaves}
}

/** Fixed places (config paths) of a key, by lower-cased key; keys with many places are left out. */
export type KeyPlaces = Record<string, string[][]>

/** More places than this and a key is too common to say where it belongs (`enabled`). */
const MAX_PLACES = 4

/** Every fixed place a key may appear (through `properties` and alternatives, not maps or lists). */
export function keyPlaces(schema: Record<string, unknown>): KeyPlaces {
  const places = new Map<string, string[][]>()
  const seen = new Set<unknown>()
  const visit = (node: unknown, path: string[]) => {
    if (!isRecord(node) || seen.has(node)) return
    seen.add(node)
    if (isRecord(node.properties)) {
      for (const [key, child] of Object.entries(node.properties)) {
        const lower = key.toLowerCase()
        places.set(lower, [...(places.get(lower) ?? []), [...path, key]])
        visit(child, [...path, key])
      }
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(node[key])) for (const branch of node[key] as unknown[]) visit(branch, path)
  }
  visit(schema, [])
  return Object.fromEntries([...places].filter(([, paths]) => paths.length <= MAX_PLACES))
}
