/**
 * Reading catalog files (SPEC §4.1): read, parse (JSON, else JSON5), check structure, map by
 * shape, start any declared MCP servers, merge. The only I/O in catalog loading.
 *
 * With `locations` (lint, whose findings point at lines) each file is parsed once through the
 * JSON5 syntax tree instead (src/config/cst.ts), which gives the value and where each of its
 * parts is written: every entry's and declared server's `origin` gets its line and column.
 */
import {readdirSync, statSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'

import {ToolsearchError, usageError} from '../shared/errors.js'
import type {Position} from '../config/text.js'
import {type JsonOrigin, type JsonPath, formatJsonPath} from '../shared/json-path.js'
import {readRegularFile} from '../fs/read-file.js'
import {type EntriesCache, type ReadCatalogFile, readCachedEntries, writeCachedEntries} from './entries-cache.js'
import {catalogError, childPath} from './errors.js'
import {catalogTools, parseCatalogDocument} from './formats.js'
import {assertSafeCatalogDocument, type SkippedTool} from './guard.js'
import {hasOwn, isRecord, withoutBom} from '../shared/json.js'
import type {McpSessionPool} from '../mcp/pool.js'
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
  /**
   * Makes the progress callback when servers are about to start, and only then (instead of
   * `progress`): a terminal's progress line asks whether stderr is a terminal, which a run that
   * starts no server should not.
   */
  startProgress?: () => Promise<((message: string) => void) | undefined>
  /** Connect + list timeout per live MCP server, in milliseconds. */
  mcpTimeoutMs?: number
  signal?: AbortSignal
  /**
   * Which of the declared servers to start (given every declared key, in declaration order); the
   * others are left out of the catalog entirely. Default: all of them.
   */
  selectMcpServers?: (declared: readonly string[]) => readonly string[]
  /** Keep listed servers open in this pool (the caller closes it); see `Catalog.mcpSessions`. */
  mcpSessions?: McpSessionPool
  /**
   * Servers declared outside the catalog files (the OpenClaw config, an MCP client's config, the
   * command line), listed after the files' own. A key a file declares too is an error.
   */
  servers?: Record<string, McpServerConfig>
  /**
   * Keep the files' entries between runs and read them back while the files are unchanged
   * (`entries-cache.ts`); without it every file is read and parsed.
   */
  entriesCache?: EntriesCache
  /**
   * Tool names the live MCP servers' tools may not take (OpenClaw's own tools, compared
   * case-insensitively): a colliding MCP tool is named `<server>__<tool>-2` as OpenClaw names it.
   * The files' own OpenClaw and client tools are reserved too.
   */
  reservedToolNames?: Iterable<string>
  /**
   * OpenClaw's own tools for the catalog (`openclaw-tools/`): they come first, and their names are
   * reserved from the MCP tools'. One a catalog file defines under the same id is the file's.
   */
  openclawTools?: readonly CatalogEntry[]
  /**
   * Keep where each tool and server is written: the `line` and `column` of their `origin`, from
   * one parse that keeps locations (slower than `JSON.parse`; entries are neither read from nor
   * kept in `entriesCache`).
   */
  locations?: boolean
}

const CATALOG_FILE = /\.json5?$/i

/**
 * The files a list of `--catalog` paths names: a directory stands for the catalog files directly
 * in it (`*.json`, `*.json5`, in code-unit order), so `--catalog tools/` works where a shell glob
 * would spread the files over the command's positional words. Other paths pass through as typed.
 */
export async function expandCatalogPaths(paths: readonly string[], cwd: string = process.cwd()): Promise<string[]> {
  const files: string[] = []
  for (const path of paths) {
    const isDirectory = isDirectoryPath(resolve(cwd, path))
    if (!isDirectory) {
      files.push(path)
      continue
    }
    const entries = readdirSync(resolve(cwd, path), {withFileTypes: true})
    const names = entries.filter((entry) => !entry.isDirectory() && CATALOG_FILE.test(entry.name)).map((entry) => entry.name)
    if (names.length === 0) throw usageError(`${path}: a directory with no catalog files (*.json, *.json5)`, {file: path})
    for (const name of names.sort()) files.push(join(path, name))
  }
  return files
}

