/**
 * Reading a value at a config path: objects by own key, arrays by index. A path is either parsed
 * segments (`config get`: a quoted `["0"]` never indexes an array) or plain keys, where digits
 * index arrays (paths from the loader and the schema).
 */
import {isRecord} from '../catalog/json.js'
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
