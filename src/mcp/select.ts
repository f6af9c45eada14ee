/**
 * Which declared MCP servers a command has to start. Starting a server is the slow part of every
 * command, so `call` and `describe` of one tool start only the server that tool lives on, and
 * `--server` narrows any command to the servers it names. Pure.
 *
 * Decisions where the spec is silent:
 * - An `mcp:<server>:<tool>` id names its server by the longest declared name it starts with —
 *   the server's safe name (OpenClaw's ids), or its key (the old form a person may still type;
 *   keys may contain colons); every server with that name starts. An `mcp:` id that matches no
 *   declared server starts none, so the lookup reports the unknown tool without waiting for any
 *   server.
 * - A tool given by name (or an `openclaw:` / `client:` id) may be on any server: all start.
 * - `--server` with a name no source declares is a usage error listing the declared names.
 */
import {usageError} from '../shared/errors.js'
import {safeInline} from '../output/terminal.js'
import {assignSafeServerNames} from './names.js'

const MCP_ID_PREFIX = 'mcp:'
const TOOL_ID = /^(openclaw|mcp|client):/

/** The servers a call or describe of `target` needs, among `declared` (every enabled server, in declaration order). */
export function serversForTool(target: string | undefined, declared: readonly string[]): readonly string[] {
  if (target === undefined || !target.startsWith(MCP_ID_PREFIX)) return declared
  const rest = target.slice(MCP_ID_PREFIX.length)
  const safeNames = assignSafeServerNames(declared)
  const namesOf = (server: string): string[] => [safeNames.get(server)!, server]
  const prefixes = declared.flatMap(namesOf).filter((name) => rest.startsWith(`${name}:`) && rest.length > name.length + 1)
  const longest = prefixes.sort((a, b) => b.length - a.length)[0]
  return longest === undefined ? [] : declared.filter((server) => namesOf(server).includes(longest))
}

/** Does the command name the MCP server it needs (an `mcp:` id, or `--server`)? */
export function namesMcpServer(target: string | undefined, server: string | undefined): boolean {
  return server !== undefined || (target?.startsWith(MCP_ID_PREFIX) ?? false)
}

/** The servers `--server` names; every one must be declared. No names: all of them. */
export function namedServers(names: readonly string[] | undefined, declared: readonly string[]): readonly string[] {
  if (names === undefined || names.length === 0) return declared
  const missing = names.filter((name) => !declared.includes(name))
  if (missing.length > 0) {
    const known = declared.length === 0 ? 'no MCP servers are declared' : `declared: ${declared.map((name) => safeInline(name)).join(', ')}`
    throw usageError(`No MCP server named ${missing.map((name) => `"${safeInline(name)}"`).join(', ')} (${known}).`)
  }
  return declared.filter((server) => names.includes(server))
}

/** With `--server`, a bare tool name means that server's tool: `echo` → `mcp:<server>:echo`. */
export function toolOnServer(target: string, server: string | undefined): string {
  if (server === undefined || TOOL_ID.test(target)) return target
  return `${MCP_ID_PREFIX}${server}:${target}`
}
