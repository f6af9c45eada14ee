/**
 * Catalog errors name the file and the JSON path of the problem:
 * `tools.json: tools[3].name: must be a string`. A catalog the command cannot use is a usage
 * error (exit 2), like an unreadable file: nothing ran, fix the input and retry.
 */
import {ToolsearchError} from '../shared/errors.js'
import {appendJsonPath} from '../shared/json-path.js'

export function catalogError(file: string, path: string, problem: string): ToolsearchError {
  const where = path === '' ? '' : `${path}: `
  return new ToolsearchError('invalid-catalog', `${file}: ${where}${problem}`, {file})
}

/** `tools[3]`, `parameters.properties.x`, `parameters.properties["a b"]`: the catalog's name for `appendJsonPath` (`shared/json-path.ts`). */
export const childPath = appendJsonPath
