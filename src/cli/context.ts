/**
 * The loader every catalog command shares: config → effective Tool Search settings and tool
 * policy (config ∪ `--allow`/`--deny`) → catalogs → policy applied. Diagnostics (config warnings,
 * tools skipped for a defect inside them, MCP servers that could not be used) go to stderr through
 * `note`; the data comes back.
 */
import {applyToolPolicy, entriesForMode, formatSkippedTool, loadCatalogs, mergeToolPolicies, type LoadCatalogOptions, type ToolPolicy} from '../catalog/index.js'
import type {McpSessionPool} from '../mcp/pool.js'
import {OPENCLAW_SERVERS_PATH} from '../catalog/mcp/openclaw-servers.js'
import {type CatalogSourceFlags, resolveCatalogSources} from '../discovery/catalog-sources.js'
import type {Catalog, UnavailableMcpServer} from '../catalog/types.js'
import {type EffectiveToolSearchSettings, type LoadedConfig, effectiveToolSearchSettings, loadConfig, toolPolicyFromConfig, TOOL_SEARCH_READS, warningsFor} from '../config/index.js'
import {locateOptions} from '../config/cli.js'
import type {DirectoryMode} from '../directory/render.js'
import {safeInline} from '../output/terminal.js'
import {DEFAULT_OPENCLAW_TOOLS_RELEASE, NO_OPENCLAW_TOOLS} from '../catalog/openclaw-tools/release.js'

/** The flags of `catalogFlags`, `configFlags` and `modelFlags` (all optional but `catalog`). */
export interface CatalogContextFlags extends CatalogSourceFlags {
  owner?: string
  allow?: string[]
  deny?: string[]
  config?: string
  profile?: string
  dev?: boolean
  project?: boolean
  provider?: string
  model?: string
  'base-url'?: string
  /** `--mode`, where a command has it: overrides the config's Tool Search mode. */
  mode?: string
  /** `--timeout`: each MCP server's limit to start and list its tools (an OpenClaw server's own connectionTimeoutMs first). */
  timeout?: number
  agent?: string
  /** `--openclaw-tools <release>|none`: OpenClaw's own tools of that release (default: the latest, for a catalog from the config). */
  'openclaw-tools'?: string
}

export interface CatalogContextIo {
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** Writes one diagnostic line to stderr. */
  note: (line: string) => void
  /** Show progress lines (MCP servers starting): true on a TTY. */
  progress?: boolean
  /** Which declared MCP servers to start (see `LoadCatalogOptions.selectMcpServers`). */
  selectMcpServers?: LoadCatalogOptions['selectMcpServers']
  /** Keep listed servers open for a later step of the command (the command closes the pool). */
  mcpSessions?: McpSessionPool
  /**
   * The command needs nothing but the selected MCP servers (a tool id or `--server` named them):
   * if none of them can be used it fails with exit 4, whatever other catalogs hold.
   */
  mcpOnly?: boolean
  /** Where the files' entries are kept between runs (`--cache`); none: every file is read and parsed. */
  entriesCache?: LoadCatalogOptions['entriesCache']
  /** Keep where each tool and server is written (`LoadCatalogOptions.locations`). */
  locations?: boolean
  /**
   * Hold the catalog as OpenClaw builds it for the mode in force (see `entriesForMode`): what the
   * model-facing commands (directory, search, describe, call) must see. Without it the catalog
   * holds every loaded tool the policy allows, whatever the mode.
   */
  modeMembership?: boolean
}

export interface CatalogContext {
  config: LoadedConfig
  /** Effective `tools.toolSearch` settings, local-model overlay applied. */
  settings: EffectiveToolSearchSettings
  /** The policy in force: config `tools.allow`/`tools.deny` plus the flags. */
  policy: ToolPolicy
  /** The Tool Search mode in force: `--mode`, else the config's. */
  mode: DirectoryMode
  /** The loaded catalogs with denied tools removed (and restricted to the mode's members on request). */
  catalog: Catalog
  /** How many loaded tools the policy removed. */
  denied: number
  /** What the catalog is made of, one label a source (files, `--stdio "…"`, `mcp.servers of <file>`). */
  sources: string[]
  /**
   * The model's context window as the config declares it for the turn's model (the agent's
   * primary model, or `--provider`/`--model`): what OpenClaw sizes the directory with.
   */
  contextWindow?: number
}

/** The config in effect and its Tool Search settings, for a command that needs no catalog. */
export async function loadSettingsContext(flags: CatalogContextFlags, io: Pick<CatalogContextIo, 'cwd' | 'env'>): Promise<{config: LoadedConfig; settings: EffectiveToolSearchSettings}> {
  const config = await loadConfig(locateOptions(flags, io.cwd ?? process.cwd(), io.env ?? process.env))
  const settings = effectiveToolSearchSettings(config.value, {provider: flags.provider, model: flags.model, baseUrl: flags['base-url'], agent: flags.agent})
  return {config, settings}
}