/** Whether `path` names a directory (through links); false when it names nothing. */
function isDirectoryPath(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** Reads and parses one file: JSON first (fast, exact), JSON5 when that fails. */
export async function readCatalogDocument(file: string, cwd: string = process.cwd()): Promise<unknown> {
  return (await readCatalogFile(file, cwd)).document
}

/**
 * One file's document, and its bytes when `keepBytes` (to keep a copy beside its entries):
 * otherwise they are let go before the text is parsed, so that a large catalog's bytes, its text
 * and its parsed value are not all held at once. `locations`: parsed keeping where values are.
 */
async function readCatalogFile(file: string, cwd: string, keepBytes = false, locations = false): Promise<{bytes?: Buffer} & ParsedCatalogText> {
  let bytes: Buffer | undefined
  try {
    bytes = readRegularFile(resolve(cwd, file))?.bytes
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EISDIR') throw usageError(`${file}: is a directory, not a catalog file`, {file})
    throw usageError(`Cannot read catalog ${file}: ${(error as Error).message}`, {file, cause: error})
  }
  if (bytes === undefined) throw usageError(`Catalog not found: ${file}`, {file})
  const text = bytes.toString('utf8')
  if (!keepBytes) bytes = undefined
  return {bytes, ...(locations ? await parseLocatedCatalogText(text, file) : {document: await parseCatalogText(text, file)})}
}

/** A parsed catalog text, and where its values are written when that was kept. */
export interface ParsedCatalogText {
  document: unknown
  /** The 1-based line and column of the value at `path`; undefined where it is not known. */
  locate?: (path: JsonPath) => Position | undefined
}

/**
 * Parses catalog text once, keeping where each value is written: the JSON5 syntax tree gives the
 * value and every position. Text the tree refuses goes to `parseCatalogText`, which gives its
 * value (without locations) or the usual error, word for word.
 */
export async function parseLocatedCatalogText(text: string, file: string): Promise<ParsedCatalogText> {
  // Loaded only here: a search or a directory reads catalogs with JSON.parse.
  const [{cstValue, nodeAtPath, parseCst}, {positionIndex}] = await Promise.all([import('../config/cst.js'), import('../config/text.js')])
  const parsed = parseCst(text)
  if (!parsed.ok || parsed.root === undefined) return {document: await parseCatalogText(text, file)}
  const {root} = parsed
  const position = positionIndex(text)
  return {
    document: cstValue(root),
    locate: (path) => {
      const node = nodeAtPath(root, path)
      return node === undefined ? undefined : position(node.start)
    },
  }
}

/** Gives `origin` the line and column of its path, where `locate` knows them. */
export function locateOrigin(origin: JsonOrigin | undefined, locate: ParsedCatalogText['locate']): void {
  const position = origin === undefined ? undefined : locate?.(origin.path)
  if (position === undefined) return
  origin!.line = position.line
  origin!.column = position.column
}

/** Parses catalog text; a syntax error names the file, line and column. */
export async function parseCatalogText(text: string, file: string): Promise<unknown> {
  const source = withoutBom(text)
  if (source.trim() === '') throw catalogError(file, [], 'the file is empty (expected a JSON object or an array of tools)')
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
      cause: error,
    })
  }
}

/** Could the document declare MCP servers? Checked before loading the MCP source at all. */
function mayDeclareMcpServers(document: unknown): boolean {
  return isRecord(document) && (hasOwn(document, 'mcpServers') || (hasOwn(document, 'servers') && !hasOwn(document, 'tools')))
}

/** One file, parsed: its own tools and the keys of the MCP servers it declares, in file order. */
interface ParsedFile {
  entries: CatalogEntry[]
  serverKeys: string[]
}

/**
 * Loads and merges catalog files (a directory: the catalog files in it), in order. Every file is
 * read and checked first; then the live MCP servers of all files are started together (one
 * listing, in parallel) and the ones that fail are reported in `unavailableMcpServers`, not
 * thrown. Merged entries keep file order: each file's own tools, then the tools of the servers it
 * declares. Two entries with one id, or one server key declared twice, are errors — raised
 * before any server starts.
 */
