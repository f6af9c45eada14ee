/**
 * Catalog errors name the file and the JSON path of the problem:
 * `tools.json: tools[3].name: must be a string`. A catalog the command cannot use is a usage
 * error (exit 2), like an unreadable file: nothing ran, fix the input and retry.
 */
import {ToolsearchError} from '../shared/errors.js'

export function catalogError(file: string, path: string, problem: string): ToolsearchError {
  const where = path === '' ? '' : `${path}: `
  return new ToolsearchError('invalid-catalog', `${file}: ${where}${problem}`, {file})
}

/** `tools[3]`, `parameters.properties.x`, `parameters.properties["a b"]`. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`
  const segment = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key)
  if (parent === '') return segment
  return segment.startsWith('"') ? `${parent}[${segment}]` : `${parent}.${segment}`
}
