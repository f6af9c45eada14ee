/**
 * The `input` / `output` hints of a catalog entry (SPEC §5.3, §6). Only trusted (openclaw)
 * schemas are ever walked: MCP and client tools get the input hint `unknown` and no output hint.
 */
import type {CatalogEntry} from '../catalog/types.js'
import {INPUT_SIGNATURE_LIMITS, OUTPUT_SIGNATURE_LIMITS, renderSignature} from './signature.js'

export {INPUT_SIGNATURE_LIMITS, OUTPUT_SIGNATURE_LIMITS, renderSignature, type Signature, type SignatureLimits} from './signature.js'

/** The input hint given to untrusted entries. */
export const UNTRUSTED_INPUT_HINT = 'unknown'

/**
 * The compact input signature; shown even when incomplete. A trusted tool that declares no
 * parameters takes none: `{}`.
 */
export function inputHint(entry: CatalogEntry): string {
  if (!entry.trusted) return UNTRUSTED_INPUT_HINT
  if (entry.parameters === undefined) return '{}'
  return renderSignature(entry.parameters, INPUT_SIGNATURE_LIMITS).text
}

/** The compact output signature, only for a trusted entry whose output schema renders completely. */
export function outputHint(entry: CatalogEntry): string | undefined {
  if (!entry.trusted || entry.outputSchema === undefined) return undefined
  const signature = renderSignature(entry.outputSchema, OUTPUT_SIGNATURE_LIMITS)
  return signature.complete ? signature.text : undefined
}