export async function loadCatalogs(paths: readonly string[], options: LoadCatalogOptions = {}): Promise<Catalog> {
  const cwd = options.cwd ?? process.cwd()
  const files = await expandCatalogPaths(paths, cwd)
  const servers: Record<string, McpServerConfig> = {}
  const serverFiles = new Map<string, string>()
  const skippedTools: SkippedTool[] = []
  const refs = files.map((file) => ({file, path: resolve(cwd, file), directory: dirname(resolve(cwd, file))}))
  const entriesCache = options.locations === true ? undefined : options.entriesCache
  const cached = entriesCache === undefined ? undefined : readCachedEntries(entriesCache, refs, options.owner)
  // Entries read back are those of files that declared no server and whose ids were unique.
  const parsedFiles: ParsedFile[] = cached?.map((part) => ({entries: part.entries, serverKeys: []})) ?? []
  for (const part of cached ?? []) for (const skipped of part.skipped) skippedTools.push(skipped)
  const read: ReadCatalogFile[] = []
  for (const ref of cached === undefined ? refs : []) {
    const {file, directory} = ref
    const {bytes, document, locate} = await readCatalogFile(file, cwd, entriesCache !== undefined, options.locations)
    // A defect inside one tool skips that tool (parseCatalogDocument); anywhere else, the file.
    assertSafeCatalogDocument(document, file, catalogTools(document))
    const declared = mayDeclareMcpServers(document) ? await declaredMcpServers(document, file) : undefined
    const parsed = parseCatalogDocument(document, {file, directory, owner: options.owner, hasMcpServers: declared !== undefined})
    if (locate !== undefined) {
      for (const entry of parsed.entries) locateOrigin(entry.origin, locate)
      for (const config of Object.values(declared?.servers ?? {})) locateOrigin(config.origin, locate)
    }
    const serverKeys: string[] = []
    if (declared !== undefined) {
      for (const [key, config] of Object.entries(declared.servers)) {
        const earlier = serverFiles.get(key)
        if (earlier !== undefined) throw catalogError(file, childPath(declared.path, key), `server "${key}" is already declared in ${earlier}`)
        serverFiles.set(key, file)
        servers[key] = config
        serverKeys.push(key)
      }
    }
    parsedFiles.push({entries: parsed.entries, serverKeys})
    for (const skipped of parsed.skipped) skippedTools.push(skipped)
    // Only files that declare no server are kept: a server's tools are listed live every run.
    if (bytes !== undefined && declared === undefined) read.push({...ref, bytes, entries: parsed.entries, skipped: parsed.skipped})
  }
  const outsideKeys: string[] = []
  for (const [key, config] of Object.entries(options.servers ?? {})) {
    const earlier = serverFiles.get(key)
    const origin = config.origin ?? {file: '(servers)', path: [key]}
    if (earlier !== undefined) throw catalogError(origin.file, origin.path, `server "${key}" is already declared in ${earlier}`)
    serverFiles.set(key, origin.file)
    servers[key] = config
    outsideKeys.push(key)
  }
  parsedFiles.push({entries: [], serverKeys: outsideKeys})
  if (options.openclawTools !== undefined && options.openclawTools.length > 0) {
    // A catalog file that defines one of OpenClaw's tools itself is the definition that counts.
    const defined = new Set(parsedFiles.flatMap((parsed) => parsed.entries.map((entry) => entry.id)))
    parsedFiles.unshift({entries: options.openclawTools.filter((entry) => !defined.has(entry.id)), serverKeys: []})
  }
  const fileEntries = parsedFiles.flatMap((parsed) => parsed.entries)
  // Entries read back had unique ids when they were kept; OpenClaw's own tools beside them are checked.
  if (cached === undefined || (options.openclawTools?.length ?? 0) > 0) assertUniqueIds(fileEntries)
  if (entriesCache !== undefined && read.length === files.length) await writeCachedEntries(entriesCache, read, options.owner)

  const selected = selectServers(servers, options.selectMcpServers)
  const listed = await listServers(selected, {...options, declaredServers: Object.keys(servers), reservedToolNames: () => reservedToolNames(fileEntries, options.reservedToolNames)})
  // Without tools from servers the merged entries are the files' own, already checked. With them,
  // each file's own tools come first, then its servers' tools in OpenClaw's order.
  const serverOf = (entry: CatalogEntry): string | undefined => entry.mcp?.serverName
  const entries = listed.entries.length === 0 ? fileEntries : parsedFiles.flatMap((parsed) => [...parsed.entries, ...listed.entries.filter((entry) => parsed.serverKeys.includes(serverOf(entry) ?? ''))])
  if (listed.entries.length > 0) assertUniqueIds(entries)
  for (const skipped of listed.skipped) skippedTools.push(skipped)
  const catalog: Catalog = {entries, mcpServers: selected, unavailableMcpServers: inServerOrder(listed.unavailable, [...serverFiles.keys()])}
  if (options.mcpSessions !== undefined) catalog.mcpSessions = options.mcpSessions
  if (skippedTools.length > 0) catalog.skippedTools = skippedTools
  return catalog
}

