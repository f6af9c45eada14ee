/**
 * A one-off MCP server typed on the command line, no config file needed: `--stdio "<command>
 * <args>"` (with `--env K=V`) or `--http-url <url>` (with `--header "Name: value"`). Pure.
 *
 * Decisions where the spec is silent:
 * - The command line is split like a POSIX shell splits words — single quotes, double quotes and
 *   backslashes — but nothing is expanded and no shell runs it.
 * - The server's name (its ids' middle part) is the one mcporter gives it: the package it runs,
 *   or the package its script belongs to (`stdioServerName`; the one file read here is that
 *   package.json), or an HTTP server's host and path (`httpServerName`: `127.0.0.1/mcp` →
 *   `127-0-0-1-mcp`). `--server-name` overrides it. The commands say the name on the first line
 *   (discovery/catalog-sources.ts).
 * - A header is `Name: value` or `Name=value`; `--env` only goes with `--stdio`, `--header` only
 *   with `--http-url` (anything else is a usage error, before any server starts).
 */
import {readFileSync} from 'node:fs'
import {basename, dirname, join, resolve} from 'node:path'

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

/** Package runners (with the words that start their run) whose first plain argument is the package that is the server. */
const PACKAGE_RUNNERS: ReadonlyMap<string, readonly string[]> = new Map([
  ['npx', []],
  ['bunx', []],
  ['pnpx', []],
  ['uvx', []],
  ['pipx', ['run']],
  ['npm', ['exec', 'x']],
  ['pnpm', ['dlx', 'exec']],
  ['yarn', ['dlx']],
  ['bun', ['x']],
  ['docker', ['run']],
])

/** Interpreters whose server is the script they are given. */
const INTERPRETERS = new Set(['node', 'nodejs', 'bun', 'deno', 'tsx', 'ts-node', 'python', 'python3', 'uv'])

const SCRIPT = /\.(?:[cm]?[jt]sx?|py)$/u
/** Entry-point names that say nothing of the server: its directory (or package) names it instead. */
const GENERIC_ENTRIES = new Set(['index', 'main', 'server', 'cli', 'app', 'mod', '__main__', 'stdio'])
/** Build-output and source directories, skipped when a directory names a server. */
const GENERIC_DIRECTORIES = new Set(['dist', 'build', 'lib', 'src', 'bin', 'out', 'esm', 'cjs'])

/** mcporter's slug: lower case, every run of other characters one `-`, none at the ends. */
export function slugName(value: string): string {
  return value.trim().toLowerCase().replace(/[^a-z0-9]+/gu, '-').replace(/^-+|-+$/gu, '')
}

/** `@scope/pkg@1.2.3` → `@scope/pkg`, `pkg@latest` → `pkg` (mcporter's rule). */
function withoutVersion(spec: string): string {
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0)
  return at > 0 ? spec.slice(0, at) : spec
}

/** The package a runner runs: its first plain word after the runner's own words, up to `--`. */
function runnerPackage(words: readonly string[], command: string): string | undefined {
  const starts = PACKAGE_RUNNERS.get(command)
  if (starts === undefined) return undefined
  let index = 1
  if (starts.length > 0) {
    if (!starts.includes(words[1] ?? '')) return undefined
    index = 2
  }
  for (; index < words.length; index += 1) {
    const word = words[index]!
    if (word === '--') return undefined
    if (word.startsWith('-')) continue
    // A docker image is named by its last path segment (`ghcr.io/acme/tools:1` → tools).
    return command === 'docker' ? basename(word).replace(/[:@].*$/u, '') : withoutVersion(word)
  }
  return undefined
}

/** The `name` of the nearest package.json at or above `dir` that has one. */
function packageNameAbove(dir: string, readText: (file: string) => string | undefined): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    const text = readText(join(current, 'package.json'))
    if (text !== undefined) {
      try {
        const name = (JSON.parse(text) as {name?: unknown}).name
        if (typeof name === 'string' && name.trim() !== '') return name
      } catch {
        // A package.json that does not parse names nothing; keep looking above it.
      }
    }
    if (dirname(current) === current) return undefined
  }
}

