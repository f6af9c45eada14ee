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
import {anthropicToolEntry, mcpToolEntry, nativeEntry, openAiToolEntry} from './entries.js'
import {hasOwn, isRecord} from './json.js'
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

/** Maps a parsed catalog document to entries; throws a catalog error naming the file and entry. */
export function parseCatalogDocument(document: unknown, options: CatalogDocumentOptions): ParsedCatalogDocument {
  const {file} = options
  if (Array.isArray(document)) return clientToolArray(document, '', file)
  if (!isRecord(document)) throw catalogError(file, '', 'a catalog must be a JSON object or an array of tools')
  if (hasOwn(document, 'jsonrpc') && isRecord(document.result) && hasOwn(document.result, 'tools')) {
    return toolsArray(document.result.tools, 'result.tools', options)
  }
  if (hasOwn(document, 'jsonrpc') && isRecord(document.error)) {
    const {code, message} = document.error
    const detail = [typeof code === 'number' ? String(code) : '', typeof message === 'string' ? message : ''].filter((part) => part !== '').join(' ')
    throw catalogError(file, 'error', `the file holds a JSON-RPC error response, not a tools/list result${detail === '' ? '' : ` (${detail})`}`)
  }
  if (hasOwn(document, 'tools')) return toolsArray(document.tools, 'tools', options)
  if (options.hasMcpServers === true) return {format: 'mcp-servers', entries: []}
  throw catalogError(file, '', 'expected "tools" (a native catalog or an MCP tools/list result), "mcpServers", or an array of OpenAI or Anthropic tools')
}

function toolsArray(tools: unknown, path: string, options: CatalogDocumentOptions): ParsedCatalogDocument {
  const {file} = options
  if (!Array.isArray(tools)) throw catalogError(file, path, 'must be an array')
  if (tools.length > 0 && isMcpToolsList(tools)) {
    const owner = options.owner ?? defaultOwner(file)
    return {format: 'mcp-tools-list', entries: tools.map((tool, i) => mcpToolEntry(tool, childPath(path, i), file, owner))}
  }
  if (tools.length > 0 && (isOpenAiTools(tools) || isAnthropicTools(tools))) return clientToolArray(tools, path, file)
  return {format: 'native', entries: tools.map((tool, i) => nativeEntry(tool, childPath(path, i), options))}
}

/** OpenAI or Anthropic tools, decided by the first entry; every entry must then have that shape. */
function clientToolArray(tools: unknown[], path: string, file: string): ParsedCatalogDocument {
  const first = tools[0]
  if (first === undefined) return {format: 'openai', entries: []}
  if (isRecord(first) && (hasOwn(first, 'function') || first.type === 'function')) {
    return {format: 'openai', entries: tools.map((tool, i) => openAiToolEntry(tool, childPath(path, i), file))}
  }
  if (isRecord(first) && hasOwn(first, 'input_schema')) {
    return {format: 'anthropic', entries: tools.map((tool, i) => anthropicToolEntry(tool, childPath(path, i), file))}
  }
  throw catalogError(file, childPath(path, 0), 'expected an OpenAI function tool ({ type: "function", function: {...} }) or an Anthropic tool ({ name, input_schema })')
}
