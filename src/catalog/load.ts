/**
 * Reading catalog files (SPEC §4.1): read, parse (JSON, else JSON5), check structure, map by
 * shape, start any declared MCP servers, merge. The only I/O in catalog loading.
 */
import {readFile} from 'node:fs/promises'
import {dirname, resolve} from 'node:path'

import {ExitCode, ToolsearchError, usageError} from '../errors.js'
import {catalogError} from './errors.js'
import {type CatalogFormat, parseCatalogDocument} from './formats.js'
import {assertSafeCatalogDocument} from './guard.js'
import {hasOwn, isRecord} from './json.js'
import type {Catalog, CatalogEntry, McpServerConfig, UnavailableMcpServer} from './types.js'

export interface LoadCatalogOptions {
  /** Server name for MCP `tools/list` files (`--owner`); default: each file's name. */
  owner?: string
  /** Directory relative catalog paths are resolved against (default: the process's). */
  cwd?: string
  /** Environment for live MCP servers (`${VAR}` expansion, stdio children). */
  env?: NodeJS.ProcessEnv
  /** Progress lines while MCP servers start (the caller shows them on a TTY). */
  progress?: (message: string) => void
  /** Connect + list timeout per live MCP server, in milliseconds. */
  mcpTimeoutMs?: number
  signal?: AbortSignal
}

export interface LoadedCatalogFile {
  file: string
  format: CatalogFormat
  entries: CatalogEntry[]
}

/** Reads and parses one file: JSON first (fast, exact), JSON5 when that fails. */
export async function readCatalogDocument(file: string, cwd: string = process.cwd()): Promise<unknown> {
  let text: string
  try {
    text = await readFile(resolve(cwd, file), 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw usageError(`Catalog not found: ${file}`, {file})
    if (code === 'EISDIR') throw usageError(`${file}: is a directory, not a catalog file`, {file})
    throw usageError(`Cannot read catalog ${file}: ${(error as Error).message}`, {file, cause: error})
  }
  return parseCatalogText(text, file)
}

/** Parses catalog text; a syntax error names the file, line and column. */
export async function parseCatalogText(text: string, file: string): Promise<unknown> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  try {
    return JSON.parse(source)
  } catch {
    // Not plain JSON: JSON5 (comments, trailing commas, unquoted keys) gives the real error.
  }
  const {default: JSON5} = await import('json5')
  try {
    return JSON5.parse(source)
  } catch (error) {
    const {lineNumber, columnNumber} = error as {lineNumber?: number; columnNumber?: number}
    const detail = (error as Error).message.replace(/^JSON5: /, '').replace(/ at \d+:\d+$/, '')
    const where = lineNumber === undefined ? '' : `:${lineNumber}:${columnNumber ?? 1}`
    throw new ToolsearchError('invalid-catalog', `${file}${where}: not valid JSON or JSON5: ${detail}`, {
      file,
      line: lineNumber,
      column: columnNumber,
      exitCode: ExitCode.usage,
      cause: error,
    })
  }
}

/** Could the document declare MCP servers? Checked before loading the MCP source at all. */
function mayDeclareMcpServers(document: unknown): boolean {
  return isRecord(document) && (hasOwn(document, 'mcpServers') || (hasOwn(document, 'servers') && !hasOwn(document, 'tools')))
}

/**
 * Loads and merges catalog files, in order. Live MCP servers declared in them are started and
 * listed; the ones that fail are reported in `unavailableMcpServers`, not thrown. Two entries with
 * one id, or one server key declared twice, are errors.
 */
export async function loadCatalogs(files: readonly string[], options: LoadCatalogOptions = {}): Promise<Catalog> {
  const cwd = options.cwd ?? process.cwd()
  const catalog: Catalog = {entries: [], mcpServers: {}, unavailableMcpServers: []}
  const serverFiles = new Map<string, string>()
  for (const file of files) {
    const document = await readCatalogDocument(file, cwd)
    assertSafeCatalogDocument(document, file)
    const servers = mayDeclareMcpServers(document) ? await declaredMcpServers(document, file) : undefined
    const parsed = parseCatalogDocument(document, {file, directory: dirname(resolve(cwd, file)), owner: options.owner, hasMcpServers: servers !== undefined})
    catalog.entries.push(...parsed.entries)
    if (servers === undefined) continue
    for (const key of Object.keys(servers)) {
      const earlier = serverFiles.get(key)
      if (earlier !== undefined) throw catalogError(file, `mcpServers.${key}`, `server "${key}" is already declared in ${earlier}`)
      serverFiles.set(key, file)
    }
    Object.assign(catalog.mcpServers, servers)
    const listed = await listServers(servers, options)
    catalog.entries.push(...listed.entries)
    catalog.unavailableMcpServers.push(...listed.unavailable)
  }
  assertUniqueIds(catalog.entries)
  return catalog
}

async function declaredMcpServers(document: unknown, file: string): Promise<Record<string, McpServerConfig> | undefined> {
  const {findMcpServerBlock, parseMcpServers} = await import('./mcp/index.js')
  const found = findMcpServerBlock(document)
  return found === undefined ? undefined : parseMcpServers(found.block, file, found.path)
}

async function listServers(servers: Record<string, McpServerConfig>, options: LoadCatalogOptions): Promise<{entries: CatalogEntry[]; unavailable: UnavailableMcpServer[]}> {
  if (Object.keys(servers).length === 0) return {entries: [], unavailable: []}
  const {listMcpServerTools} = await import('./mcp/index.js')
  return listMcpServerTools(servers, {timeoutMs: options.mcpTimeoutMs, env: options.env, progress: options.progress, signal: options.signal})
}

/** Ids identify tools: a second definition of one id is an error naming both places. */
export function assertUniqueIds(entries: readonly CatalogEntry[]): void {
  const seen = new Map<string, CatalogEntry>()
  for (const entry of entries) {
    const earlier = seen.get(entry.id)
    if (earlier !== undefined) {
      throw catalogError(entry.origin.file, entry.origin.path, `duplicate tool id "${entry.id}" (first defined at ${earlier.origin.file}: ${earlier.origin.path})`)
    }
    seen.set(entry.id, entry)
  }
}
