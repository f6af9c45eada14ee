/**
 * Catalog membership per Tool Search mode (SPEC §7), as OpenClaw builds its catalog:
 * - `tools`: every cataloged tool; core primitives stay directly visible as well.
 * - `directory`: client tools are not cataloged at all (they are neither listed nor counted as
 *   omitted, and no control reaches them), and a core primitive whose name another cataloged tool
 *   shares is deferred, since a bare name in that mode must call exactly one tool.
 */
import {catalogedEntries} from './entries.js'
import type {CatalogEntry} from './types.js'

/** Tool Search's mode: `tools` (the three controls) or `directory` (the bounded directory). */
export type DirectoryMode = 'tools' | 'directory'

export function entriesForMode(entries: readonly CatalogEntry[], mode: DirectoryMode): CatalogEntry[] {
  if (mode === 'tools') return [...entries]
  const members = entries.filter((entry) => entry.source !== 'client')
  const nameCounts = new Map<string, number>()
  for (const entry of catalogedEntries(members)) nameCounts.set(entry.name, (nameCounts.get(entry.name) ?? 0) + 1)
  return members.map((entry) => (entry.visibility === 'direct-and-cataloged' && nameCounts.get(entry.name) !== 1 ? {...entry, visibility: 'deferred'} : entry))
}
