/**
 * Where a tool is defined: the line and column its entry's origin holds (the catalog loaded with
 * `locations`: each file parsed once, keeping where each value is written), or the file alone
 * where they are not known, and the MCP server a live tool came from.
 */
import type {CatalogEntry} from '../catalog/types.js'
import type {ToolLocation} from './types.js'

export function toolLocation(entry: CatalogEntry): ToolLocation {
  const {file, line, column} = entry.origin
  const position = line === undefined || column === undefined ? {} : {line, column}
  return {file, ...position, ...(entry.run?.kind === 'mcp' ? {server: entry.run.server} : {})}
}
