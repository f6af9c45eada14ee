/**
 * The MCP servers OpenClaw itself would start: `mcp.servers.<name>` of the resolved OpenClaw
 * config (see the config schema), read into the shape every other MCP source has. Pure.
 *
 * Read per server: `command`, `args`, `env`, `cwd` (relative to the config file), `url`,
 * `transport` (`stdio`, `sse`, `streamable-http`), `headers`, `enabled` (false: not started),
 * `connectionTimeoutMs` (the server's start-up limit: start, initialize and list within it),
 * `requestTimeoutMs` (see below) and `toolFilter` (`include` / `exclude`: exact names or `*`
 * globs). Env and header values may be numbers or booleans in this schema; they are passed as text.
 *
 * Decisions where the spec is silent:
 * - The authored config is read (`${VAR}` references kept), so variables are expanded only when
 *   a server starts and their values are redacted like those of any other MCP config.
 * - A server with `auth: "oauth"` is listed as unavailable (toolsearch cannot sign in for it).
 * - `requestTimeoutMs` is applied as OpenClaw applies it: to `tools/call` and to the listing
 *   (`tools/list`, every page), each counted from when it begins, while `initialize` keeps the
 *   start-up limit. Without it, one limit covers start-up and listing (and start-up and a call),
 *   as for servers from any other config; OpenClaw's own defaults for that case (10 s to list,
 *   60 s to call) are not copied. `--timeout` of `call` still overrides it.
 * - The Codex/OAuth projection keys are OpenClaw's runtime business and are not used here.
 */
import {catalogError, childPath} from '../errors.js'
import type {JsonPath} from '../../shared/json-path.js'
import {isRecord, ownValue} from '../../shared/json.js'
import type {McpServerConfig} from '../types.js'
import {parseMcpServers} from './config.js'

export const OPENCLAW_SERVERS_PATH = ['mcp', 'servers'] as const

function textValues(value: unknown): unknown {
  if (!isRecord(value)) return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeof item === 'number' || typeof item === 'boolean' ? String(item) : item]))
}

function stringList(value: unknown, file: string, path: JsonPath): string[] | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value) || value.length === 0 || value.some((item) => typeof item !== 'string' || item === '')) throw catalogError(file, path, 'must be a list of tool names or globs')
  return value as string[]
}

/** A time limit of a server (`connectionTimeoutMs`, `requestTimeoutMs`): whole milliseconds, undefined when absent. */
function milliseconds(raw: Record<string, unknown>, key: string, file: string, path: JsonPath): number | undefined {
  const value = ownValue(raw, key)
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !(value > 0)) throw catalogError(file, childPath(path, key), 'must be a positive number (milliseconds)')
  // Not below 1 ms: 0 would mean "no limit" to the SDK.
  return Math.max(1, Math.floor(value))
}

/** The `mcp.servers` block of an OpenClaw config (authored form) → server configs; `{}` when absent. */
export function openclawMcpServers(config: Record<string, unknown>, file: string): Record<string, McpServerConfig> {
  const mcp = ownValue(config, 'mcp')
  const block = isRecord(mcp) ? ownValue(mcp, 'servers') : undefined
  if (block === undefined) return {}
  if (!isRecord(block)) throw catalogError(file, OPENCLAW_SERVERS_PATH, 'must be an object of servers')
  const normalized: Record<string, unknown> = {}
  const extras = new Map<string, Pick<McpServerConfig, 'startupTimeoutMs' | 'requestTimeoutMs' | 'toolFilter' | 'unavailableReason'>>()
  for (const [name, raw] of Object.entries(block)) {
    const path = childPath(OPENCLAW_SERVERS_PATH, name)
    if (!isRecord(raw)) throw catalogError(file, path, 'must be an object with "command" (stdio) or "url" (HTTP)')
    const server: Record<string, unknown> = {}
    for (const key of ['command', 'args', 'cwd', 'url']) if (ownValue(raw, key) !== undefined) server[key] = ownValue(raw, key)
    if (ownValue(raw, 'env') !== undefined) server.env = textValues(ownValue(raw, 'env'))
    if (ownValue(raw, 'headers') !== undefined) server.headers = textValues(ownValue(raw, 'headers'))
    if (ownValue(raw, 'transport') !== undefined) server.type = ownValue(raw, 'transport')
    if (ownValue(raw, 'enabled') === false) server.disabled = true
    normalized[name] = server
    const timeout = milliseconds(raw, 'connectionTimeoutMs', file, path)
    const requestTimeout = milliseconds(raw, 'requestTimeoutMs', file, path)
    const filter = ownValue(raw, 'toolFilter')
    if (filter !== undefined && !isRecord(filter)) throw catalogError(file, childPath(path, 'toolFilter'), 'must be an object with "include" and/or "exclude"')
    const include = isRecord(filter) ? stringList(ownValue(filter, 'include'), file, [...path, 'toolFilter', 'include']) : undefined
    const exclude = isRecord(filter) ? stringList(ownValue(filter, 'exclude'), file, [...path, 'toolFilter', 'exclude']) : undefined
    const extra: Pick<McpServerConfig, 'startupTimeoutMs' | 'requestTimeoutMs' | 'toolFilter' | 'unavailableReason'> = {}
    if (timeout !== undefined) extra.startupTimeoutMs = timeout
    if (requestTimeout !== undefined) extra.requestTimeoutMs = requestTimeout
    if (include !== undefined || exclude !== undefined) extra.toolFilter = {...(include ? {include} : {}), ...(exclude ? {exclude} : {})}
    if (ownValue(raw, 'auth') === 'oauth') extra.unavailableReason = 'signs in with OAuth (auth: "oauth"), which toolsearch cannot do'
    extras.set(name, extra)
  }
  const servers = parseMcpServers(normalized, file, OPENCLAW_SERVERS_PATH)
  for (const [name, server] of Object.entries(servers)) Object.assign(server, extras.get(name))
  return servers
}
