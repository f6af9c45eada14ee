/** Builds catalog entries for pure tests: an openclaw plugin tool unless told otherwise. */
import type {CatalogEntry} from '../../src/catalog/types.js'

export function entry(name: string, fields: Partial<CatalogEntry> = {}): CatalogEntry {
  const source = fields.source ?? 'openclaw'
  const sourceName = fields.sourceName ?? (source === 'client' ? 'client' : 'plugin')
  return {
    id: `${source}:${sourceName}:${name}`,
    name,
    source,
    sourceName,
    description: `Does ${name}.`,
    trusted: source === 'openclaw',
    visibility: 'deferred',
    requiresApproval: false,
    origin: {file: 'catalog.json', path: 'tools[0]'},
    ...fields,
  }
}
