/**
 * A one-off MCP server typed on the command line, no config file needed: `--stdio "<command>
 * <args>"` (with `--env K=V`) or `--http-url <url>` (with `--header "Name: value"`). Pure.
 *
 * Decisions where the spec is silent:
 * - The command line is split like a POSIX shell splits words — single quotes, double quotes and
 *   backslashes — but nothing is expanded and no shell runs it.
 * - The server's name (its ids' middle part) comes from what it runs: the package or script name
 *   (`npx -y @modelcontextprotocol/server-everything` → `server-everything`, `node server.js` →
 *   `server`), or an HTTP server's host name (`127.0.0.1`, `mcp.example.com`). `--server-name`
 *   overrides it.
 * - A header is `Name: value` or `Name=value`; `--env` only goes with `--stdio`, `--header` only
 *   with `--http-url` (anything else is a usage error, before any server starts).
 */
import {basename, extname} from 'node:path'

import {usageError} from '../../shared/errors.js'
import {safeInline} from '../../output/terminal.js'
import type {McpServerConfig} from '../types.js'
import {parseMcpServers} from './config.js'
import {stdioLaunchSummary} from './launch.js'

export interface AdHocFlags {
  stdio?: string
  env?: string[]
  'http-url'?: string
  header?: string[]
  'server-name'?: string
}

/** Where an ad-hoc server is said to come from in messages (`--stdio.command: must not be empty`). */
export const AD_HOC_ORIGIN = '(command line)'

/** Splits a command line into words the way a shell would, without expanding anything. */
export function splitCommandLine(line: string): string[] {
  const words: string[] = []
  let word = ''
  let inWord = false
  let quote: '"' | "'" | undefined
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!
    if (quote === "'") {
      if (char === "'") quote = undefined
      else word += char
    } else if (quote === '"') {
      if (char === '"') quote = undefined
      else if (char === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) word += line[++i]
      else word += char
    } else if (char === "'" || char === '"') {
      quote = char
      inWord = true
    } else if (char === '\\' && i + 1 < line.length) {
      word += line[++i]
      inWord = true
    } else if (/\s/u.test(char)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
    } else {
      word += char
      inWord = true
    }
  }
  if (quote !== undefined) throw usageError(`--stdio: unterminated ${quote === '"' ? 'double' : 'single'} quote in "${safeInline(line)}"`)
  if (inWord) words.push(word)
  return words
}

/** Package runners whose first plain argument is the package that is the server. */
const RUNNERS = new Set(['npx', 'bunx', 'pnpx', 'uvx', 'pipx', 'deno', 'bun', 'node', 'python', 'python3', 'uv', 'docker', 'pnpm', 'npm', 'yarn'])
const RUNNER_WORDS = new Set(['run', 'exec', 'dlx', 'x', '--'])

const SCRIPT = /\.(?:[cm]?[jt]s|py)$/u

/**
 * The name an ad-hoc stdio server gets from its command line: for a runner, the last script it is
 * given (`node --import hook.mjs server.js` → `server`), else its first plain argument.
 */
export function stdioServerName(words: readonly string[]): string {
  const command = basename(words[0] ?? 'server')
  const plain = words.slice(1).filter((word) => !word.startsWith('-') && !RUNNER_WORDS.has(word))
  const script = plain.filter((word) => SCRIPT.test(word)).at(-1)
  const name = RUNNERS.has(command) ? (script ?? plain[0] ?? command) : command
  // `@scope/pkg@1.2.3` → `pkg`; `dir/server.js` → `server`.
  const bare = name.replace(/^@[^/]+\//u, '').replace(/@[^@/]*$/u, '')
  const base = basename(bare)
  return base.slice(0, base.length - extname(base).length) || base || 'server'
}

function keyValue(text: string, flag: string, separators: RegExp): [string, string] {
  const match = separators.exec(text)
  if (match === null || match.index === 0) throw usageError(`${flag} "${safeInline(text)}": expected ${flag === '--env' ? 'NAME=value' : '"Name: value" or Name=value'}`)
  return [text.slice(0, match.index).trim(), text.slice(match.index + match[0].length).trim()]
}

/** The ad-hoc server the flags describe, keyed by its name; `{}` when there is none. */
export function adHocServers(flags: AdHocFlags, cwd: string): Record<string, McpServerConfig> {
  const {stdio, 'http-url': url} = flags
  if (stdio !== undefined && url !== undefined) throw usageError('--stdio and --http-url each give one ad-hoc server; use one of them.')
  if (stdio === undefined && (flags.env?.length ?? 0) > 0) throw usageError('--env sets a variable of the --stdio server; give --stdio too.')
  if (url === undefined && (flags.header?.length ?? 0) > 0) throw usageError('--header is sent to the --http-url server; give --http-url too.')
  if (stdio !== undefined) {
    const words = splitCommandLine(stdio)
    if (words.length === 0) throw usageError('--stdio needs a command, e.g. --stdio "npx -y @modelcontextprotocol/server-everything".')
    const env = Object.fromEntries((flags.env ?? []).map((pair) => keyValue(pair, '--env', /=/u)))
    const name = flags['server-name'] ?? stdioServerName(words)
    const servers = parseMcpServers({[name]: {command: words[0], args: words.slice(1), env, cwd}}, AD_HOC_ORIGIN, '--stdio')
    // The working directory is implied, not typed: the launch is named by the command line alone.
    servers[name]!.launchSummary = stdioLaunchSummary(words[0]!, words.slice(1), undefined)
    return servers
  }
  if (url !== undefined) {
    let host: string
    try {
      host = new URL(url).hostname.replace(/^\[|\]$/gu, '')
    } catch {
      throw usageError(`--http-url "${safeInline(url)}": not a URL (expected http:// or https://).`)
    }
    const headers = Object.fromEntries((flags.header ?? []).map((pair) => keyValue(pair, '--header', /:|=/u)))
    const name = flags['server-name'] ?? (host || 'http')
    return parseMcpServers({[name]: {url, headers}}, AD_HOC_ORIGIN, '--http-url')
  }
  return {}
}
