/**
 * Tool lookup by id or name (SPEC §8.1), shared by `describe` and `call`, with the exact
 * model-facing messages. Lookups run over policy-filtered entries, so a denied tool is unknown.
 *
 * The id or name is trimmed. Order: exact id; else exact name (case-sensitive) among cataloged entries — one wins, two or
 * more are ambiguous; a name or id that only a `direct-only` tool has gets the direct-only
 * message; anything else is unknown, with up to three suggestions scored as OpenClaw does.
 */
import type {Catalog, CatalogEntry} from '../catalog/types.js'
import {isToolsearchError, ToolsearchError} from '../shared/errors.js'

export const DIRECT_ONLY_MESSAGE =
  'This tool is already available directly, not through the tool catalog. Call it directly by its declared name with its declared parameters.'
const UNKNOWN_TOOL_ADVICE = 'Use tool_search to find a tool, tool_describe to inspect it, then tool_call with the exact id or name.'
const MAX_SUGGESTIONS = 3

export function ambiguousToolMessage(name: string): string {
  return `Ambiguous tool name: ${name}; use an exact tool id.`
}

export function unknownToolMessage(idOrName: string, suggestions: readonly string[]): string {
  const didYouMean = suggestions.length === 0 ? '' : ` Did you mean: ${suggestions.join(', ')}?`
  return `Unknown tool id: ${idOrName}.${didYouMean} ${UNKNOWN_TOOL_ADVICE}`
}

/** The entry `idOrName` names; throws `unknown-tool`, `ambiguous-tool` or `direct-only-tool` (exit 1). */
export function lookupTool(entries: readonly CatalogEntry[], untrimmed: string): CatalogEntry {
  const idOrName = untrimmed.trim()
  const byId = entries.find((entry) => entry.id === idOrName)
  if (byId !== undefined) {
    if (byId.visibility === 'direct-only') throw new ToolsearchError('direct-only-tool', DIRECT_ONLY_MESSAGE)
    return byId
  }
  const named = entries.filter((entry) => entry.name === idOrName)
  const cataloged = named.filter((entry) => entry.visibility !== 'direct-only')
  if (cataloged.length > 1) {
    throw new ToolsearchError('ambiguous-tool', ambiguousToolMessage(idOrName), {suggestions: cataloged.map((entry) => entry.id)})
  }
  if (cataloged.length === 1) return cataloged[0]!
  if (named.length > 0) throw new ToolsearchError('direct-only-tool', DIRECT_ONLY_MESSAGE)
  const suggestions = suggestTools(entries, idOrName)
  throw new ToolsearchError('unknown-tool', unknownToolMessage(idOrName, suggestions), {suggestions})
}

/**
 * `lookupTool` over a policy-filtered catalog, for the CLI: a tool the policy denied still gets the
 * unknown-tool message (what the model would get), but as `tool-denied` with exit 3, "blocked by
 * policy" (§8.3), and a note saying so — the person running toolsearch owns the policy.
 */
export function lookupCatalogTool(catalog: Catalog, idOrName: string): CatalogEntry {
  try {
    return lookupTool(catalog.entries, idOrName)
  } catch (error) {
    const denied = (catalog.deniedEntries ?? []).some((entry) => entry.id === idOrName || entry.name === idOrName)
    if (!denied || !isToolsearchError(error) || error.code !== 'unknown-tool') throw error
    throw new ToolsearchError('tool-denied', error.message, {
      hint: `"${idOrName}" is denied by the tool policy (tools.allow / tools.deny, --allow / --deny): the model can neither describe nor call it.`,
    })
  }
}

/**
 * Up to three cataloged tools an unknown id probably meant, scored as OpenClaw's recovery does
 * (case-insensitive): +40 when the needle contains the tool's name or the id contains the needle,
 * +40 when a needle word is the whole name, +12 per needle word found among the words of the
 * tool's name, id, label and description, +8 when the label or description contains the needle.
 * Words are runs of `a-z0-9`. Highest score first, ties by `localeCompare`; a tool is named by its
 * name, or by its id where the name is shared; a score of 0 is no suggestion.
 */
