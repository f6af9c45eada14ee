/**
 * The names OpenClaw gives MCP servers and their tools when it hands them to the model
 * (`agent-bundle-mcp-names.ts` of OpenClaw 2026.9.6). Pure.
 *
 * - A server's **safe name**: trimmed, every character other than ASCII letters, digits, `_` and
 *   `-` replaced by `-` (one `-` per UTF-16 code unit, so an emoji becomes `--`), `mcp` when
 *   nothing is left, `mcp-` in front when it does not start with a letter, then cut to 30 code
 *   units. Safe names are assigned over every enabled declared server in declaration order,
 *   whichever of them a command starts: a name already taken (compared case-insensitively) gets
 *   `-2`, `-3`, … (the name cut so the whole stays within 30).
 * - A tool's **model name**: `<safe server name>__<tool>`, the tool's name (trimmed) sanitised
 *   the same way (with `tool` as its fallback and prefix) and cut so the whole name stays within
 *   64 code units. A model name already taken — by OpenClaw's own tools and the client's (the
 *   reserved names), or by an MCP tool named before it — gets `-2`, `-3`, … on the tool part.
 *   Taken is case-insensitive.
 *
 * After sanitising, names are ASCII, so cutting by code units never splits a character.
 */

/** Longest safe server name. */
export const SAFE_SERVER_NAME_MAX = 30
/** Longest model name of an MCP tool (`server__tool`). */
export const MCP_TOOL_NAME_MAX = 64
/** Between the safe server name and the tool's name. */
export const MCP_TOOL_NAME_SEPARATOR = '__'

const UNSAFE = /[^A-Za-z0-9_-]/g

/** `raw` made provider-safe: sanitised, `fallback` when empty, prefixed by `fallback-` unless it starts with a letter. */
function sanitizeFragment(raw: string, fallback: string): string {
  const cleaned = raw.trim().replace(UNSAFE, '-') || fallback
  return /^[A-Za-z]/.test(cleaned) ? cleaned : `${fallback}-${cleaned}`
}

/** How a name is compared with the names already taken: trimmed and lowercased. */
export function takenKey(name: string): string {
  return name.trim().toLowerCase()
}

/** The set of taken names for `names` (blank ones ignored), keyed by `takenKey`. */
export function takenNames(names: Iterable<string>): Set<string> {
  const taken = new Set<string>()
  for (const name of names) if (name.trim() !== '') taken.add(takenKey(name))
  return taken
}

/** One server's safe name, before any collision suffix. */
export function safeServerName(name: string): string {
  return sanitizeFragment(name, 'mcp').slice(0, SAFE_SERVER_NAME_MAX)
}

/** `base` with the first of `-2`, `-3`, … that makes `candidate(…)` free in `taken`, `base` itself when it is free. */
function firstFree(taken: ReadonlySet<string>, base: string, limit: number, candidate: (part: string) => string): string {
  let part = base
  for (let n = 2; taken.has(takenKey(candidate(part))); n += 1) {
    const suffix = `-${n}`
    part = `${base.slice(0, Math.max(1, limit - suffix.length))}${suffix}`
  }
  return part
}

/** Every server's safe name, assigned in `serverNames` order (declaration order), each one distinct. */
export function assignSafeServerNames(serverNames: Iterable<string>): Map<string, string> {
  const taken = new Set<string>()
  const assigned = new Map<string, string>()
  for (const server of serverNames) {
    const name = firstFree(taken, safeServerName(server), SAFE_SERVER_NAME_MAX, (part) => part)
    taken.add(takenKey(name))
    assigned.set(server, name)
  }
  return assigned
}

/**
 * The model name of `toolName` on the server whose safe name is `safeServer`, free in `taken`
 * (which the caller then adds it to).
 */
export function mcpToolName(safeServer: string, toolName: string, taken: ReadonlySet<string>): string {
  const budget = Math.max(1, MCP_TOOL_NAME_MAX - safeServer.length - MCP_TOOL_NAME_SEPARATOR.length)
  const base = sanitizeFragment(toolName, 'tool').slice(0, budget) || 'tool'
  const join = (part: string): string => `${safeServer}${MCP_TOOL_NAME_SEPARATOR}${part}`
  return join(firstFree(taken, base, budget, join))
}
