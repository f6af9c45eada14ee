/**
 * Search hits as the model sees them (SPEC §5.3): `{ id, source, sourceName, mcp?, name, label?,
 * description, input, output? }`, keys in that order (OpenClaw's). `input` is the compact
 * signature for trusted entries and `unknown` otherwise; `output` appears only when a trusted
 * output schema renders completely; `mcp` names the server and tool of an MCP entry.
 */
import type {CatalogEntry, McpProvenance, ToolSource} from '../catalog/types.js'
import {inputHint, outputHint} from '../hints/index.js'
import {truncateUtf16} from '../shared/utf16.js'

export type {McpProvenance} from '../catalog/types.js'

export interface SearchHit {
  id: string
  source: ToolSource
  sourceName: string
  mcp?: McpProvenance
  name: string
  label?: string
  description: string
  input: string
  output?: string
}

/** Longest model-safe server name (OpenClaw's prefix budget for `server__tool` names). */
const SAFE_SERVER_NAME_MAX = 30

/**
 * A server name as OpenClaw makes it safe for tool names: trimmed, every character other than
 * ASCII letters, digits, `_` and `-` replaced by `-`, `mcp` when nothing is left, `mcp-` in front
 * when it does not start with a letter, at most 30 UTF-16 code units. (OpenClaw also adds `-2`,
 * `-3`… when two configured servers come out the same; a catalog's `sourceName`s are already
 * distinct server keys, so that suffix is not reproduced.)
 */
export function safeServerName(name: string): string {
  const cleaned = name.trim().replace(/[^A-Za-z0-9_-]/g, '-') || 'mcp'
  const prefixed = /^[A-Za-z]/.test(cleaned) ? cleaned : `mcp-${cleaned}`
  return truncateUtf16(prefixed, SAFE_SERVER_NAME_MAX)
}

/** The entry's own provenance (a live server's tool), else one derived from a file entry's owner and name. */
function mcpProvenance(entry: CatalogEntry): McpProvenance {
  if (entry.mcp !== undefined) return {serverName: entry.mcp.serverName, safeServerName: entry.mcp.safeServerName, toolName: entry.mcp.toolName, operation: entry.mcp.operation}
  return {serverName: entry.sourceName, safeServerName: safeServerName(entry.sourceName), toolName: entry.name, operation: 'tool'}
}

/** The hit for `entry`. */
export function toSearchHit(entry: CatalogEntry): SearchHit {
  const hit: SearchHit = {
    id: entry.id,
    source: entry.source,
    sourceName: entry.sourceName,
    ...(entry.source === 'mcp' ? {mcp: mcpProvenance(entry)} : {}),
    name: entry.name,
    ...(entry.label === undefined ? {} : {label: entry.label}),
    description: entry.description,
    input: inputHint(entry),
  }
  const output = outputHint(entry)
  if (output !== undefined) hit.output = output
  return hit
}