export function suggestTools(entries: readonly CatalogEntry[], idOrName: string, limit = MAX_SUGGESTIONS): string[] {
  const cataloged = entries.filter((entry) => entry.visibility !== 'direct-only')
  const nameCounts = new Map<string, number>()
  for (const entry of cataloged) nameCounts.set(entry.name, (nameCounts.get(entry.name) ?? 0) + 1)
  const scored = cataloged
    .map((entry) => ({label: nameCounts.get(entry.name) === 1 ? entry.name : entry.id, score: suggestionScore(idOrName, entry)}))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score || a.label.localeCompare(b.label))
  return [...new Set(scored.map((candidate) => candidate.label))].slice(0, limit)
}

function suggestionScore(needle: string, entry: CatalogEntry): number {
  const lowerNeedle = needle.toLowerCase()
  const name = entry.name.toLowerCase()
  const label = (entry.label ?? '').toLowerCase()
  const description = entry.description.toLowerCase()
  const needleWords = lookupWords(needle)
  const entryWords = lookupWords(`${entry.name} ${entry.id} ${entry.label ?? ''} ${entry.description}`)
  let score = 0
  if ((name !== '' && lowerNeedle.includes(name)) || entry.id.toLowerCase().includes(lowerNeedle)) score += 40
  if (name !== '' && needleWords.has(name)) score += 40
  for (const word of needleWords) if (entryWords.has(word)) score += 12
  if (label.includes(lowerNeedle) || description.includes(lowerNeedle)) score += 8
  return score
}

function lookupWords(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^a-z0-9]+/u).filter((word) => word !== ''))
}

/**
 * A live MCP tool named as toolsearch named it before it followed OpenClaw's names: the id
 * `mcp:<server>:<tool>` (the server's configured name, the tool's own name) or the bare tool name,
 * where now the tool is `mcp:<safe server>:<safe server>__<tool>`; also `mcp:<server>:<name>`
 * (what `--server <server> <name>` asks for). Every tool that fits; never used for what the
 * model sends (OpenClaw knows only its own names).
 */
export function findByOldMcpName(entries: readonly CatalogEntry[], untrimmed: string): CatalogEntry[] {
  const idOrName = untrimmed.trim()
  const fits = idOrName.startsWith('mcp:')
    ? (entry: CatalogEntry) => idOrName === `mcp:${entry.mcp!.serverName}:${entry.mcp!.toolName}` || idOrName === `mcp:${entry.mcp!.serverName}:${entry.name}`
    : (entry: CatalogEntry) => idOrName === entry.mcp!.toolName
  return entries.filter((entry) => entry.mcp?.operation === 'tool' && entry.visibility !== 'direct-only' && fits(entry))
}

/** What a person's lookup found, and the note to show when they named the tool the old way. */
export interface PersonLookup {
  entry: CatalogEntry
  note?: string
}

/**
 * `lookupCatalogTool` for what a person types (`describe <id>`, `call <id>`): an unknown id or name
 * in the old form of a live MCP tool (`findByOldMcpName`) still finds it, with a one-line note
 * naming the id to use; an old name several servers' tools had is ambiguous.
 */
export function lookupToolForPerson(catalog: Catalog, idOrName: string): PersonLookup {
  try {
    return {entry: lookupCatalogTool(catalog, idOrName)}
  } catch (error) {
    if (!isToolsearchError(error) || error.code !== 'unknown-tool') throw error
    const found = findByOldMcpName(catalog.entries, idOrName)
    if (found.length === 0) throw error
    if (found.length > 1) throw new ToolsearchError('ambiguous-tool', ambiguousToolMessage(idOrName.trim()), {suggestions: found.map((entry) => entry.id)})
    const [entry] = found as [CatalogEntry]
    return {entry, note: `Note: "${idOrName.trim()}" is now ${entry.id} (OpenClaw's name for this MCP tool); use that id.`}
  }
}