/** A script's server: the script's own name, or for a generic entry point the package it belongs to, else its directory's name. */
function scriptName(script: string, cwd: string, readText: (file: string) => string | undefined): string {
  const path = resolve(cwd, script)
  const own = basename(path).replace(SCRIPT, '')
  if (!GENERIC_ENTRIES.has(own.toLowerCase())) return own
  const fromPackage = packageNameAbove(dirname(path), readText)
  if (fromPackage !== undefined) return fromPackage
  let dir = dirname(path)
  while (GENERIC_DIRECTORIES.has(basename(dir).toLowerCase()) && dirname(dir) !== dir) dir = dirname(dir)
  return basename(dir) || own
}

function readIfFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/**
 * The name an ad-hoc stdio server gets from its command line, as mcporter names one: the package a
 * runner runs (`npx -y @modelcontextprotocol/server-everything` →
 * `modelcontextprotocol-server-everything`); a script by its own name (`node weather.js` →
 * `weather`), or, when that is a generic entry point (`index`, `server`, `main`, …), by the package
 * it belongs to, so a server run from its installed files gets the name `npx` gives it (`node
 * node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio` → the same), else by its
 * directory (`node tools/dist/index.js` → `tools`); `python -m pkg` → `pkg`; anything else after
 * the command (`node -e …` → `node`). Slugged as mcporter slugs (lower case, `-` between words).
 */
export function stdioServerName(words: readonly string[], cwd = process.cwd(), readText: (file: string) => string | undefined = readIfFile): string {
  const command = basename(words[0] ?? 'server')
  const fromRunner = runnerPackage(words, command)
  if (fromRunner !== undefined) return slugName(fromRunner) || 'server'
  const isInterpreter = INTERPRETERS.has(command.replace(/\.exe$/u, ''))
  if (isInterpreter) {
    const module = words.indexOf('-m')
    if (module > 0 && words[module + 1] !== undefined) return slugName(words[module + 1]!) || 'server'
  }
  // The last script given: earlier ones are preloads (`node --import hook.mjs server.js`).
  const script = isInterpreter ? words.slice(1).filter((word) => !word.startsWith('-') && SCRIPT.test(word)).at(-1) : SCRIPT.test(words[0] ?? '') ? words[0] : undefined
  const name = script === undefined ? command.replace(SCRIPT, '') : scriptName(script, cwd, readText)
  return slugName(name) || 'server'
}

/** mcporter's name for an HTTP server: its host (without `www.`) and the last segment of its path. */
export function httpServerName(url: URL): string {
  const host = url.hostname.replace(/^\[|\]$/gu, '').replace(/^www\./u, '')
  const last = url.pathname.split('/').filter(Boolean).at(-1)
  return slugName(last === undefined ? host : `${host}-${last}`) || 'http'
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
    const name = flags['server-name'] ?? stdioServerName(words, cwd)
    const servers = parseMcpServers({[name]: {command: words[0], args: words.slice(1), env, cwd}}, AD_HOC_ORIGIN, ['--stdio'])
    // The working directory is implied, not typed: the launch is named by the command line alone.
    servers[name]!.launchSummary = stdioLaunchSummary(words[0]!, words.slice(1), undefined)
    return servers
  }
  if (url !== undefined) {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw usageError(`--http-url "${safeInline(url)}": not a URL (expected http:// or https://).`)
    }
    const headers = Object.fromEntries((flags.header ?? []).map((pair) => keyValue(pair, '--header', /:|=/u)))
    const name = flags['server-name'] ?? httpServerName(parsed)
    return parseMcpServers({[name]: {url, headers}}, AD_HOC_ORIGIN, ['--http-url'])
  }
  return {}
}
