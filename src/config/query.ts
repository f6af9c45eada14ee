/**
 * Reading a value at a config path: objects by own key, arrays by index. A path is parsed
 * segments or plain keys (paths from the loader and the schema); either way a canonical index
 * (`0`, `12`) indexes an array, quoted or not, as in OpenClaw.
 */
import {isRecord} from '../shared/json.js'
import {type PathSegment, isIndexSegment} from './path.js'

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
