/**
 * Catalog entry → the text the openclaw ranker indexes (SPEC §5.1, as OpenClaw 2026.9.6 reads it): name, id, label,
 * description and — for trusted entries only — the parameter text. MCP and client schemas are
 * never walked: their words could otherwise pull a tool up for queries it has nothing to do with.
 */
import {isRecord, ownValue} from '../shared/json.js'
import type {CatalogEntry} from '../catalog/types.js'

/** How deep the parameter walk goes: the root schema is depth 0. */
export const PARAMETER_TEXT_DEPTH = 4

/**
 * Calls `visit` with every non-empty `description` and property name in `schema`, to depth 4,
 * recursing into `properties` and a single `items` schema — as OpenClaw 2026.9.6 reads it
 * (`tool-search-ranking.ts`): the branches of `anyOf`, `oneOf` and `allOf`, and tuple `items`, are
 * not read (the recorded `searches` run shows it: "text to speech" does not find `mobile_ui` by the
 * `text` property of one branch of its `mobileAction`). Bounded by depth, so cyclic or absurdly
 * deep schemas end.
 */
export function forEachParameterString(schema: unknown, visit: (text: string) => void): void {
  const walk = (node: unknown, depth: number): void => {
    if (depth > PARAMETER_TEXT_DEPTH || !isRecord(node)) return
    const description = ownValue(node, 'description')
    if (typeof description === 'string' && description !== '') visit(description)
    const properties = ownValue(node, 'properties')
    if (isRecord(properties)) {
      for (const name of Object.keys(properties)) {
        if (name !== '') visit(name)
        walk(properties[name], depth + 1)
      }
    }
    const items = ownValue(node, 'items')
    if (!Array.isArray(items)) walk(items, depth + 1)
  }
  walk(schema, 0)
}

/** Every `description` and property name in `schema` (`forEachParameterString`), joined by spaces. */
export function parameterText(schema: unknown): string {
  const parts: string[] = []
  forEachParameterString(schema, (text) => parts.push(text))
  return parts.join(' ')
}

/**
 * Calls `visit` with each string of the text indexed for one entry, in order. The ranker's
 * tokenizer splits on spaces, so tokenizing these one by one gives the tokens of their join
 * (`openclawDocumentText`) without building it.
 */
export function forEachDocumentString(entry: CatalogEntry, visit: (text: string) => void): void {
  visit(entry.name)
  // An id is `source:sourceName:name`, and `:` separates tokens: its parts give its tokens, and
  // they repeat across a catalog where each id is new (a cache of analyzed strings then hits).
  if (isToolIdOf(entry)) {
    visit(entry.source)
    visit(entry.sourceName)
    visit(entry.name)
  } else visit(entry.id)
  if (entry.label !== undefined) visit(entry.label)
  visit(entry.description)
  if (entry.trusted) forEachParameterString(entry.parameters, visit)
}

/** Whether `entry.id` is `source:sourceName:name`, checked without building that string. */
function isToolIdOf(entry: CatalogEntry): boolean {
  const {id, source, sourceName, name} = entry
  const secondColon = source.length + 1 + sourceName.length
  return (
    id.length === secondColon + 1 + name.length &&
    id.startsWith(source) &&
    id.charCodeAt(source.length) === COLON &&
    id.startsWith(sourceName, source.length + 1) &&
    id.charCodeAt(secondColon) === COLON &&
    id.endsWith(name)
  )
}

const COLON = 0x3a

/** The text indexed for one entry. */
export function openclawDocumentText(entry: CatalogEntry): string {
  const parts = [entry.name, entry.id]
  if (entry.label !== undefined) parts.push(entry.label)
  parts.push(entry.description)
  if (entry.trusted) parts.push(parameterText(entry.parameters))
  return parts.join(' ')
}
