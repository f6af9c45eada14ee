/**
 * Whether a config path is one OpenClaw's schema knows, and what applies while it is unset: what
 * `config get` says of a path the file does not hold (as `openclaw config get` does: "valid but
 * unset, the runtime default applies", or unknown).
 *
 * A path is valid when the schema reaches it the way OpenClaw's `config get` walks it: through
 * `properties`, a schema-valued `additionalProperties` (any key of a map), the `items` of an array
 * for an index, and every `anyOf` / `oneOf` / `allOf` branch on the way. A free-form object
 * (`additionalProperties: true`, or no schema for its members) ends the walk: a key below it is
 * not a config path the schema knows.
 *
 * The default that applies: for the Tool Search settings, the value the runtime computes from the
 * rest of the config (`computeEffectiveSettings`: a limit unset is 8 or 20, clamped, the mode
 * `tools`, enabled by shape); elsewhere the schema's own `default` when it has one, else none is
 * named (OpenClaw's defaults live in its runtime code, not in the schema).
 */
import {isRecord} from '../shared/json.js'
import {computeEffectiveSettings} from './effective.js'
import {TOOL_SEARCH_PATH} from './legacy.js'
import {isIndexSegment} from './path.js'

type SchemaNode = Record<string, unknown>

/** A node and every branch of its `anyOf` / `oneOf` / `allOf`, nested ones too. */
function alternatives(node: SchemaNode, seen = new Set<SchemaNode>()): SchemaNode[] {
  if (seen.has(node)) return []
  seen.add(node)
  const found = [node]
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = node[key]
    if (Array.isArray(branches)) for (const branch of branches) if (isRecord(branch)) for (const alternative of alternatives(branch, seen)) found.push(alternative)
  }
  return found
}

function looksLikeArray(node: SchemaNode): boolean {
  const types = ([] as unknown[]).concat(node.type ?? [])
  return types.includes('array') || isRecord(node.items) || Array.isArray(node.items)
}

/** The schemas of the member `key` of a value of schema `node`. */
function memberSchemas(node: SchemaNode, key: string): SchemaNode[] {
  const members: SchemaNode[] = []
  for (const alternative of alternatives(node)) {
    if (looksLikeArray(alternative)) {
      if (!isIndexSegment({key, quoted: false})) continue
      const items = Array.isArray(alternative.items) ? (alternative.items as unknown[])[Number(key)] : alternative.items
      if (isRecord(items)) members.push(items)
      continue
    }
    const properties = isRecord(alternative.properties) ? alternative.properties : undefined
    const explicit = properties !== undefined && Object.hasOwn(properties, key) ? properties[key] : undefined
    if (isRecord(explicit)) members.push(explicit)
    else if (isRecord(alternative.additionalProperties)) members.push(alternative.additionalProperties)
  }
  return members
}

/** Every schema the value at `path` may have to match; none when the schema does not know the path. */
export function schemasAtPath(schema: SchemaNode, path: readonly string[]): SchemaNode[] {
  let nodes = [schema]
  for (const key of path) {
    nodes = nodes.flatMap((node) => memberSchemas(node, key))
    if (nodes.length === 0) return []
  }
  return nodes
}

export function isConfigSchemaPath(schema: SchemaNode, path: readonly string[]): boolean {
  return schemasAtPath(schema, path).length > 0
}

/** What applies at an unset, valid path: a value when one is known. */
export function runtimeDefault(schema: SchemaNode, path: readonly string[], resolvedConfig: unknown): {value: unknown} | undefined {
  if (path.length === 3 && path[0] === TOOL_SEARCH_PATH[0] && path[1] === TOOL_SEARCH_PATH[1]) {
    const settings = computeEffectiveSettings(resolvedConfig)
    const key = path[2]
    if (key === 'enabled' || key === 'mode' || key === 'searchDefaultLimit' || key === 'maxSearchLimit') return {value: settings[key]}
  }
  const defaults = schemasAtPath(schema, path).flatMap((node) => alternatives(node)).filter((node) => Object.hasOwn(node, 'default'))
  return defaults.length > 0 ? {value: defaults[0].default} : undefined
}
