/**
 * How toolsearch reads OpenClaw's published config schema, in one place.
 *
 * The published schema describes a config after OpenClaw's parser ran: a key that has a
 * `default` is listed as `required`, although OpenClaw fills it in when it is absent
 * (`channels.telegram.dmPolicy`). `inputView` drops those from `required`, so a config is judged
 * as OpenClaw judges what a user wrote.
 *
 * The structured-only generation differs from the OpenClaw schema toolsearch
 * ships (2026.9.6, `schemas/`) or a user passes with `--schema`:
 *
 * - `tools.toolSearch.mode: "code"` and `tools.toolSearch.codeTimeoutMs` are retired. The schema
 *   accepts them (any `codeTimeoutMs`, even `null`) so that they are reported by the
 *   `tools.toolSearch.structured-only` check, which `doctor --fix` migrates, instead of as schema
 *   errors that would hide that fix; messages never offer a retired value.
 * - `agents.list[]` is accepted: the reproduced generation resolves the default agent from it
 *   (2026.9.6 only knew it as a legacy key). Each entry is shaped like an `agents.entries` value
 *   plus its `id`.
 */
import {isRecord} from '../shared/json.js'

type SchemaNode = Record<string, unknown>

/** Values a schema still lists that no message offers, by config path. */
export const RETIRED_VALUES: ReadonlyMap<string, readonly unknown[]> = new Map([['tools.toolSearch.mode', ['code']]])

/** Keys a schema still lists that no message offers, by the config path of their object. */
export const RETIRED_KEYS: ReadonlyMap<string, readonly string[]> = new Map([['tools.toolSearch', ['codeTimeoutMs']]])

function child(node: unknown, ...keys: string[]): SchemaNode | undefined {
  let current = node
  for (const key of keys) current = isRecord(current) ? current[key] : undefined
  return isRecord(current) ? current : undefined
}

/** The object branch of `tools.toolSearch` (a boolean or an object), wherever the schema puts it. */
function objectBranches(node: SchemaNode | undefined): SchemaNode[] {
  if (node === undefined) return []
  const alternatives = [node, ...(['anyOf', 'oneOf'] as const).flatMap((key) => (Array.isArray(node[key]) ? (node[key] as unknown[]).filter(isRecord) : []))]
  return alternatives.filter((alternative) => isRecord(alternative.properties))
}

/** Keys with a `default` are optional in what a user writes (see above); in place. */
export function inputView<T>(schema: T): T {
  const seen = new Set<unknown>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (!isRecord(node) || seen.has(node)) return
    seen.add(node)
    if (Array.isArray(node.required) && isRecord(node.properties)) {
      const properties = node.properties
      node.required = node.required.filter((key) => !(isRecord(properties[key as string]) && Object.hasOwn(properties[key as string] as SchemaNode, 'default')))
    }
    for (const value of Object.values(node)) visit(value)
  }
  visit(schema)
  return schema
}

/** Applies the structured-only difference to a parsed OpenClaw schema, in place; returns it. */
export function applyStructuredOnlyGeneration<T>(schema: T): T {
  const toolSearch = child(schema, 'properties', 'tools', 'properties', 'toolSearch')
  for (const branch of objectBranches(toolSearch)) {
    const properties = branch.properties as SchemaNode
    properties.codeTimeoutMs = {description: 'Retired: Tool Search no longer executes code; doctor --fix removes it.'}
    const mode = child(properties, 'mode')
    if (mode !== undefined && Array.isArray(mode.enum) && !mode.enum.includes('code')) mode.enum = [...mode.enum, 'code']
  }
  const agents = child(schema, 'properties', 'agents')
  const entry = child(agents, 'properties', 'entries', 'additionalProperties')
  if (agents !== undefined && isRecord(agents.properties) && agents.properties.list === undefined && entry !== undefined) {
    agents.properties.list = {
      type: 'array',
      title: 'Agents',
      description: 'Agents; the one marked default (else the first) is the default agent.',
      items: {...entry, properties: {id: {type: 'string', minLength: 1}, ...(entry.properties as SchemaNode)}, required: ['id', ...(Array.isArray(entry.required) ? entry.required : [])]},
    }
  }
  return schema
}
