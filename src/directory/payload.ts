/**
 * The payload report (SPEC §7): what each way of exposing a catalog sends to the model before the
 * first user message, in bytes and estimated tokens.
 *
 * - `direct`: every policy-allowed tool as a provider tool definition, no controls, no directory.
 * - `tools`: the three controls (OpenClaw's definitions, for the default search limit in
 *   effect), the directly visible tools (direct-only tools and the core primitives) as provider
 *   tool definitions, and the directory text with the `tools` footer.
 * - `directory`: the same pieces with the `directory` footer. Deferred tools are callable by name
 *   in that mode, but their schemas are still not sent up front, so only the footer differs.
 *
 * A provider tool definition is `{ name, description, parameters }` (a missing or non-object
 * schema counts as `{ "type": "object", "properties": {} }`); a surface's tool definitions are
 * measured as one compact JSON array, UTF-8 encoded, plus the directory text's UTF-8 bytes.
 * Tokens are estimated as ceil(bytes / 4), the usual rule of thumb for English text and JSON; the
 * ratios do not depend on it.
 */
import {isRecord} from '../shared/json.js'
import {countTools} from '../catalog/entries.js'
import type {CatalogEntry} from '../catalog/types.js'
import {type Style, plural, styler} from '../output/style.js'
import {TOOL_SEARCH_DEFAULTS} from '../config/effective.js'
import {compareIds} from '../shared/order.js'
import {type ToolDefinition, controlTools} from './controls.js'
import {type Directory, renderDirectory} from './render.js'
import {type Column, renderColumns} from '../output/columns.js'

export const BYTES_PER_TOKEN = 4
export const TOKEN_ESTIMATE = 'ceil(bytes / 4)'

const EMPTY_OBJECT_SCHEMA = {type: 'object', properties: {}}

export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / BYTES_PER_TOKEN)
}

/** The provider tool definition a model would get for this entry if it were directly visible. */
export function toolDefinition(entry: CatalogEntry): ToolDefinition {
  const given = entry.providerDefinition?.parameters ?? entry.parameters
  const parameters = isRecord(given) ? given : EMPTY_OBJECT_SCHEMA
  return {name: entry.name, description: entry.providerDefinition?.description ?? entry.description, parameters}
}

export interface SurfacePayload {
  /** Total UTF-8 bytes sent up front. */
  bytes: number
  /** ceil(bytes / 4). */
  tokens: number
  /** Provider tool definitions sent (controls included). */
  toolDefinitions: number
  /** Bytes of those definitions, as one JSON array. */
  schemaBytes: number
  /** Bytes of the directory text (0 for `direct`). */
  directoryBytes: number
  /** bytes / direct bytes. */
  ratio: number
}

export interface PayloadReport {
  /** How tokens are estimated. */
  tokenEstimate: string
  /** The tools in the catalog (`countTools`). */
  entries: number
  /** Entries that stay directly visible under Tool Search. */
  directlyVisible: number
  /** Entries reachable only through the controls. */
  deferred: number
  contextWindow?: number
  direct: SurfacePayload
  tools: SurfacePayload
  directory: SurfacePayload
}

export interface PayloadOptions {
  contextWindow?: number
  /** The default search limit in effect, which `tool_search`'s definition states (default 8). */
  searchDefaultLimit?: number
}

/** The three ways of exposing a catalog to a model (SPEC §7). */
export type Surface = 'direct' | 'tools' | 'directory'

export const SURFACES: readonly Surface[] = ['direct', 'tools', 'directory']

/** What a surface offers the model before the first user message. */
export interface SurfaceOffer {
  /** Provider tool definitions, in the order OpenClaw sends them: by name (`localeCompare`, as OpenClaw orders its tools). */
  definitions: ToolDefinition[]
  /** The capability directory of the Tool Search modes; absent for `direct`. */
  directory?: Directory
}

/**
 * What one surface sends up front for `entries`: `direct` every entry's definition; `tools` and
 * `directory` the three controls, the directly visible entries and the directory for that mode.
 * The entries are taken as given: a caller that wants a mode's membership (`entriesForMode`)
 * applies it first.
 */
export function surfaceOffer(entries: readonly CatalogEntry[], surface: Surface, options: PayloadOptions = {}): SurfaceOffer {
  if (surface === 'direct') return {definitions: byName(entries.map(toolDefinition))}
  const controls = controlTools(options.searchDefaultLimit ?? TOOL_SEARCH_DEFAULTS.searchDefaultLimit)
  const visible = entries.filter((entry) => entry.visibility !== 'deferred').map(toolDefinition)
  return {definitions: byName([...controls, ...visible]), directory: renderDirectory(entries, {mode: surface, contextWindow: options.contextWindow})}
}

