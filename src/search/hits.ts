/**
 * Search hits as the model sees them (SPEC §5.3): `{ id, source, sourceName, name, label?,
 * description, input, output? }`. `input` is the compact signature for trusted entries and
 * `unknown` otherwise; `output` appears only when a trusted output schema renders completely.
 */
import type {CatalogEntry, ToolSource} from '../catalog/types.js'
import {inputHint, outputHint} from '../hints/index.js'

export interface SearchHit {
  id: string
  source: ToolSource
  sourceName: string
  name: string
  label?: string
  description: string
  input: string
  output?: string
}

/** The hit for `entry`; batch results pass `formatDescription` to compact the description. */
export function toSearchHit(entry: CatalogEntry, formatDescription: (text: string) => string = (text) => text): SearchHit {
  const hit: SearchHit = {
    id: entry.id,
    source: entry.source,
    sourceName: entry.sourceName,
    name: entry.name,
    ...(entry.label === undefined ? {} : {label: entry.label}),
    description: formatDescription(entry.description),
    input: inputHint(entry),
  }
  const output = outputHint(entry)
  if (output !== undefined) hit.output = output
  return hit
}
