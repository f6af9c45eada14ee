/**
 * Builds catalog entries for pure tests through the real entry builder, so trust and visibility
 * follow the catalog's own rules: an openclaw plugin tool unless told otherwise; `read`, `exec`, …
 * with sourceName `core` are directly visible; `directOnly` makes a direct-only tool.
 */
import {makeEntry} from '../../src/catalog/entries.js'
import type {CatalogEntry} from '../../src/catalog/types.js'

type EntryFields = Parameters<typeof makeEntry>[0]

export function entry(name: string, fields: Partial<Omit<EntryFields, 'name'>> = {}): CatalogEntry {
  const source = fields.source ?? 'openclaw'
  return makeEntry({
    description: `Does ${name}.`,
    origin: {file: 'catalog.json', path: ['tools', name]},
    ...fields,
    name,
    source,
    sourceName: fields.sourceName ?? (source === 'client' ? 'client' : 'plugin'),
  })
}
