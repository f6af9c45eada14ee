/**
 * Reading a value at a config path (`config get`): objects by key, arrays by unquoted index.
 */
import {isPlainObject} from './include.js'
import {type ConfigPath, isIndexSegment} from './path.js'

export type Lookup = {found: true; value: unknown} | {found: false}

export function valueAtPath(root: unknown, path: ConfigPath): Lookup {
  let current: unknown = root
  for (const segment of path) {
    if (Array.isArray(current) && isIndexSegment(segment)) {
      const index = Number(segment.key)
      if (index >= current.length) return {found: false}
      current = current[index]
    } else if (isPlainObject(current) && Object.hasOwn(current, segment.key)) {
      current = current[segment.key]
    } else {
      return {found: false}
    }
  }
  return {found: true, value: current}
}
