/**
 * Where MCP clients keep their server configs, and reading them into the shape every other MCP
 * source has. `catalog sources` lists what it finds; `--catalog <client>` uses one client's
 * servers as the catalog.
 *
 * Files, per client (`~` is the home directory; `<project>` the project root, see below):
 * - claude-desktop: its per-platform file — macOS `~/Library/Application Support/Claude/`,
 *   Windows `%APPDATA%\Claude\`, elsewhere `$XDG_CONFIG_HOME/Claude/` (default `~/.config`) —
 *   `claude_desktop_config.json`, `mcpServers`;
 * - claude-code: `~/.claude.json` (`mcpServers`, user scope, and `projects[<project>].mcpServers`,
 *   local scope) and `<project>/.mcp.json` (project scope);
 * - cursor: `~/.cursor/mcp.json` and `<project>/.cursor/mcp.json`;
 * - vscode: `<project>/.vscode/mcp.json` and the user `mcp.json` beside VS Code's settings, which
 *   name them `servers`;
 * - windsurf: `~/.codeium/windsurf/mcp_config.json` (an HTTP server's URL is `serverUrl`);
 * - codex: `$CODEX_HOME/config.toml` (default `~/.codex`) and `<project>/.codex/config.toml`,
 *   `[mcp_servers.<name>]` tables (TOML, read with smol-toml, loaded only for these files).
 *
 * Decisions where the spec is silent:
 * - The project root is the nearest directory from the current one up that holds `.git`, else the
 *   current directory.
 * - Within one client the narrower scope wins a server name: project over user, and Claude Code's
 *   local scope over both (as Claude Code itself resolves them).
 * - Codex keys are mapped to what they mean: `enabled = false` skips the server, `http_headers`
 *   and `env_http_headers` / `bearer_token_env_var` (as `${VAR}` references) become headers,
 *   `startup_timeout_sec` / `startup_timeout_ms` the start-up limit, `enabled_tools` /
 *   `disabled_tools` the tool filter.
 */
import {existsSync, readFileSync} from 'node:fs'
import {systemHome} from '../env/home.js'
import {dirname, join, resolve} from 'node:path'

import {catalogError} from '../catalog/errors.js'
import {isRecord, ownValue} from '../shared/json.js'
import {locateOrigin, type ParsedCatalogText, parseCatalogText, parseLocatedCatalogText} from '../catalog/load.js'
import type {JsonPath} from '../shared/json-path.js'
import {findMcpServerBlock, parseMcpServers} from '../catalog/mcp/config.js'
import type {McpServerConfig} from '../mcp/types.js'

export const CLIENTS = ['claude-desktop', 'claude-code', 'cursor', 'vscode', 'windsurf', 'codex'] as const
export type ClientName = (typeof CLIENTS)[number]

export type ClientScope = 'user' | 'project' | 'local'

export interface ClientConfigFile {
  client: ClientName
  scope: ClientScope
  path: string
}

export interface DiscoveryContext {
  cwd: string
  env: NodeJS.ProcessEnv
  platform?: NodeJS.Platform
  /** Keep where each server is written (`LoadCatalogOptions.locations`): its origin's line and column. */
  locations?: boolean
}

export function isClientName(value: string): value is ClientName {
  return (CLIENTS as readonly string[]).includes(value)
}

function homeOf(env: NodeJS.ProcessEnv): string {
  return env.HOME ?? env.USERPROFILE ?? systemHome()
}

/** The nearest directory from `cwd` up that holds `.git`, else `cwd`. */
export function projectRoot(cwd: string): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir
    if (dirname(dir) === dir) return resolve(cwd)
  }
}

/** The per-platform directory desktop apps keep their settings in. */
function appConfigDir(context: DiscoveryContext): string {
  const home = homeOf(context.env)
  const platform = context.platform ?? process.platform
  if (platform === 'darwin') return join(home, 'Library', 'Application Support')
  if (platform === 'win32') return context.env.APPDATA ?? join(home, 'AppData', 'Roaming')
  return context.env.XDG_CONFIG_HOME ?? join(home, '.config')
}

