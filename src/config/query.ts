/**
 * Reading a value at a config path: objects by own key, arrays by index. A path is parsed
 * segments or plain keys (paths from the loader and the schema); either way a canonical index
 * (`0`, `12`) indexes an array, quoted or not, as in OpenClaw.
 */
import {isRecord} from '../shared/json.js'
import type {ToolsearchError} from '../shared/errors.js'
import {type PathSegment, isIndexSegment, pathNotFound, pathUnset} from './path.js'

export type Lookup = {found: true; value: unknown} | {found: false}

export function valueAtPath(root: unknown, path: ReadonlyArray<string | PathSegment>): Lookup {
  let current: unknown = root
  for (const part of path) {
    const segment = typeof part === 'string' ? {key: part, quoted: false} : part
    if (Array.isArray(current) && isIndexSegment(segment)) {
      const index = Number(segment.key)
      if (index >= current.length) return {found: false}
      current = current[index]
    } else if (isRecord(current) && Object.hasOwn(current, segment.key)) {
      current = current[segment.key]
    } else {
      return {found: false}
    }
  }
  return {found: true, value: current}
}

/**
 * Why the file holds nothing at `keys` (`shown` is the path as typed): a path OpenClaw's schema
 * knows is valid but unset, with the value that applies meanwhile; any other path is not found.
 * The schema (a megabyte of JSON) and the default are looked up only here, never on the way to a
 * value that exists.
 */
export async function missingPathError(keys: readonly string[], shown: string, resolvedConfig: unknown): Promise<ToolsearchError> {
  const [{configSchemaSource}, {isConfigSchemaPath, runtimeDefault}] = await Promise.all([import('./schema-source.js'), import('./schema-path.js')])
  const schema = configSchemaSource().schema()
  if (!isConfigSchemaPath(schema, keys)) return pathNotFound(shown)
  return pathUnset(shown, runtimeDefault(schema, keys, resolvedConfig))
}
