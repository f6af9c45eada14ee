/**
 * `toolsearch catalog sources`: the MCP configs found on this machine — the OpenClaw config the
 * commands use without `--catalog`, then every client file looked for — with what each holds.
 * A file that is there but cannot be used is listed with the reason, never fatal.
 */
import {systemHome} from '../env/home.js'
import {relative} from 'node:path'

import type {LoadedConfig} from '../config/index.js'
import {isToolsearchError} from '../shared/errors.js'
import {openclawMcpServers} from '../catalog/mcp/openclaw-servers.js'
import {safeInline} from '../output/terminal.js'
import {plural, styler} from '../output/style.js'
import {type ClientConfigFile, type DiscoveryContext, clientConfigFiles, readClientServers} from './clients.js'
import {columnWidths, padToWidth} from '../output/columns.js'

export interface SourceRow {
  /** `openclaw` or a client name (what `--catalog` accepts). */
  client: string
  scope: 'openclaw' | ClientConfigFile['scope']
  path: string
  status: 'read' | 'not-found' | 'no-servers' | 'invalid'
  servers: string[]
  error?: string
}

async function row(client: string, scope: SourceRow['scope'], path: string, read: () => Promise<Record<string, unknown> | undefined>, exists: boolean): Promise<SourceRow> {
  const base = {client, scope, path}
  if (!exists) return {...base, status: 'not-found', servers: []}
  try {
    const servers = Object.keys((await read()) ?? {})
    return {...base, status: servers.length === 0 ? 'no-servers' : 'read', servers}
  } catch (error) {
    if (!isToolsearchError(error)) throw error
    return {...base, status: 'invalid', servers: [], error: error.message}
  }
}

export async function discoverSources(config: LoadedConfig, context: DiscoveryContext): Promise<SourceRow[]> {
  const rows: SourceRow[] = [await row('openclaw', 'openclaw', config.location.path, async () => openclawMcpServers(config.authored, config.location.path), config.location.exists)]
  for (const file of clientConfigFiles(context)) {
    const found = await row(file.client, file.scope, file.path, () => readClientServers(file, context), true)
    // A file that exists but has no servers block reads as `undefined`: tell it from a missing file.
    if (found.status === 'no-servers') {
      const {existsSync} = await import('node:fs')
      if (!existsSync(file.path)) found.status = 'not-found'
      // ~/.claude.json always exists for Claude Code users; its local scope is worth a row only with servers.
      if (file.scope === 'local') continue
    }
    rows.push(found)
  }
  return rows
}

/** `~/x` for paths in the home directory, `./x`-less relative paths inside `cwd`. */
function shortPath(path: string, context: DiscoveryContext): string {
  const inCwd = relative(context.cwd, path)
  if (inCwd !== '' && !inCwd.startsWith('..')) return inCwd
  const home = context.env.HOME ?? systemHome()
  const inHome = relative(home, path)
  return inHome !== '' && !inHome.startsWith('..') ? `~/${inHome}` : path
}

function statusText(row: SourceRow): string {
  switch (row.status) {
    case 'read':
      return `${plural(row.servers.length, 'server')}: ${row.servers.map((name) => safeInline(name)).join(', ')}`
    case 'no-servers':
      return 'no MCP servers'
    case 'invalid':
      return `cannot be used: ${safeInline(row.error ?? '')}`
    default:
      return 'not found'
  }
}

export function renderSources(rows: readonly SourceRow[], context: DiscoveryContext, {color}: {color: boolean}): string {
  const style = styler(color)
  const found = rows.filter((item) => item.status !== 'not-found')
  const missing = rows.filter((item) => item.status === 'not-found')
  const label = (item: SourceRow) => (item.scope === 'openclaw' ? 'openclaw' : `${item.client} (${item.scope})`)
  const labelWidth = columnWidths(rows.map((item) => [label(item)]), [{}])[0]!
  const out: string[] = []
  out.push(found.length === 0 ? 'No MCP configs found.' : `MCP configs found (${found.length}):`)
  // Only the label is a column: paths differ too much in length for the status to line up well.
  for (const item of found) {
    const line = `  ${padToWidth(label(item), labelWidth)}  ${safeInline(shortPath(item.path, context))}  ${statusText(item)}`
    out.push(item.status === 'invalid' ? style.red(line) : line)
  }
  if (missing.length > 0) {
    out.push('', style.dim('Also looked for:'))
    for (const item of missing) out.push(style.dim(`  ${padToWidth(label(item), labelWidth)}  ${safeInline(shortPath(item.path, context))}`))
  }
  out.push('', 'Without --catalog, commands use the openclaw row (mcp.servers). Pick a client\'s servers with --catalog <client>, e.g. --catalog cursor.')
  return `${out.join('\n')}\n`
}
