/**
 * The catalog data model (SPEC §4.2): every loader produces `CatalogEntry` values, and search,
 * describe, call, the directory and the payload report consume them. Nothing downstream looks at
 * the file a tool came from; `origin` is kept only to name it in messages.
 */

import type {SkippedTool} from './guard.js'
import type {JsonOrigin} from '../shared/json-path.js'
import type {McpSessionPool} from '../mcp/pool.js'
import type {McpServerConfig, UnavailableMcpServer} from '../mcp/types.js'

export type {SkippedTool}
/** MCP servers are the MCP client's concept (`mcp/types.ts`); the catalog names them too. */
export type {McpServerConfig, UnavailableMcpServer}

/** Where a tool comes from. Only `openclaw` tools are trusted. */
export type ToolSource = 'openclaw' | 'mcp' | 'client'

/** A JSON Schema as found in a catalog: untyped, possibly hostile, never assumed well-formed. */
export type JsonSchema = unknown

/** `{ "result": value }`: always returns `value`. */
export interface FixtureRun {
  kind: 'fixture'
  result: unknown
}

/** `{ "cases": [{ when, result }], "result"? }`: the first case whose `when` is a deep subset wins. */
export interface CasesRun {
  kind: 'cases'
  cases: Array<{when: unknown; result: unknown}>
  /** The default when no case matches; absent means "no default" (a tool error). */
  result?: unknown
  hasDefault: boolean
}

/** `{ "command": [argv0, ...], timeoutMs?, cwd?, env? }`: spawned without a shell. */
export interface CommandRun {
  kind: 'command'
  command: string[]
  timeoutMs?: number
  /** Resolved against the catalog file's directory. */
  cwd?: string
  env?: Record<string, string>
}

/**
 * What OpenClaw makes of one MCP server's offer: a tool it lists, or one of the four operations
 * over its resources and prompts that OpenClaw adds as tools of their own.
 */
export type McpOperation = 'tool' | 'resources_list' | 'resources_read' | 'prompts_list' | 'prompts_get'

/**
 * OpenClaw's provenance of an MCP entry (the `mcp` object of a hit): the server's configured name,
 * the model-safe name its tools are prefixed with, the tool's own name on the server (for an
 * operation, the operation's name) and the operation.
 */
export interface McpProvenance {
  serverName: string
  safeServerName: string
  toolName: string
  operation: McpOperation
}

/** A tool served by a live MCP server named in an `mcpServers` block. */
export interface McpRun {
  kind: 'mcp'
  /** The server's key in `mcpServers`. */
  server: string
  /** The tool's name on that server (for an operation over resources or prompts, the operation's name). */
  tool: string
  /** What the call does on the server; absent means `tools/call` of `tool`. */
  operation?: McpOperation
}

export type RunSpec = FixtureRun | CasesRun | CommandRun | McpRun

/** How a tool reaches the model (SPEC §4.2). */
export type Visibility =
  /** `catalogMode: "direct-only"`: never cataloged; stays a provider tool. */
  | 'direct-only'
  /** Core coding primitives (`read`, `write`, … with sourceName `core`): cataloged and directly visible. */
  | 'direct-and-cataloged'
  /** Everything else: reachable only through tool_search / tool_describe / tool_call. */
  | 'deferred'

export interface CatalogEntry {
  /** `<source>:<sourceName>:<name>`, e.g. `openclaw:core:read`, `mcp:github:create_issue`. */
  id: string
  name: string
  source: ToolSource
  /** Owner: plugin or server name; `core` for openclaw and `client` for client tools by default. */
  sourceName: string
  /** Always a string; `''` when the catalog has none. */
  description: string
  label?: string
  /**
   * Set for the tools of a live MCP server, as OpenClaw materializes them (the entry's `name` is
   * then `<safeServerName>__<tool>`). Absent for MCP entries read from a file, whose provenance is
   * derived from `sourceName` and `name`.
   */
  mcp?: McpProvenance
  /** Input JSON Schema as authored (untrusted unless `trusted`). */
  parameters?: JsonSchema
  /** Output JSON Schema; kept only for trusted entries. */
  outputSchema?: JsonSchema
  /**
   * Where the model is given this tool directly in another form than its catalog entry (some of
   * OpenClaw's own tools are), the description and parameters of that provider definition.
   */
  providerDefinition?: {description?: string; parameters?: JsonSchema}
  /** Only `openclaw` entries are trusted: parameters indexed, hinted, validated. */
  trusted: boolean
  visibility: Visibility
  requiresApproval: boolean
  /** How a call executes; absent means the tool cannot be called from this catalog. */
  run?: RunSpec
  /**
   * Where the entry was defined, for messages: file and JSON path (`tools[3]`); its line and
   * column too when the catalog was loaded with `locations` (lint points at them).
   */
  origin: JsonOrigin
}

export interface Catalog {
  entries: CatalogEntry[]
  /**
   * Servers kept open after listing, for the step that follows (a call reuses the session its
   * server was listed over). Set only when the caller asked for it; the caller closes them.
   */
  mcpSessions?: McpSessionPool
  /**
   * Tools left out for a defect inside them (nesting, size, `__proto__`; see `catalog/guard.ts`):
   * absent from search, describe and call, each named in one warning.
   */
  skippedTools?: SkippedTool[]
  /** Servers declared by the loaded files, by key (sourceName of their entries). */
  mcpServers: Record<string, McpServerConfig>
  /** Servers that could not be started, reached or listed; their tools are absent. */
  unavailableMcpServers: UnavailableMcpServer[]
  /**
   * Entries the tool policy removed (set by `applyToolPolicy`). Nothing may search, describe or
   * call them; they are kept only so the CLI can tell its operator why a tool is "unknown".
   */
  deniedEntries?: CatalogEntry[]
}
