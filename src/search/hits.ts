/**
 * Search hits as the model sees them (SPEC §5.3): `{ id, source, sourceName, mcp?, name, label?,
 * description, input, output? }`, keys in that order (OpenClaw's). `input` is the compact
 * signature for trusted entries and `unknown` otherwise; `output` appears only when a trusted
 * output schema renders completely; `mcp` names the server and tool of an MCP entry.
 */
import type {CatalogEntry, McpProvenance, ToolSource} from '../catalog/types.js'
import {inputHint, outputHint} from '../hints/index.js'
import {safeServerName} from '../mcp/names.js'

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

/**
 * The entry's own provenance (a live server's tool, or one `catalog import` wrote), else one
 * derived from a file entry's owner and name — the golden corpus's convention, where a saved
 * tool keeps its name as written.
 */
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