export async function loadCatalogContext(flags: CatalogContextFlags, io: CatalogContextIo): Promise<CatalogContext> {
  const cwd = io.cwd ?? process.cwd()
  const env = io.env ?? process.env
  const {config, settings} = await loadSettingsContext(flags, io)
  const sources = await resolveCatalogSources(flags, config, {cwd, env, openclawTools: flags['openclaw-tools'] !== NO_OPENCLAW_TOOLS, locations: io.locations})
  // On a terminal, MCP server start-up shows as one line that updates in place and is cleared after.
  // Asked only once servers start (those of the files too): asking makes process.stderr (output/stdout.ts).
  const startProgress = async () => (io.progress === true ? (await import('../mcp/progress.js')).ttyProgressLine(process.stderr) : undefined)
  if (sources.notice !== undefined) io.note(sources.notice)
  // A catalog from the config is the one OpenClaw builds for the turn, under OpenClaw's own tool
  // policy; a named catalog keeps toolsearch's (tools.allow/deny, SPEC §4.4).
  const release = flags['openclaw-tools'] ?? (sources.fromOpenClawConfig === true ? DEFAULT_OPENCLAW_TOOLS_RELEASE : NO_OPENCLAW_TOOLS)
  const openclaw = sources.fromOpenClawConfig === true || release !== NO_OPENCLAW_TOOLS ? await import('../catalog/openclaw-turn.js') : undefined
  const turn = sources.fromOpenClawConfig === true ? openclaw!.openClawTurn(config.value, {agentId: flags.agent, provider: flags.provider, model: flags.model, openclawTools: release}) : undefined
  const ownTools = turn?.ownTools ?? (release === NO_OPENCLAW_TOOLS ? [] : openclaw!.openClawToolEntries(release))
  const policy = mergeToolPolicies(turn === undefined ? toolPolicyFromConfig(config.value) : {allow: [], deny: []}, {allow: flags.allow, deny: flags.deny})
  // ${VAR} warnings only for what this command reads: Tool Search's settings and policy, and the
  // config's MCP servers when it starts them.
  const reads = [...TOOL_SEARCH_READS, ...Object.keys(sources.servers).map((name) => [...OPENCLAW_SERVERS_PATH, name])]
  for (const warning of warningsFor(config.warnings, reads)) io.note(`Warning: ${safeInline(warning.message)}`)
  const selectMcpServers = turn === undefined ? io.selectMcpServers : (declared: readonly string[]) => (io.selectMcpServers ?? ((all) => all))(openclaw!.serversOpenClawStarts(turn, declared))
  const loaded = await loadCatalogs(sources.files, {owner: flags.owner, cwd, env, startProgress, mcpTimeoutMs: flags.timeout, selectMcpServers, mcpSessions: io.mcpSessions, servers: sources.servers, openclawTools: ownTools, entriesCache: io.entriesCache, locations: io.locations})
  for (const skipped of loaded.skippedTools ?? []) io.note(formatSkippedTool(skipped))
  if (noMcpServerAnswered(loaded, io.mcpOnly === true)) {
    const {noMcpServerError} = await import('../catalog/mcp/index.js')
    throw noMcpServerError(loaded.unavailableMcpServers)
  }
  if (loaded.unavailableMcpServers.length > 0) {
    const {formatUnavailableMcpServer} = await import('../catalog/mcp/index.js')
    for (const server of loaded.unavailableMcpServers) io.note(`Warning: ${formatUnavailableMcpServer(server)}; its tools are absent.`)
  }
  if (turn !== undefined) for (const warning of openclaw!.turnWarnings(turn, loaded.entries, Object.keys(sources.servers), release)) io.note(`Warning: OpenClaw would log: ${safeInline(warning)}`)
  const allowed = applyToolPolicy(turn === undefined ? loaded : {...loaded, entries: loaded.entries.filter((entry) => openclaw!.turnAllows(turn, entry))}, policy)
  const mode = (flags.mode as DirectoryMode | undefined) ?? settings.mode
  const catalog = io.modeMembership === true ? {...allowed, entries: entriesForMode(allowed.entries, mode)} : allowed
  // OpenClaw's own tools its policy removed were never loaded: count them too.
  const ownDenied = turn === undefined || release === NO_OPENCLAW_TOOLS ? 0 : openclaw!.openClawToolEntries(release).length - turn.ownTools.length
  const denied = loaded.entries.length - allowed.entries.length + ownDenied
  return {config, settings, policy, mode, catalog, denied, sources: sources.labels, ...(turn?.contextWindow === undefined ? {} : {contextWindow: turn.contextWindow})}
}

/**
 * Exit codes tell the truth: when the catalog was to come from MCP servers alone (no other
 * catalog holds a tool, or the command named the servers it needs) and none of them could be
 * used, there is nothing to show or call — that is "executor unavailable", not "nothing found".
 */
function noMcpServerAnswered(loaded: Catalog, mcpOnly: boolean): boolean {
  const servers = Object.keys(loaded.mcpServers).length
  if (servers === 0 || loaded.unavailableMcpServers.length < servers) return false
  return mcpOnly || loaded.entries.length === 0
}

/**
 * `{ unavailableMcpServers }` for a command's `--json` output when some MCP server could not be
 * started, reached or listed (its tools are absent); `{}` when every server was used.
 */
export function unavailableMcpServersField(catalog: Catalog): {unavailableMcpServers?: UnavailableMcpServer[]} {
  return catalog.unavailableMcpServers.length > 0 ? {unavailableMcpServers: catalog.unavailableMcpServers} : {}
}