/** The servers `select` keeps, in declaration order; all of them without a selector. */
function selectServers(servers: Record<string, McpServerConfig>, select: LoadCatalogOptions['selectMcpServers']): Record<string, McpServerConfig> {
  if (select === undefined) return servers
  const keep = new Set(select(Object.keys(servers)))
  return Object.fromEntries(Object.entries(servers).filter(([key]) => keep.has(key)))
}

/** `items` ordered like `keys` (declaration order across files, which an object's key order is not for keys like "1"). */
function inServerOrder(items: UnavailableMcpServer[], keys: string[]): UnavailableMcpServer[] {
  const position = new Map(keys.map((key, i) => [key, i]))
  return [...items].sort((a, b) => (position.get(a.server) ?? 0) - (position.get(b.server) ?? 0))
}

async function declaredMcpServers(document: unknown, file: string): Promise<{servers: Record<string, McpServerConfig>; path: JsonPath} | undefined> {
  const {findMcpServerBlock, parseMcpServers} = await import('./mcp/index.js')
  const found = findMcpServerBlock(document)
  return found === undefined ? undefined : {servers: parseMcpServers(found.block, file, found.path), path: found.path}
}

/**
 * The names an MCP tool may not take: those given (OpenClaw's own tools), and the names of the
 * files' own OpenClaw and client tools — the tools OpenClaw names before its MCP tools.
 */
function reservedToolNames(fileEntries: readonly CatalogEntry[], given: Iterable<string> = []): string[] {
  return [...given, ...fileEntries.filter((entry) => entry.source !== 'mcp').map((entry) => entry.name)]
}

async function listServers(
  servers: Record<string, McpServerConfig>,
  options: Omit<LoadCatalogOptions, 'reservedToolNames'> & {declaredServers: readonly string[]; reservedToolNames: () => readonly string[]},
): Promise<{entries: CatalogEntry[]; unavailable: UnavailableMcpServer[]; skipped: SkippedTool[]}> {
  if (Object.keys(servers).length === 0) return {entries: [], unavailable: [], skipped: []}
  const {listMcpServerTools} = await import('./mcp/index.js')
  return listMcpServerTools(servers, {
    timeoutMs: options.mcpTimeoutMs,
    env: options.env,
    progress: options.progress ?? (await options.startProgress?.()),
    signal: options.signal,
    sessions: options.mcpSessions,
    declaredServers: options.declaredServers,
    reservedToolNames: options.reservedToolNames(),
  })
}

/** Ids identify tools: a second definition of one id is an error naming both places. */
export function assertUniqueIds(entries: readonly CatalogEntry[]): void {
  const seen = new Map<string, CatalogEntry>()
  for (const entry of entries) {
    const earlier = seen.get(entry.id)
    if (earlier !== undefined) {
      throw catalogError(entry.origin.file, entry.origin.path, `duplicate tool id ${JSON.stringify(entry.id)} (first defined at ${earlier.origin.file}: ${formatJsonPath(earlier.origin.path)})`)
    }
    seen.set(entry.id, entry)
  }
}