function byName(definitions: ToolDefinition[]): ToolDefinition[] {
  return definitions.sort((a, b) => compareIds(a.name, b.name))
}

/**
 * The up-front bytes: what the three surfaces send for a catalog, the one measure `payload` and
 * `lint`'s payload rule report. `entries` are the tools in the catalog (policy applied, direct-only
 * tools included: they are sent in every surface), never the searchable subset.
 */
export function payloadReport(entries: readonly CatalogEntry[], options: PayloadOptions = {}): PayloadReport {
  const counts = countTools(entries)
  const measure = (kind: Surface) => {
    const offer = surfaceOffer(entries, kind, options)
    return surface(offer.definitions, offer.directory?.text ?? '')
  }
  const direct = measure('direct')
  const withRatio = (payload: Omit<SurfacePayload, 'ratio'>): SurfacePayload => ({...payload, ratio: payload.bytes / direct.bytes})
  return {
    tokenEstimate: TOKEN_ESTIMATE,
    entries: counts.tools,
    directlyVisible: counts.directlyVisible,
    deferred: counts.deferred,
    ...(options.contextWindow === undefined ? {} : {contextWindow: options.contextWindow}),
    direct: withRatio(direct),
    tools: withRatio(measure('tools')),
    directory: withRatio(measure('directory')),
  }
}

function surface(definitions: readonly ToolDefinition[], directoryText: string): Omit<SurfacePayload, 'ratio'> {
  const schemaBytes = Buffer.byteLength(JSON.stringify(definitions), 'utf8')
  const directoryBytes = Buffer.byteLength(directoryText, 'utf8')
  const bytes = schemaBytes + directoryBytes
  return {bytes, tokens: estimateTokens(bytes), toolDefinitions: definitions.length, schemaBytes, directoryBytes}
}

const SURFACE_LABELS: Array<[key: 'direct' | 'tools' | 'directory', label: string]> = [
  ['direct', 'direct'],
  ['tools', 'tools mode'],
  ['directory', 'directory mode'],
]

/** Fixed grouping so the report reads the same on every machine. */
function formatCount(value: number): string {
  return value.toLocaleString('en-US')
}

export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`
}

/** What a surface saves of the direct surface's bytes, as a share (0.279 for 27.9%); tools mode unless said. */
export function savedShare(report: PayloadReport, surface: 'tools' | 'directory' = 'tools'): number {
  return (report.direct.bytes - report[surface].bytes) / report.direct.bytes
}

/** The human report: a table of the three surfaces and one line on whether compaction pays. */
export function renderPayloadReport(report: PayloadReport, {color}: {color: boolean}): string {
  const style = styler(color)
  const rows = SURFACE_LABELS.map(([key, label]) => {
    const payload = report[key]
    return [label, formatCount(payload.bytes), formatCount(payload.tokens), formatPercent(payload.ratio)]
  })
  const header = ['surface', 'bytes', 'tokens', 'of direct']
  const [headerLine, ...rowLines] = renderColumns([header, ...rows], header.map((_, column): Column => (column === 0 ? {} : {align: 'right'})))
  const window = report.contextWindow === undefined ? '' : `, context window ${formatCount(report.contextWindow)} tokens`
  return [
    style.bold(`Up-front payload for ${plural(report.entries, 'tool', 'tools', formatCount)} (${formatCount(report.directlyVisible)} directly visible, ${formatCount(report.deferred)} deferred${window})`),
    `Tokens are estimated as ${report.tokenEstimate}.`,
    '',
    style.dim(headerLine!),
    ...rowLines,
    '',
    verdict(report, style),
  ].join('\n')
}

function verdict(report: PayloadReport, style: Style): string {
  const costly = SURFACE_LABELS.filter(([key]) => key !== 'direct' && report[key].bytes >= report.direct.bytes)
  if (costly.length > 0) {
    const extra = costly.map(([key, label]) => `${label} sends ${formatCount(report[key].bytes - report.direct.bytes)} bytes more`).join(', ')
    return style.yellow(`Compaction costs more than it saves for this catalog: ${extra} than exposing every tool directly.`)
  }
  const saved = report.direct.bytes - report.tools.bytes
  return style.green(`Tool Search saves ${formatPercent(savedShare(report))} up front in tools mode: ${formatCount(saved)} bytes (~${formatCount(estimateTokens(saved))} tokens) less than exposing every tool directly.`)
}
