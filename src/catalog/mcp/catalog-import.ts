/**
 * `toolsearch catalog import`: the tools of live MCP servers, written as a native catalog for
 * offline use — each tool as OpenClaw names it (`<safe server>__<tool>`, the operations over
 * resources and prompts included) with `source: "mcp"`, `sourceName` = the safe server name, the
 * label, description and `parameters` the model is shown, `outputSchema` when the server declared
 * one, and a `run` naming the server and the tool's own name there (`{ mcpServer, mcpTool }`, or
 * `{ mcpServer, mcpOperation }`), so the snapshot reads back with the ids and hits of the live
 * servers. Server configs are not written (no command lines, no env, no headers, so no secrets):
 * the tools can be searched, described and measured offline, and called only where the loaded
 * catalogs declare their server.
 *
 * Decisions where the spec is silent:
 * - An existing output file is replaced only with `--force` (the old one is kept as `<file>.bak`);
 *   the check happens under the writer's lock, so two imports cannot both "create" the file.
 * - The output may never be one of the catalogs being read, even with `--force`: that would
 *   replace a server config with a snapshot of its tools.
 * - If any server is unavailable nothing is written (exit 4), unless `--partial` asks for the tools
 *   of the servers that answered.
 */
import {existsSync, realpathSync, statSync} from 'node:fs'
import {join, resolve} from 'node:path'

import {ToolsearchError, usageError} from '../../shared/errors.js'
import {safeInline} from '../../output/terminal.js'
import {styler} from '../../output/style.js'
import type {Catalog, CatalogEntry, UnavailableMcpServer} from '../types.js'
import {mcpToolDefinition} from './index.js'
import {renderColumns} from '../../output/columns.js'

/** A native catalog entry as `catalog import` writes it. */
export interface ImportedTool {
  name: string
  description: string
  label?: string
  source: 'mcp'
  sourceName: string
  parameters?: unknown
  outputSchema?: unknown
  /** The server and the tool's own name there (or the operation), so the entry keeps its provenance. */
  run: {mcpServer: string; mcpTool: string} | {mcpServer: string; mcpOperation: string}
}

export interface ImportPlan {
  document: {tools: ImportedTool[]}
  /** Tools per server that answered, in the order the servers were declared. */
  servers: Array<{server: string; tools: number}>
  unavailableMcpServers: UnavailableMcpServer[]
}

function importedTool(entry: CatalogEntry): ImportedTool {
  const definition = mcpToolDefinition(entry)
  const {serverName, toolName, operation} = entry.mcp!
  return {
    name: entry.name,
    ...(entry.label === undefined ? {} : {label: entry.label}),
    description: entry.description,
    source: 'mcp',
    sourceName: entry.sourceName,
    ...(entry.parameters === undefined ? {} : {parameters: entry.parameters}),
    ...(definition?.outputSchema === undefined ? {} : {outputSchema: definition.outputSchema}),
    run: operation === 'tool' ? {mcpServer: serverName, mcpTool: toolName} : {mcpServer: serverName, mcpOperation: operation},
  }
}

/** The native document for the live MCP tools of `catalog` (other entries are not imported). */
export function planImport(catalog: Catalog): ImportPlan {
  // A live server's tools and operations (a file's MCP entry for a declared server would have
  // collided with the live one's id).
  const live = catalog.entries.filter((entry) => entry.run?.kind === 'mcp' && entry.mcp !== undefined && catalog.mcpServers[entry.run.server] !== undefined)
  const unavailable = new Set(catalog.unavailableMcpServers.map(({server}) => server))
  const servers = Object.keys(catalog.mcpServers)
    .filter((server) => !unavailable.has(server))
    .map((server) => ({server, tools: live.filter((entry) => entry.mcp?.serverName === server).length}))
  return {document: {tools: live.map(importedTool)}, servers, unavailableMcpServers: catalog.unavailableMcpServers}
}

export function serializeImport(plan: ImportPlan): string {
  return `${JSON.stringify(plan.document, null, 2)}\n`
}

/** Refuses an output path that is one of the catalogs being read. */
export function assertOutputIsNotInput(out: string, catalogs: readonly string[], cwd: string): void {
  // Through symlinks too: the writer replaces a link's target.
  const real = (file: string): string => {
    const absolute = resolve(cwd, file)
    return existsSync(absolute) ? realpathSync(absolute) : absolute
  }
  const target = real(out)
  const input = catalogs.find((file) => real(file) === target)
  if (input !== undefined) throw new ToolsearchError('usage', `Refusing to write ${out}: it is one of the catalogs being imported (${input}). Choose another --out.`)
}

/** Nothing is written when a server is missing, unless the user accepted a partial import. */
export function assertImportComplete(plan: ImportPlan, partial: boolean): void {
  if (partial || plan.unavailableMcpServers.length === 0) return
  const names = plan.unavailableMcpServers.map(({server}) => `"${safeInline(server)}"`).join(', ')
  const one = plan.unavailableMcpServers.length === 1
  throw new ToolsearchError('mcp-unavailable', `Nothing written: MCP server${one ? '' : 's'} ${names} ${one ? 'is' : 'are'} unavailable. Fix ${one ? 'it' : 'them'}, or pass --partial to import the servers that answered.`, {
    details: {unavailableMcpServers: plan.unavailableMcpServers},
  })
}

/**
 * What stands at `--out` before any server starts: nothing, or a file (replaced only with
 * `--force`). A directory or another non-file is never replaced, `--force` or not: the error
 * says what `--out` is for, not that the "catalog" cannot be read.
 */
export function assertWritableOut(out: string, force: boolean): void {
  let stats
  try {
    stats = statSync(out)
  } catch {
    return
  }
  if (stats.isDirectory()) throw usageError(`--out ${out} is a directory; name the file to write in it, e.g. --out ${join(out, 'tools.json')}.`, {file: out})
  if (!stats.isFile()) throw usageError(`--out ${out} is not a regular file; name the file to write.`, {file: out})
  if (!force) throw fileExistsError(out)
}

export function fileExistsError(out: string): ToolsearchError {
  return new ToolsearchError('file-exists', `${out} already exists; pass --force to replace it (the old file is kept as ${out}.bak).`, {file: out})
}

export interface ImportReport {
  file: string
  status: 'written' | 'unchanged'
  tools: number
  servers: Array<{server: string; tools: number}>
  unavailableMcpServers: UnavailableMcpServer[]
  backup?: string
}

export function renderImportReport(report: ImportReport, {color}: {color: boolean}): string {
  const style = styler(color)
  const servers = report.servers.length
  const head =
    report.status === 'unchanged'
      ? `No change: ${safeInline(report.file)} already holds these ${report.tools} tools.`
      : `Imported ${report.tools} tool${report.tools === 1 ? '' : 's'} from ${servers} MCP server${servers === 1 ? '' : 's'} into ${safeInline(report.file)}`
  const lines = [head, ...renderColumns(report.servers.map(({server, tools}) => [safeInline(server), String(tools)]), [{}, {align: 'right', width: 4}], {indent: '  '})]
  if (report.backup !== undefined) lines.push(`Backup: ${safeInline(report.backup)}`)
  if (report.unavailableMcpServers.length > 0) {
    lines.push(style.yellow(`Not imported (unavailable): ${report.unavailableMcpServers.map(({server}) => safeInline(server)).join(', ')}`))
  }
  return `${lines.join('\n')}\n`
}
