import type {ConfigDocument} from '../../config/load.js'
import {valueAtPath} from '../../config/query.js'
import {redactConfigAt} from '../../config/redact.js'
import {valueText} from '../../config/render.js'

/**
 * The value at `path` as the file writes it, for a message: a `${VAR}` reference stays a
 * reference and a secret is OpenClaw's marker (findings end up in CI logs; neither the
 * environment's value nor a secret written in the file ever does).
 */
export function writtenValue(document: ConfigDocument, path: readonly string[]): string {
  const lookup = valueAtPath(document.authored, path)
  return valueText(lookup.found ? redactConfigAt(document.authored, path) : undefined)
}
