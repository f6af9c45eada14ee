/**
 * Tool lookup by id or name (SPEC §8.1), shared by `describe` and `call`, with the exact
 * model-facing messages. Lookups run over policy-filtered entries, so a denied tool is unknown.
 *
 * Order: exact id; else exact name (case-sensitive) among cataloged entries — one wins, two or
 * more are ambiguous; a name or id that only a `direct-only` tool has gets the direct-only
 * message; anything else is unknown, with up to three near names as suggestions.
 */
import type {Catalog, CatalogEntry} from '../catalog/types.js'
import {ExitCode, ToolsearchError, isToolsearchError} from '../errors.js'
import {compareByCodeUnits} from '../search/order.js'
import {editDistance, suggestionThreshold} from './suggest.js'

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
export function lookupTool(entries: readonly CatalogEntry[], idOrName: string): CatalogEntry {
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
      exitCode: ExitCode.blocked,
      hint: `"${idOrName}" is denied by the tool policy (tools.allow / tools.deny, --allow / --deny): the model can neither describe nor call it.`,
    })
  }
}

/**
 * Up to three cataloged tools near `idOrName` by edit distance (case-insensitive, against name and
 * id, within `suggestionThreshold`), nearest first, ties in code-unit order; each named by its
 * name, or by its id where the name is shared.
 */
export function suggestTools(entries: readonly CatalogEntry[], idOrName: string, limit = MAX_SUGGESTIONS): string[] {
  const cataloged = entries.filter((entry) => entry.visibility !== 'direct-only')
  const nameCounts = new Map<string, number>()
  for (const entry of cataloged) nameCounts.set(entry.name, (nameCounts.get(entry.name) ?? 0) + 1)
  const target = idOrName.toLowerCase()
  const scored: Array<{label: string; distance: number}> = []
  for (const entry of cataloged) {
    const distance = Math.min(nearDistance(target, entry.name), nearDistance(target, entry.id))
    if (distance === Number.POSITIVE_INFINITY) continue
    scored.push({label: nameCounts.get(entry.name) === 1 ? entry.name : entry.id, distance})
  }
  scored.sort((a, b) => a.distance - b.distance || compareByCodeUnits(a.label, b.label))
  return [...new Set(scored.map((item) => item.label))].slice(0, limit)
}

/** Edit distance when within the suggestion threshold, else infinity (length alone rules most out cheaply). */
function nearDistance(target: string, candidate: string): number {
  const threshold = suggestionThreshold(target, candidate)
  if (Math.abs(target.length - candidate.length) > threshold) return Number.POSITIVE_INFINITY
  const distance = editDistance(target, candidate.toLowerCase())
  return distance <= threshold ? distance : Number.POSITIVE_INFINITY
}
