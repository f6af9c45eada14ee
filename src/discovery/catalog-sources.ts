/**
 * Where a command's catalog comes from. In order:
 * - `--catalog` files and directories (native catalogs, `mcpServers` configs, …), and `--catalog
 *   <client>` for the servers an MCP client is configured with (`src/discovery/clients.ts`);
 * - an ad-hoc server typed on the command line (`--stdio`, `--http-url`);
 * - with neither: the MCP servers OpenClaw itself would start, `mcp.servers` of the resolved
 *   OpenClaw config — and the command says so on stderr.
 * No source at all is a usage error that says where toolsearch looked and what to pass.
 */
import {existsSync} from 'node:fs'
import {relative, resolve} from 'node:path'

import type {LoadedConfig} from '../config/index.js'
import {type ClientName, clientServers, isClientName} from './clients.js'
import {usageError} from '../shared/errors.js'
import {safeInline} from '../output/terminal.js'
import {type AdHocFlags, adHocServers} from '../catalog/mcp/adhoc.js'
import {OPENCLAW_SERVERS_PATH, openclawMcpServers} from '../catalog/mcp/openclaw-servers.js'
import {formatJsonPath} from '../shared/json-path.js'
import type {McpServerConfig} from '../mcp/types.js'
import {safeServerName} from '../mcp/names.js'

/** Where an OpenClaw config declares its MCP servers, as the messages name it. */
const SERVERS_PATH = formatJsonPath(OPENCLAW_SERVERS_PATH)

export interface CatalogSourceFlags extends AdHocFlags {
  catalog?: string[]
}

export interface CatalogSources {
  /** Catalog files and directories to read. */
  files: string[]
  /** Servers declared outside those files (see `LoadCatalogOptions.servers`). */
  servers: Record<string, McpServerConfig>
  /** What the catalog is, one label a source, for summaries: file names, `--stdio`, `mcp.servers of <file>`. */
  labels: string[]
  /** One line for stderr, said first: where the catalog came from when the person did not name it, or the name toolsearch gave an ad-hoc server. */
  notice?: string
  /**
   * Set when the catalog is the one OpenClaw builds from the config (no catalog was named): the
   * config's MCP servers, and OpenClaw's own tools unless `--openclaw-tools none`.
   */
  fromOpenClawConfig?: true
}

export interface CatalogSourceOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  /** OpenClaw's own tools join a catalog from the config: a config that declares no MCP server still has a catalog. */
  openclawTools?: boolean
  /** Keep where each client's server is written (`LoadCatalogOptions.locations`). */
  locations?: boolean
}

/** A path as a person would type it from `cwd`: relative when inside it, else absolute. */
function shownPath(path: string, cwd: string): string {
  const rel = relative(cwd, path)
  return rel !== '' && !rel.startsWith('..') ? rel : path
}

/** Adds `more` to `servers`; a name two sources declare is an error naming both. */
function addServers(servers: Record<string, McpServerConfig>, more: Record<string, McpServerConfig>, source: string, sourceOf: Map<string, string>): void {
  for (const [name, config] of Object.entries(more)) {
    const earlier = sourceOf.get(name)
    if (earlier !== undefined) throw usageError(`MCP server "${safeInline(name)}" is declared by both ${earlier} and ${source}; use one of them, or give it a name of its own.`)
    sourceOf.set(name, source)
    servers[name] = config
  }
}

/** `--catalog cursor` means the client's servers unless a file or directory of that name is there. */
function namesClient(value: string, cwd: string): value is ClientName {
  return isClientName(value) && !existsSync(resolve(cwd, value))
}

export async function resolveCatalogSources(flags: CatalogSourceFlags, config: LoadedConfig, {cwd, env, openclawTools = false, locations}: CatalogSourceOptions): Promise<CatalogSources> {
  const values = flags.catalog ?? []
  const files = values.filter((value) => !namesClient(value, cwd))
  const servers: Record<string, McpServerConfig> = {}
  const sourceOf = new Map<string, string>()
  const labels: string[] = [...files]
  for (const client of values.filter((value) => namesClient(value, cwd))) {
    const found = await clientServers(client, {cwd, env, locations})
    if (found.files.length === 0) throw usageError(`--catalog ${client}: no ${client} MCP config found (looked for ${found.looked.map((path) => safeInline(shownPath(path, cwd))).join(', ')}). "toolsearch catalog sources" lists the configs found.`)
    addServers(servers, found.servers, client, sourceOf)
    labels.push(`${client} (${found.files.map((path) => shownPath(path, cwd)).join(', ')})`)
  }
  const adHoc = adHocServers(flags, cwd)
  let notice: string | undefined
  if (Object.keys(adHoc).length > 0) {
    const label = flags.stdio === undefined ? `--http-url ${flags['http-url']}` : `--stdio "${flags.stdio}"`
    addServers(servers, adHoc, label, sourceOf)
    labels.push(label)
    // A name toolsearch chose is said first, as mcporter says it: the ids to type depend on it.
    const [name] = Object.keys(adHoc)
    if (flags['server-name'] === undefined) {
      const safe = safeInline(safeServerName(name!))
      notice = `Server: ${safeInline(name!)} (${safeInline(label)}); its tools are mcp:${safe}:${safe}__<tool>. --server-name sets another name.`
    }
  }
  if (labels.length > 0) return {files, servers, labels, ...(notice === undefined ? {} : {notice})}

  const configFile = config.location.path
  const shown = shownPath(configFile, cwd)
  const openclaw = config.location.exists ? openclawMcpServers(config.authored, configFile) : {}
  const names = Object.keys(openclaw)
  if (config.location.exists && openclawTools) {
    const servers = names.length === 0 ? 'no MCP servers' : `the MCP servers of ${SERVERS_PATH} (${names.map((name) => safeInline(name)).join(', ')})`
    return {
      files: [],
      servers: openclaw,
      labels: [`OpenClaw's tools and ${SERVERS_PATH} of ${shown}`],
      notice: `Catalog: what OpenClaw gives the model with ${safeInline(shown)}: its own tools and ${servers}; the config's tool policy applies.`,
      fromOpenClawConfig: true,
    }
  }
  if (names.length === 0) {
    const where = config.location.exists ? `${safeInline(shown)} declares no MCP servers (${SERVERS_PATH})` : `no OpenClaw config was found (looked for ${safeInline(shown)})`
    throw usageError(`No catalog to load: ${where}. Pass --catalog <file|dir|client>, or one server with --stdio "<command>" or --http-url <url>; "toolsearch catalog sources" lists the MCP configs found.`)
  }
  return {
    files: [],
    servers: openclaw,
    labels: [`${SERVERS_PATH} of ${shown}`],
    notice: `Catalog: the MCP servers OpenClaw would start, from ${SERVERS_PATH} of ${safeInline(shown)} (${names.map((name) => safeInline(name)).join(', ')}); the config's tool policy applies.`,
    fromOpenClawConfig: true,
  }
}
