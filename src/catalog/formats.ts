/**
 * Catalog documents by shape (SPEC §4.1). One file may be:
 * - native: `{ "tools": [entry, ...], "mcpServers"?: {...} }`;
 * - an MCP `tools/list` result: `{ "tools": [...] }` whose every entry has `inputSchema` and none
 *   has `parameters`, `source` or `run` (also wrapped in a JSON-RPC response `{ result: {...} }`);
 * - OpenAI function tools or Anthropic tools: a bare array, or the `tools` array of a request body;
 * - an MCP client config: `{ "mcpServers": {...} }` (found by the MCP source; its servers are
 *   listed by the loader).
 * Pure: the loader reads files and starts servers; this module only maps a parsed value to entries.
 */
import {basename, extname} from 'node:path'

import {catalogError, childPath} from './errors.js'
import type {JsonPath} from '../shared/json-path.js'
import {anthropicToolEntry, mcpToolEntry, nativeEntry, openAiToolEntry, toolEntryName} from './entries.js'
import {skippedTool, toolDefect, type SkippedTool} from './guard.js'
import {hasOwn, isRecord, ownValue} from '../shared/json.js'
import type {CatalogEntry} from './types.js'

export type CatalogFormat = 'native' | 'mcp-tools-list' | 'openai' | 'anthropic' | 'mcp-servers'

export interface CatalogDocumentOptions {
  /** The file as named to the user (messages, `origin.file`). */
  file: string
  /** Absolute directory of the file (command `cwd` is resolved against it). */
  directory: string
  /** Server name for a `tools/list` result; default: the file name without its extension. */
  owner?: string
  /** The document has an `mcpServers` block (found by the MCP source); it may then omit `tools`. */
  hasMcpServers?: boolean
}

export interface ParsedCatalogDocument {
  format: CatalogFormat
  entries: CatalogEntry[]
  /** Tools with a defect inside them (`toolDefect`): named, but not in `entries`. */
  skipped: SkippedTool[]
}

/** The server name a `tools/list` file gets without `--owner`: its name without extension. */
export function defaultOwner(file: string): string {
  return basename(file, extname(file))
}

const NATIVE_ONLY_KEYS = ['parameters', 'source', 'run']

function isMcpToolsList(tools: unknown[]): boolean {
  return tools.every((tool) => isRecord(tool) && hasOwn(tool, 'inputSchema') && !NATIVE_ONLY_KEYS.some((key) => hasOwn(tool, key)))
}

function isOpenAiTools(tools: unknown[]): boolean {
  return tools.every((tool) => isRecord(tool) && tool.type === 'function')
}

function isAnthropicTools(tools: unknown[]): boolean {
  return tools.every((tool) => isRecord(tool) && hasOwn(tool, 'input_schema') && !NATIVE_ONLY_KEYS.some((key) => hasOwn(tool, key)))
}

/**
 * The tools array of a document, wherever its shape keeps it (the document itself, `tools`,
 * `result.tools`); empty when there is none. Each tool is checked on its own (`toolDefect`).
 */
export function catalogTools(document: unknown): readonly unknown[] {
  if (Array.isArray(document)) return document
  if (!isRecord(document)) return []
  const holder = hasOwn(document, 'jsonrpc') && isRecord(document.result) && hasOwn(document.result, 'tools') ? document.result : document
  const tools = ownValue(holder, 'tools')
  return Array.isArray(tools) ? tools : []
}

type EntryBuilder = (tool: unknown, path: JsonPath) => CatalogEntry

/**
 * Builds every tool of `tools` (at `path`) with `build`; a tool with a defect inside it is skipped
 * instead — after its name is checked, so an entry without a name stays an error naming it.
 */
function buildTools(format: CatalogFormat, tools: unknown[], path: JsonPath, file: string, build: EntryBuilder): ParsedCatalogDocument {
  const entries: CatalogEntry[] = []
  const skipped: SkippedTool[] = []
  tools.forEach((tool, i) => {
    const toolPath = childPath(path, i)
    const defect = toolDefect(tool, toolPath)
    if (defect === undefined) entries.push(build(tool, toolPath))
    else skipped.push(skippedTool(toolEntryName(tool, toolPath, file), file, defect))
  })
  return {format, entries, skipped}
}

/**
 * Maps a parsed catalog document to entries; throws a catalog error naming the file and entry.
 * A tool with a defect inside it is skipped and reported in `skipped` (see `catalog/guard.ts`).
 */
export function parseCatalogDocument(document: unknown, options: CatalogDocumentOptions): ParsedCatalogDocument {
  const {file} = options
  if (Array.isArray(document)) return clientToolArray(document, [], file)
  if (!isRecord(document)) throw catalogError(file, [], 'a catalog must be a JSON object or an array of tools')
  if (hasOwn(document, 'jsonrpc') && isRecord(document.result) && hasOwn(document.result, 'tools')) {
    return toolsArray(document.result.tools, ['result', 'tools'], options)
  }
  if (hasOwn(document, 'jsonrpc') && isRecord(document.error)) {
    const {code, message} = document.error
    const detail = [typeof code === 'number' ? String(code) : '', typeof message === 'string' ? message : ''].filter((part) => part !== '').join(' ')
    throw catalogError(file, ['error'], `the file holds a JSON-RPC error response, not a tools/list result${detail === '' ? '' : ` (${detail})`}`)
  }
  if (hasOwn(document, 'tools')) return toolsArray(document.tools, ['tools'], options)
  if (options.hasMcpServers === true) return {format: 'mcp-servers', entries: [], skipped: []}
  throw catalogError(file, [], 'expected "tools" (a native catalog or an MCP tools/list result), "mcpServers", or an array of OpenAI or Anthropic tools')
}

function toolsArray(tools: unknown, path: JsonPath, options: CatalogDocumentOptions): ParsedCatalogDocument {
  const {file} = options
  if (!Array.isArray(tools)) throw catalogError(file, path, 'must be an array')
  if (tools.length > 0 && isMcpToolsList(tools)) {
    const owner = options.owner ?? defaultOwner(file)
    return buildTools('mcp-tools-list', tools, path, file, (tool, toolPath) => mcpToolEntry(tool, toolPath, file, owner))
  }
  if (tools.length > 0 && (isOpenAiTools(tools) || isAnthropicTools(tools))) return clientToolArray(tools, path, file)
  return buildTools('native', tools, path, file, (tool, toolPath) => nativeEntry(tool, toolPath, options))
}

/** OpenAI or Anthropic tools, decided by the first entry; every entry must then have that shape. */
function clientToolArray(tools: unknown[], path: JsonPath, file: string): ParsedCatalogDocument {
  const first = tools[0]
  if (first === undefined) return {format: 'openai', entries: [], skipped: []}
  if (isRecord(first) && (hasOwn(first, 'function') || first.type === 'function')) {
    return buildTools('openai', tools, path, file, (tool, toolPath) => openAiToolEntry(tool, toolPath, file))
  }
  if (isRecord(first) && hasOwn(first, 'input_schema')) {
    return buildTools('anthropic', tools, path, file, (tool, toolPath) => anthropicToolEntry(tool, toolPath, file))
  }
  throw catalogError(file, childPath(path, 0), 'expected an OpenAI function tool ({ type: "function", function: {...} }) or an Anthropic tool ({ name, input_schema })')
}
