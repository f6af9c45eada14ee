/**
 * Catalog errors name the file and the JSON path of the problem:
 * `tools.json: tools[3].name: must be a string`. A catalog the command cannot use is a usage
 * error (exit 2), like an unreadable file: nothing ran, fix the input and retry.
 */
import {ToolsearchError} from '../shared/errors.js'
import {type JsonPath, type JsonPathSegment, formatJsonPath} from '../shared/json-path.js'

/** `path` is written once, here (`tools[3].name`, `mcpServers["my server"]`: `formatJsonPath`). */
export function catalogError(file: string, path: JsonPath, problem: string): ToolsearchError {
  const where = path.length === 0 ? '' : `${formatJsonPath(path)}: `
  return new ToolsearchError('invalid-catalog', `${file}: ${where}${problem}`, {file})
}

/** The path one segment deeper. */
export function childPath(path: JsonPath, segment: JsonPathSegment): JsonPath {
  return [...path, segment]
}
