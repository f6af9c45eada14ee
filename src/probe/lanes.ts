/**
 * A lane: one way of exposing the catalog to the model, and the request OpenClaw builds for it.
 *
 * - `direct`: every tool of the catalog as a provider tool definition (Tool Search off); no
 *   directory. Any tool is called by its name.
 * - `tools`: Tool Search in `tools` mode: the three controls and the directly visible tools as
 *   definitions, the directory (with the `tools` footer) in the system prompt under
 *   `### Deferred Tool Schemas`. Only visible tools are called by name; the rest through the controls.
 * - `directory`: the same in `directory` mode (its membership and footer: client tools are not
 *   cataloged, so they stay provider tools of their own), where a deferred tool whose name is
 *   unique may also be called directly by that name.
 *
 * The definitions and the directory come from `surfaceOffer` (src/directory/payload.ts), the same
 * code `payload` measures, so the tools array and the section are OpenClaw's byte for byte.
 * The rest of OpenClaw's system prompt (about 40 kB in the recordings) is not reproduced: the
 * system message is the user's own `--system-prompt-file` text, if any, then the section.
 */
import {catalogedEntries, entriesForMode} from '../catalog/index.js'
import type {Catalog, CatalogEntry} from '../catalog/types.js'
import type {ToolDefinition} from '../directory/controls.js'
import {type Directory, directorySection} from '../directory/render.js'
import {type Surface, surfaceOffer, toolDefinition} from '../directory/payload.js'
import {compareIds} from '../shared/order.js'
import {usageError} from '../shared/errors.js'
import type {ChatTool} from './client.js'

export type Lane = Surface

export const LANES: readonly Lane[] = ['direct', 'tools', 'directory']

export interface LaneSetup {
  lane: Lane
  /** The catalog as the lane's controls see it (the mode's membership). */
  catalog: Catalog
  /** The request's `tools`, in the order sent. */
  tools: ChatTool[]
  /** The system message, or undefined when there is nothing to say (direct, no prompt file). */
  system?: string
  directory?: Directory
  /** Tools the model may call by their own name in this lane. */
  callableByName: Map<string, CatalogEntry>
}

/** `--lanes direct,tools`: known names, each once, in the order given. */
export function parseLanes(value: string): Lane[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  if (names.length === 0) throw usageError('--lanes names no lane; use direct, tools, directory or a comma-separated list of them.')
  const unknown = names.filter((name) => !(LANES as readonly string[]).includes(name))
  if (unknown.length > 0) throw usageError(`Unknown lane ${unknown.map((name) => JSON.stringify(name)).join(', ')}: the lanes are ${LANES.join(', ')}.`)
  return [...new Set(names)] as Lane[]
}

/** A provider tool definition as a Chat Completions `tools` entry. */
export function chatTool(definition: ToolDefinition): ChatTool {
  return {type: 'function', function: {name: definition.name, description: definition.description, parameters: definition.parameters}}
}

export interface LaneOptions {
  searchDefaultLimit: number
  contextWindow?: number
  /** `--system-prompt-file`'s text. */
  systemPrompt?: string
}

/** The request a lane sends for `catalog` (policy applied, every loaded tool). */
export function setUpLane(lane: Lane, catalog: Catalog, options: LaneOptions): LaneSetup {
  const payloadOptions = {searchDefaultLimit: options.searchDefaultLimit, ...(options.contextWindow === undefined ? {} : {contextWindow: options.contextWindow})}
  if (lane === 'direct') {
    const offer = surfaceOffer(catalog.entries, 'direct', payloadOptions)
    return {lane, catalog, tools: offer.definitions.map(chatTool), ...systemOf(options.systemPrompt, undefined), callableByName: uniqueNames(catalog.entries)}
  }
  const members = entriesForMode(catalog.entries, lane)
  const offer = surfaceOffer(members, lane, payloadOptions)
  const memberIds = new Set(members.map((entry) => entry.id))
  // Tools the mode does not catalog (client tools in directory mode) stay the model's own tools.
  const uncataloged = catalog.entries.filter((entry) => !memberIds.has(entry.id)).map(toolDefinition)
  const definitions = uncataloged.length === 0 ? offer.definitions : [...offer.definitions, ...uncataloged].sort((a, b) => compareIds(a.name, b.name))
  const visible = [...members.filter((entry) => entry.visibility !== 'deferred'), ...catalog.entries.filter((entry) => !memberIds.has(entry.id))]
  const byName = uniqueNames(visible)
  if (lane === 'directory') {
    // "Call a unique deferred tool name directly": a cataloged name no other tool shares.
    for (const [name, entry] of uniqueNames(catalogedEntries(members))) if (!byName.has(name)) byName.set(name, entry)
  }
  return {lane, catalog: {...catalog, entries: members}, tools: definitions.map(chatTool), ...systemOf(options.systemPrompt, offer.directory), directory: offer.directory, callableByName: byName}
}

function systemOf(prompt: string | undefined, directory: Directory | undefined): {system?: string} {
  const parts = [prompt?.trimEnd(), directory === undefined ? undefined : directorySection(directory)].filter((part): part is string => part !== undefined && part !== '')
  return parts.length === 0 ? {} : {system: parts.join('\n\n')}
}

/** Entries by name, for names exactly one entry has. */
function uniqueNames(entries: readonly CatalogEntry[]): Map<string, CatalogEntry> {
  const counts = new Map<string, number>()
  for (const entry of entries) counts.set(entry.name, (counts.get(entry.name) ?? 0) + 1)
  return new Map(entries.filter((entry) => counts.get(entry.name) === 1).map((entry) => [entry.name, entry]))
}