/** Every file a client may keep MCP servers in, user scope first. */
export function clientConfigFiles(context: DiscoveryContext): ClientConfigFile[] {
  const home = homeOf(context.env)
  const project = projectRoot(context.cwd)
  const apps = appConfigDir(context)
  const codexHome = context.env.CODEX_HOME ?? join(home, '.codex')
  const files: ClientConfigFile[] = [
    {client: 'claude-desktop', scope: 'user', path: join(apps, 'Claude', 'claude_desktop_config.json')},
    {client: 'claude-code', scope: 'user', path: join(home, '.claude.json')},
    {client: 'claude-code', scope: 'project', path: join(project, '.mcp.json')},
    {client: 'claude-code', scope: 'local', path: join(home, '.claude.json')},
    {client: 'cursor', scope: 'user', path: join(home, '.cursor', 'mcp.json')},
    {client: 'cursor', scope: 'project', path: join(project, '.cursor', 'mcp.json')},
    {client: 'vscode', scope: 'user', path: join(apps, 'Code', 'User', 'mcp.json')},
    {client: 'vscode', scope: 'project', path: join(project, '.vscode', 'mcp.json')},
    {client: 'windsurf', scope: 'user', path: join(home, '.codeium', 'windsurf', 'mcp_config.json')},
    {client: 'codex', scope: 'user', path: join(codexHome, 'config.toml')},
    {client: 'codex', scope: 'project', path: join(project, '.codex', 'config.toml')},
  ]
  // Working in the home directory makes a project file the user file: read it once, as the user's.
  const seen = new Set<string>()
  return files.filter((file) => {
    const key = `${file.scope === 'local' ? 'local:' : ''}${file.path}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The servers block of a parsed client file, in the `mcpServers` shape, and where it is. */
function serverBlock(file: ClientConfigFile, document: unknown, project: string): {block: unknown; path: JsonPath} | undefined {
  if (file.client === 'codex') {
    const block = isRecord(document) ? ownValue(document, 'mcp_servers') : undefined
    return block === undefined ? undefined : {block: codexServers(block, file.path), path: ['mcp_servers']}
  }
  if (file.client === 'claude-code' && file.scope === 'local') {
    const projects = isRecord(document) ? ownValue(document, 'projects') : undefined
    const entry = isRecord(projects) ? ownValue(projects, project) : undefined
    const block = isRecord(entry) ? ownValue(entry, 'mcpServers') : undefined
    return block === undefined ? undefined : {block, path: ['projects', project, 'mcpServers']}
  }
  const found = findMcpServerBlock(document)
  if (found === undefined || file.client !== 'windsurf' || !isRecord(found.block)) return found
  // Windsurf names an HTTP server's URL `serverUrl`.
  const block = Object.fromEntries(Object.entries(found.block).map(([name, server]) => [name, isRecord(server) && ownValue(server, 'serverUrl') !== undefined && ownValue(server, 'url') === undefined ? {...server, url: ownValue(server, 'serverUrl'), serverUrl: undefined} : server]))
  return {block, path: found.path}
}

/** Codex's `[mcp_servers.<name>]` tables → the `mcpServers` shape, with its start-up limit and tool filter. */
function codexServers(block: unknown, file: string): unknown {
  if (!isRecord(block)) throw catalogError(file, ['mcp_servers'], 'must be a table of servers')
  const servers: Record<string, unknown> = {}
  for (const [name, raw] of Object.entries(block)) {
    if (!isRecord(raw)) {
      servers[name] = raw
      continue
    }
    const headers: Record<string, unknown> = {...(isRecord(raw.http_headers) ? raw.http_headers : {})}
    if (isRecord(raw.env_http_headers)) for (const [header, variable] of Object.entries(raw.env_http_headers)) headers[header] = `\${${String(variable)}}`
    if (typeof raw.bearer_token_env_var === 'string') headers.Authorization = `Bearer \${${raw.bearer_token_env_var}}`
    const server: Record<string, unknown> = {}
    for (const key of ['command', 'args', 'env', 'cwd', 'url']) if (raw[key] !== undefined) server[key] = raw[key]
    if (Object.keys(headers).length > 0) server.headers = headers
    if (raw.enabled === false) server.disabled = true
    servers[name] = server
  }
  return servers
}

/** Codex settings that have no place in the `mcpServers` shape, applied after parsing. */
function codexExtras(document: unknown, name: string): Partial<McpServerConfig> {
  const raw = isRecord(document) && isRecord(document.mcp_servers) ? document.mcp_servers[name] : undefined
  if (!isRecord(raw)) return {}
  const extras: Partial<McpServerConfig> = {}
  if (typeof raw.startup_timeout_ms === 'number' && raw.startup_timeout_ms > 0) extras.startupTimeoutMs = Math.floor(raw.startup_timeout_ms)
  else if (typeof raw.startup_timeout_sec === 'number' && raw.startup_timeout_sec > 0) extras.startupTimeoutMs = Math.floor(raw.startup_timeout_sec * 1000)
  const include = Array.isArray(raw.enabled_tools) ? raw.enabled_tools.filter((item): item is string => typeof item === 'string') : undefined
  const exclude = Array.isArray(raw.disabled_tools) ? raw.disabled_tools.filter((item): item is string => typeof item === 'string') : undefined
  if (include !== undefined || exclude !== undefined) extras.toolFilter = {...(include ? {include} : {}), ...(exclude ? {exclude} : {})}
  return extras
}

async function parseToml(text: string, file: string): Promise<unknown> {
  const {parse, TomlError} = await import('smol-toml')
  try {
    return parse(text)
  } catch (error) {
    if (!(error instanceof TomlError)) throw error
    throw catalogError(file, [], `not valid TOML: ${error.message.split('\n')[0]} (line ${error.line}, column ${error.column})`)
  }
}

/**
 * The servers one client file declares (disabled ones left out); `undefined` when the file does
 * not exist or declares none. A file that cannot be read or parsed throws (exit 2, naming it).
 */
export async function readClientServers(file: ClientConfigFile, context: DiscoveryContext): Promise<Record<string, McpServerConfig> | undefined> {
  let text: string
  try {
    text = readFileSync(file.path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined
    throw catalogError(file.path, [], `cannot be read: ${(error as Error).message}`)
  }
  const {document, locate}: ParsedCatalogText = file.client === 'codex' ? {document: await parseToml(text, file.path)} : context.locations === true ? await parseLocatedCatalogText(text, file.path) : {document: await parseCatalogText(text, file.path)}
  const found = serverBlock(file, document, projectRoot(context.cwd))
  if (found === undefined) return undefined
  const servers = parseMcpServers(found.block, file.path, found.path)
  for (const server of Object.values(servers)) locateOrigin(server.origin, locate)
  if (file.client === 'codex') for (const [name, server] of Object.entries(servers)) Object.assign(server, codexExtras(document, name))
  return servers
}

const SCOPE_ORDER: Record<ClientScope, number> = {user: 0, project: 1, local: 2}

/** One client's servers, narrower scopes winning a name, and the files they came from. */
export async function clientServers(client: ClientName, context: DiscoveryContext): Promise<{servers: Record<string, McpServerConfig>; files: string[]; looked: string[]}> {
  const files = clientConfigFiles(context)
    .filter((file) => file.client === client)
    .sort((a, b) => SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope])
  const servers: Record<string, McpServerConfig> = {}
  const read: string[] = []
  for (const file of files) {
    const found = await readClientServers(file, context)
    if (found === undefined) continue
    if (!read.includes(file.path)) read.push(file.path)
    Object.assign(servers, found)
  }
  return {servers, files: read, looked: [...new Set(files.map((file) => file.path))]}
}
