/**
 * Reading an `mcpServers` block the way MCP clients write it (Claude Desktop, Cursor, Claude Code,
 * VS Code's `.vscode/mcp.json` `servers`). Pure: validation only; `${VAR}` references are kept as
 * written and expanded only when a server is started (see `expand.ts`), so a parsed config never
 * holds a secret value.
 *
 * Accepted per server (anything else, such as `autoApprove` or `alwaysAllow`, is another client's
 * business and ignored):
 * - stdio: `command` (string), `args` (strings), `env` (object of strings), `cwd` (string; a
 *   relative path is resolved against the config file's directory);
 * - HTTP: `url` (http or https), `headers` (object of strings); streamable HTTP is tried first and
 *   legacy SSE is the fallback, so `type: "sse"` servers work too;
 * - `type`: optional, one of `stdio`, `http`, `streamable-http`, `streamableHttp`, `sse`; it must
 *   agree with `command` / `url`;
 * - `disabled: true` (Cline, Windsurf): the server is skipped.
 */
import {dirname, isAbsolute, resolve} from 'node:path'

import {catalogError, childPath} from '../errors.js'
import type {JsonPath} from '../../shared/json-path.js'
import {hasOwn, isRecord, ownValue} from '../../shared/json.js'
import type {McpServerConfig} from '../types.js'
import {redactUrl, stdioLaunchSummary} from './launch.js'

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const STDIO_TYPES = new Set(['stdio'])
const HTTP_TYPES = new Set(['http', 'streamable-http', 'streamableHttp', 'sse'])
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/

function readString(server: Record<string, unknown>, key: string, file: string, path: JsonPath): string | undefined {
  const value = ownValue(server, key)
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw catalogError(file, childPath(path, key), 'must be a string')
  return value
}

function readStringArray(server: Record<string, unknown>, key: string, file: string, path: JsonPath): string[] {
  const value = ownValue(server, key)
  if (value === undefined) return []
  if (!Array.isArray(value)) throw catalogError(file, childPath(path, key), 'must be an array of strings')
  return value.map((item, index) => {
    if (typeof item !== 'string') throw catalogError(file, [...path, key, index], 'must be a string')
    return item
  })
}

function readStringRecord(server: Record<string, unknown>, key: string, file: string, path: JsonPath): Record<string, string> {
  const value = ownValue(server, key)
  if (value === undefined) return {}
  if (!isRecord(value)) throw catalogError(file, childPath(path, key), 'must be an object of strings')
  const record: Record<string, string> = Object.create(null) as Record<string, string>
  for (const [name, item] of Object.entries(value)) {
    const itemPath = [...path, key, name]
    if (FORBIDDEN_KEYS.has(name)) throw catalogError(file, itemPath, 'is not allowed')
    if (typeof item !== 'string') throw catalogError(file, itemPath, 'must be a string')
    record[name] = item
  }
  return {...record}
}

function checkUrl(url: string, file: string, path: JsonPath): void {
  if (url.includes('${')) return // checked again after expansion
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw catalogError(file, path, 'must be an http or https URL')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw catalogError(file, path, 'must be an http or https URL')
}

function resolveCwd(cwd: string, file: string): string {
  // A path that starts with a variable is only known after expansion; it is resolved then.
  if (cwd.startsWith('${') || isAbsolute(cwd)) return cwd
  return resolve(dirname(file), cwd)
}

function parseServer(raw: unknown, file: string, path: JsonPath): McpServerConfig | undefined {
  if (!isRecord(raw)) throw catalogError(file, path, 'must be an object with "command" (stdio) or "url" (HTTP)')
  if (ownValue(raw, 'disabled') === true) return undefined
  const type = ownValue(raw, 'type')
  if (type !== undefined && (typeof type !== 'string' || !(STDIO_TYPES.has(type) || HTTP_TYPES.has(type)))) {
    throw catalogError(file, childPath(path, 'type'), 'must be one of "stdio", "http", "streamable-http", "sse"')
  }
  const hasCommand = ownValue(raw, 'command') !== undefined
  const hasUrl = ownValue(raw, 'url') !== undefined
  if (hasCommand && hasUrl) throw catalogError(file, path, 'has both "command" and "url"; a server is either stdio or HTTP')
  if (!hasCommand && !hasUrl) throw catalogError(file, path, 'needs "command" (stdio server) or "url" (HTTP server)')
  const origin = {file, path}
  if (hasCommand) {
    if (typeof type === 'string' && !STDIO_TYPES.has(type)) throw catalogError(file, childPath(path, 'type'), `is "${type}" but the server has a "command"`)
    const command = readString(raw, 'command', file, path) as string
    if (command.trim() === '') throw catalogError(file, childPath(path, 'command'), 'must not be empty')
    const cwd = readString(raw, 'cwd', file, path)
    const config: McpServerConfig = {
      transport: 'stdio',
      command,
      args: readStringArray(raw, 'args', file, path),
      env: readStringRecord(raw, 'env', file, path),
      origin,
    }
    if (cwd !== undefined && cwd !== '') config.cwd = resolveCwd(cwd, file)
    config.launchSummary = stdioLaunchSummary(command, config.args, cwd?.trim() ? cwd : undefined)
    return config
  }
  if (typeof type === 'string' && !HTTP_TYPES.has(type)) throw catalogError(file, childPath(path, 'type'), `is "${type}" but the server has a "url"`)
  const url = readString(raw, 'url', file, path) as string
  checkUrl(url, file, childPath(path, 'url'))
  return {transport: 'http', url, headers: readStringRecord(raw, 'headers', file, path), origin, launchSummary: redactUrl(url)}
}

/**
 * Validates an `mcpServers` block (an object of server configs) found at `path` in `file`.
 * Throws ToolsearchError (exit 2) naming the file and entry (`mcpServers.github.command: must be a string`).
 * Disabled servers are left out.
 */
export function parseMcpServers(raw: unknown, file: string, path: JsonPath = ['mcpServers']): Record<string, McpServerConfig> {
  if (!isRecord(raw)) throw catalogError(file, path, 'must be an object of servers')
  const servers: Record<string, McpServerConfig> = {}
  for (const [key, value] of Object.entries(raw)) {
    const entryPath = childPath(path, key)
    if (key.trim() === '') throw catalogError(file, entryPath, 'server name must not be empty')
    if (FORBIDDEN_KEYS.has(key)) throw catalogError(file, entryPath, 'is not allowed as a server name')
    if (CONTROL_CHARS.test(key)) throw catalogError(file, entryPath, 'server name must not contain control characters')
    const server = parseServer(value, file, entryPath)
    if (server !== undefined) servers[key] = server
  }
  return servers
}

/**
 * Finds the servers block of an MCP client config: `mcpServers` (Claude Desktop, Cursor, Claude
 * Code, Windsurf), else VS Code's `servers` — only in a file without `tools` whose every `servers`
 * value has a `command` or `url`, so an unrelated `servers` key is never mistaken for one.
 */
export function findMcpServerBlock(document: unknown): {block: unknown; path: JsonPath} | undefined {
  if (!isRecord(document)) return undefined
  if (hasOwn(document, 'mcpServers')) return {block: document.mcpServers, path: ['mcpServers']}
  const servers = ownValue(document, 'servers')
  if (hasOwn(document, 'tools') || !isRecord(servers)) return undefined
  const values = Object.values(servers)
  const looksLikeServers = values.length > 0 && values.every((value) => isRecord(value) && (hasOwn(value, 'command') || hasOwn(value, 'url')))
  return looksLikeServers ? {block: servers, path: ['servers']} : undefined
}
