/**
 * OpenClaw's own tools (core and its bundled plugins), per OpenClaw release: the data in
 * `data/openclaw-tools/<release>.json`, extracted from real runs of that release by
 * `scripts/openclaw-tools.js` (MIT, licence beside it). Each tool as OpenClaw catalogs it — name,
 * owner, label, description, parameters, output schema — with its visibility (deferred, directly
 * visible and cataloged, or direct-only) and, where the model is given it directly in another
 * form, that provider form.
 *
 * Read lazily: only a command that builds a catalog from an OpenClaw config (or is asked to with
 * `--openclaw-tools <release>`) reads the file, once per process.
 */
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {isRecord} from '../../shared/json.js'
import {ToolsearchError, usageError} from '../../shared/errors.js'
import {packageRoot} from '../../shared/package-root.js'
import {toolId} from '../entries.js'
import type {CatalogEntry, JsonSchema, Visibility} from '../types.js'

import {NO_OPENCLAW_TOOLS} from './release.js'

export {DEFAULT_OPENCLAW_TOOLS_RELEASE, NO_OPENCLAW_TOOLS} from './release.js'
/** The owner of OpenClaw's core tools; every other owner is a bundled plugin's id. */
export const CORE_OWNER = 'core'

const VISIBILITIES: ReadonlySet<string> = new Set<Visibility>(['deferred', 'direct-and-cataloged', 'direct-only'])
const RELEASE_FILE = /^(\d{4}\.\d+\.\d+)\.json$/u

/** One tool of the data file. */
interface OpenClawToolData {
  name: string
  owner: string
  visibility: Visibility
  label?: string
  description: string
  parameters?: JsonSchema
  outputSchema?: JsonSchema
  provider?: {description?: string; parameters?: JsonSchema}
}

function dataDirectory(): string {
  return join(packageRoot(), 'data', 'openclaw-tools')
}

/** The releases whose tools toolsearch ships, oldest first. */
export function openClawToolsReleases(): string[] {
  let names: string[]
  try {
    names = readdirSync(dataDirectory())
  } catch {
    return []
  }
  return names
    .flatMap((name) => RELEASE_FILE.exec(name)?.[1] ?? [])
    .sort((a, b) => {
      const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)]
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!
    })
}

const cache = new Map<string, readonly CatalogEntry[]>()

/**
 * OpenClaw's own tools of `release` as catalog entries (`openclaw:<owner>:<name>`, trusted, no
 * executor: toolsearch cannot run them), in the data's order (by name). An unknown release is a
 * usage error naming the ones shipped.
 */
export function openClawToolEntries(release: string): readonly CatalogEntry[] {
  const cached = cache.get(release)
  if (cached !== undefined) return cached
  const releases = openClawToolsReleases()
  if (!releases.includes(release)) {
    const known = releases.length === 0 ? 'none is installed' : `toolsearch knows ${releases.join(', ')}`
    throw usageError(`--openclaw-tools ${release}: no data for OpenClaw ${release} (${known}). Pass one of those, or "${NO_OPENCLAW_TOOLS}".`)
  }
  const file = join(dataDirectory(), `${release}.json`)
  const tools = parseToolsData(JSON.parse(readFileSync(file, 'utf8')), file)
  const entries = tools.map((tool, index) => toEntry(tool, release, index))
  cache.set(release, entries)
  return entries
}

/** The plugin a tool belongs to for OpenClaw's tool policy: none for a core tool. */
export function pluginIdOf(entry: Pick<CatalogEntry, 'sourceName'>): string | undefined {
  return entry.sourceName === CORE_OWNER ? undefined : entry.sourceName
}

function toEntry(tool: OpenClawToolData, release: string, index: number): CatalogEntry {
  const entry: CatalogEntry = {
    id: toolId('openclaw', tool.owner, tool.name),
    name: tool.name,
    source: 'openclaw',
    sourceName: tool.owner,
    description: tool.description,
    trusted: true,
    visibility: tool.visibility,
    requiresApproval: false,
    origin: {file: `OpenClaw ${release}`, path: ['tools', index]},
  }
  if (tool.label !== undefined) entry.label = tool.label
  if (tool.parameters !== undefined) entry.parameters = tool.parameters
  if (tool.outputSchema !== undefined) entry.outputSchema = tool.outputSchema
  if (tool.provider !== undefined) entry.providerDefinition = tool.provider
  return entry
}

/** The shipped file is read as any input is: a damaged install says so instead of misbehaving. */
function parseToolsData(data: unknown, file: string): OpenClawToolData[] {
  const broken = (problem: string) => new ToolsearchError('internal', `The OpenClaw tools data ${file} is damaged (${problem}); reinstall toolsearch.`)
  if (!isRecord(data) || !Array.isArray(data.tools)) throw broken('no "tools" array')
  return data.tools.map((tool: unknown, index: number): OpenClawToolData => {
    const at = `tools[${index}]`
    if (!isRecord(tool)) throw broken(`${at} is not an object`)
    for (const key of ['name', 'owner', 'description'] as const) if (typeof tool[key] !== 'string') throw broken(`${at}.${key} is not a string`)
    if (typeof tool.visibility !== 'string' || !VISIBILITIES.has(tool.visibility)) throw broken(`${at}.visibility is not one of ${[...VISIBILITIES].join(', ')}`)
    if (tool.label !== undefined && typeof tool.label !== 'string') throw broken(`${at}.label is not a string`)
    if (tool.provider !== undefined && !isRecord(tool.provider)) throw broken(`${at}.provider is not an object`)
    return tool as unknown as OpenClawToolData
  })
}
