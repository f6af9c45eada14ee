/** Builds catalog entries for search tests through the real entry builder (ids, trust, visibility). */
import {makeEntry} from '../../src/catalog/entries.js'
import type {CatalogEntry, JsonSchema, ToolSource} from '../../src/catalog/types.js'
import {isToolsearchError, type ToolsearchError} from '../../src/shared/errors.js'

/** The ToolsearchError `action` throws, or undefined when it succeeds; anything else is rethrown. */
export function thrownBy(action: () => unknown): ToolsearchError | undefined {
  try {
    action()
  } catch (error) {
    if (isToolsearchError(error)) return error
    throw error
  }
  return undefined
}

export interface ToolFields {
  description?: string
  source?: ToolSource
  sourceName?: string
  label?: string
  parameters?: JsonSchema
  outputSchema?: JsonSchema
  directOnly?: boolean
}

export function tool(name: string, fields: ToolFields = {}): CatalogEntry {
  const source = fields.source ?? 'openclaw'
  return makeEntry({
    name,
    source,
    sourceName: fields.sourceName ?? (source === 'openclaw' ? 'plugin' : source === 'client' ? 'client' : 'server'),
    description: fields.description ?? '',
    label: fields.label,
    parameters: fields.parameters,
    outputSchema: fields.outputSchema,
    directOnly: fields.directOnly,
    origin: {file: 'test', path: ['tools', name]},
  })
}
