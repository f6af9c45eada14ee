/**
 * `toolsearch catalog list`: what the loaded catalogs hold, per source and owner (MCP server),
 * with the names two or more tools share and the servers that could not be used, then every tool
 * with its one-line description and an input signature for a person (`human-signature.ts`, beside this file).
 * Pure: the summary is computed from a `Catalog`; `catalog-list-render.ts` renders it for a person.
 */
import {inputHint} from '../hints/index.js'
import {humanSignature, oneLineDescription} from './human-signature.js'
import {globToRegExp} from '../catalog/policy.js'
import {countTools} from '../catalog/entries.js'
import type {Catalog, ToolSource, UnavailableMcpServer} from '../catalog/types.js'
import {assignSafeServerNames} from '../mcp/names.js'

export interface CatalogGroup {
  source: ToolSource
  /** Owner: plugin, server key, `core` or `client`. */
  sourceName: string
  /** Tools in this group (after policy). */
  tools: number
  /** `catalogMode: "direct-only"` tools: kept out of the catalog, directly visible. */
  directOnly: number
  /** Core primitives: cataloged and directly visible. */
  directAndCataloged: number
  /** For MCP servers: `unavailable` when it could not be started, reached or listed. */
  status: 'ok' | 'unavailable'
  error?: string
}

export interface CatalogSummary {
  files: string[]
  /** Every tool the catalogs hold after policy (direct-only ones included). */
  total: number
  groups: CatalogGroup[]
  /** Names shared by two or more tools: looking them up by name is ambiguous. */
  duplicateNames: Array<{name: string; ids: string[]}>
  unavailableMcpServers: UnavailableMcpServer[]
  /** Tools the catalogs hold that the tool policy hides (not counted in `total`). */
  denied: number
}

const SOURCE_ORDER: Record<ToolSource, number> = {openclaw: 0, mcp: 1, client: 2}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function summarizeCatalog(catalog: Catalog, files: string[], {denied = 0}: {denied?: number} = {}): CatalogSummary {
  const groups = new Map<string, CatalogGroup>()
  const group = (source: ToolSource, sourceName: string): CatalogGroup => {
    const key = JSON.stringify([source, sourceName])
    let found = groups.get(key)
    if (found === undefined) {
      found = {source, sourceName, tools: 0, directOnly: 0, directAndCataloged: 0, status: 'ok'}
      groups.set(key, found)
    }
    return found
  }
  const byName = new Map<string, string[]>()
  for (const entry of catalog.entries) {
    const counts = group(entry.source, entry.sourceName)
    counts.tools += 1
    if (entry.visibility === 'direct-only') counts.directOnly += 1
    if (entry.visibility === 'direct-and-cataloged') counts.directAndCataloged += 1
    byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry.id])
  }
  // Servers that answered with no tools, and servers that could not be used, are listed too, by
  // the owner their tools have (the safe name OpenClaw gives the server).
  const owners = assignSafeServerNames(Object.keys(catalog.mcpServers))
  for (const entry of catalog.entries) if (entry.mcp !== undefined) owners.set(entry.mcp.serverName, entry.mcp.safeServerName)
  const ownerOf = (server: string): string => owners.get(server) ?? server
  for (const server of Object.keys(catalog.mcpServers)) group('mcp', ownerOf(server))
  for (const {server, error} of catalog.unavailableMcpServers) Object.assign(group('mcp', ownerOf(server)), {status: 'unavailable', error})
  const sorted = [...groups.values()].sort((a, b) => SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source] || compareText(a.sourceName, b.sourceName))
  const duplicateNames = [...byName.entries()]
    .filter(([, ids]) => ids.length > 1)
    .map(([name, ids]) => ({name, ids: [...ids].sort(compareText)}))
    .sort((a, b) => compareText(a.name, b.name))
  return {files, total: countTools(catalog.entries).tools, groups: sorted, duplicateNames, unavailableMcpServers: catalog.unavailableMcpServers, denied}
}


/** One tool of a listing: what a person needs to pick it, and what the model is shown instead. */
export interface ToolRow {
  id: string
  name: string
  source: ToolSource
  sourceName: string
  /** The description's first line. */
  description: string
  /** Input signature rendered from the real schema, for a person (not what the model sees). */
  signature: string
  /** False when the signature leaves part of the schema out (`describe` shows all of it). */
  signatureComplete: boolean
  /** The input hint the model is shown: `unknown` for MCP and client tools. */
  modelInput: string
}

/** Every tool of the catalog (direct-only ones too), ordered like the summary's groups, then by name. */
export function listTools(catalog: Catalog, {name}: {name?: readonly string[]} = {}): ToolRow[] {
  const matches = name === undefined || name.length === 0 ? () => true : nameMatcher(name)
  return catalog.entries
    .filter((entry) => matches(entry.name) || matches(entry.id))
    .map((entry) => {
      const signature = humanSignature(entry)
      return {
        id: entry.id,
        name: entry.name,
        source: entry.source,
        sourceName: entry.sourceName,
        description: oneLineDescription(entry.description),
        signature: signature.text,
        signatureComplete: signature.complete,
        modelInput: inputHint(entry),
      }
    })
    .sort((a, b) => SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source] || compareText(a.sourceName, b.sourceName) || compareText(a.name, b.name))
}

function nameMatcher(globs: readonly string[]): (text: string) => boolean {
  const patterns = globs.map((glob) => globToRegExp(glob))
  return (text) => patterns.some((pattern) => pattern.test(text))
}

