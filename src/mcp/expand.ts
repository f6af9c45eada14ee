/**
 * `${VAR}` references in a server config, expanded from the environment only at the moment a
 * server is started, plus the list of secret values that must never be printed or written.
 *
 * Expanded fields: `command`, `args`, `env`, `cwd`, `url`, `headers`, with the `mcp` syntax of
 * the shared expander (src/env/variables.ts): `${NAME}`, `${NAME:-default}` (default when unset
 * or empty), `${env:NAME}` (VS Code's spelling); `$${NAME}` is a literal `${NAME}`. A missing
 * variable or an unsupported form (`${input:token}`, which only VS Code can prompt for) makes the
 * server unavailable with a message that names the variable — never a value.
 *
 * Secrets: every `env` and `headers` value (after expansion) and every substituted variable
 * value. Anything toolsearch prints or writes about a server goes through `redactor(secrets)`.
 */
import {isAbsolute, resolve} from 'node:path'

import {type Expansion, expandVariables} from '../env/variables.js'
import {replaceSecrets} from '../shared/replace-secrets.js'
import {formatJsonPath} from '../shared/json-path.js'
import type {McpServerConfig, Redactor} from './types.js'

export type {Redactor} from './types.js'

/** Thrown when a reference cannot be expanded; the message names the variable and where it is used. */
export class McpConfigExpansionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'McpConfigExpansionError'
  }
}

/** Shorter values are not treated as secrets: redacting `1` or `on` everywhere would garble output. */
const MIN_SECRET_LENGTH = 4
const REDACTED = '***'

/** One field through the shared expander; anything it cannot resolve makes the server unavailable. */
function expandString(text: string, env: NodeJS.ProcessEnv, where: string): Expansion {
  const expansion = expandVariables(text, env, 'mcp')
  const [body] = expansion.unsupported
  if (body !== undefined) {
    const why = body.startsWith('input:') ? 'a VS Code input toolsearch cannot prompt for; use ${env:NAME} instead' : 'which toolsearch cannot resolve (only environment variables are supported)'
    throw new McpConfigExpansionError(`${where} uses \${${body}}, ${why}`)
  }
  const [name] = expansion.missing
  if (name !== undefined) throw new McpConfigExpansionError(`${where} needs environment variable ${name}, which is not set`)
  return expansion
}

export interface ExpandedServerConfig {
  config: McpServerConfig
  /** Values that must never appear in output: env and header values, substituted variables. */
  secrets: string[]
}

/**
 * Expands every `${VAR}` in `config` from `env`. Throws McpConfigExpansionError (message without
 * values) when a reference cannot be resolved. A relative `cwd` left after expansion resolves
 * against the current directory.
 */
export function expandServerConfig(config: McpServerConfig, env: NodeJS.ProcessEnv): ExpandedServerConfig {
  const where = config.origin === undefined ? 'the server config' : formatJsonPath(config.origin.path)
  const secrets: string[] = []
  const one = (text: string, field: string): string => {
    const {text: expanded, values} = expandString(text, env, `${where}.${field}`)
    for (const value of values) secrets.push(value)
    return expanded
  }
  const record = (values: Record<string, string>, field: string): Record<string, string> => {
    const out: Record<string, string> = {}
    for (const [key, value] of Object.entries(values)) {
      out[key] = one(value, `${field}.${key}`)
      secrets.push(out[key])
    }
    return out
  }
  if (config.transport === 'stdio') {
    const expanded: McpServerConfig = {
      transport: 'stdio',
      command: one(config.command, 'command'),
      args: config.args.map((arg, index) => one(arg, `args[${index}]`)),
      env: record(config.env, 'env'),
      origin: config.origin,
    }
    if (config.cwd !== undefined) {
      const cwd = one(config.cwd, 'cwd')
      expanded.cwd = isAbsolute(cwd) ? cwd : resolve(cwd)
    }
    return {config: expanded, secrets: usefulSecrets(secrets)}
  }
  const url = one(config.url, 'url')
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    parsed = undefined
  }
  if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new McpConfigExpansionError(`${where}.url is not an http or https URL after expanding variables`)
  }
  const expanded: McpServerConfig = {transport: 'http', url, headers: record(config.headers, 'headers'), origin: config.origin}
  return {config: expanded, secrets: usefulSecrets(secrets)}
}

function usefulSecrets(values: string[]): string[] {
  const unique = [...new Set(values.filter((value) => value.length >= MIN_SECRET_LENGTH))]
  // Longest first, so a header "Bearer <token>" is replaced whole before the token alone.
  return unique.sort((a, b) => b.length - a.length)
}

export function redactor(secrets: readonly string[]): Redactor {
  if (secrets.length === 0) return (text) => text
  return (text) => replaceSecrets(text, secrets, REDACTED)
}

/**
 * Applies `redact` to every string and object key inside a JSON-like value, at any depth: the
 * copy is made with an explicit stack, so no nesting is too deep to be redacted (a recursive walk
 * would have to stop somewhere, and what lies below the cut would pass unredacted). Shared and
 * cyclic references are copied once.
 */
export function redactValue(value: unknown, redact: Redactor): unknown {
  const copies = new Map<object, unknown>()
  const pending: Array<[source: object, target: unknown[] | Record<string, unknown>]> = []
  const copy = (item: unknown): unknown => {
    if (typeof item === 'string') return redact(item)
    if (item === null || typeof item !== 'object') return item
    const known = copies.get(item)
    if (known !== undefined) return known
    const target = Array.isArray(item) ? [] : {}
    copies.set(item, target)
    pending.push([item, target])
    return target
  }
  const result = copy(value)
  while (pending.length > 0) {
    const [source, target] = pending.pop()!
    if (Array.isArray(target)) {
      for (const item of source as unknown[]) target.push(copy(item))
      continue
    }
    for (const [key, item] of Object.entries(source)) {
      // defineProperty: a `__proto__` key stays an own property instead of replacing the prototype.
      Object.defineProperty(target, redact(key), {value: copy(item), enumerable: true, writable: true, configurable: true})
    }
  }
  return result
}
