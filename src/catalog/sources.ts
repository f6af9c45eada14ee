/**
 * Where a command's catalog comes from. In order:
 * - `--catalog` files and directories (native catalogs, `mcpServers` configs, …);
 * - an ad-hoc server typed on the command line (`--stdio`, `--http-url`);
 * - with neither: the MCP servers OpenClaw itself would start, `mcp.servers` of the resolved
 *   OpenClaw config — and the command says so on stderr.
 * No source at all is a usage error that says where toolsearch looked and what to pass.
 */
import {relative} from 'node:path'

import type {LoadedConfig} from '../config/index.js'
import {usageError} from '../errors.js'
import {safeInline} from '../output/terminal.js'
import {type AdHocFlags, adHocServers} from './mcp/adhoc.js'
import {OPENCLAW_SERVERS_PATH, openclawMcpServers} from './mcp/openclaw-servers.js'
import type {McpServerConfig} from './types.js'

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
  /** One line for stderr when the catalog came from somewhere the person did not name. */
  notice?: string
}

/** A path as a person would type it from `cwd`: relative when inside it, else absolute. */
function shownPath(path: string, cwd: string): string {
  const rel = relative(cwd, path)
  return rel !== '' && !rel.startsWith('..') ? rel : path
}

export function resolveCatalogSources(flags: CatalogSourceFlags, config: LoadedConfig, {cwd}: {cwd: string}): CatalogSources {
  const files = flags.catalog ?? []
  const adHoc = adHocServers(flags, cwd)
  const adHocLabels = Object.keys(adHoc).length === 0 ? [] : [flags.stdio === undefined ? `--http-url ${flags['http-url']}` : `--stdio "${flags.stdio}"`]
  if (files.length > 0 || adHocLabels.length > 0) return {files, servers: adHoc, labels: [...files, ...adHocLabels]}

  const configFile = config.location.path
  const shown = shownPath(configFile, cwd)
  const servers = config.location.exists ? openclawMcpServers(config.authored, configFile) : {}
  const names = Object.keys(servers)
  if (names.length === 0) {
    const where = config.location.exists ? `${safeInline(shown)} declares no MCP servers (${OPENCLAW_SERVERS_PATH})` : `no OpenClaw config was found (looked for ${safeInline(shown)})`
    throw usageError(`No catalog to load: ${where}. Pass --catalog <file|dir>, or one server with --stdio "<command>" or --http-url <url>.`)
  }
  return {
    files: [],
    servers,
    labels: [`${OPENCLAW_SERVERS_PATH} of ${shown}`],
    notice: `Catalog: the MCP servers OpenClaw would start, from ${OPENCLAW_SERVERS_PATH} of ${safeInline(shown)} (${names.map((name) => safeInline(name)).join(', ')}); the config's tool policy applies.`,
  }
}
