import type {ConfigDocument} from '../../config/load.js'
import {valueAtPath} from '../../config/query.js'
import {valueText} from '../../config/render.js'

/**
 * The value at `path` as the file writes it, for a message: a `${VAR}` reference stays a
 * reference (findings end up in CI logs; the environment's value never does).
 */
export function writtenValue(document: ConfigDocument, path: readonly string[]): string {
  const lookup = valueAtPath(document.authored, path)
  return valueText(lookup.found ? lookup.value : undefined)
}
