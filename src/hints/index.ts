/**
 * The `input` / `output` hints of a catalog entry (SPEC §5.3, §6), as OpenClaw gives them to the
 * model. Only trusted (openclaw) schemas are ever walked: MCP and client tools get the input hint
 * `unknown` and no output hint.
 */
import type {CatalogEntry} from '../catalog/types.js'
import {UNKNOWN_TYPE, renderInputHint, renderOutputHint} from './signature.js'

export {
  INPUT_SIGNATURE_LIMITS,
  OUTPUT_SIGNATURE_LIMITS,
  inputSignature,
  renderInputHint,
  renderOutputHint,
  renderSignature,
  type Signature,
  type SignatureLimits,
} from './signature.js'

/** The input hint given to untrusted entries. */
export const UNTRUSTED_INPUT_HINT = UNKNOWN_TYPE

/** The compact input signature; shown even when incomplete; `unknown` without parameters. */
export function inputHint(entry: CatalogEntry): string {
  return entry.trusted ? renderInputHint(entry.parameters) : UNTRUSTED_INPUT_HINT
}

/** The compact output signature, only for a trusted entry whose output schema renders completely. */
export function outputHint(entry: CatalogEntry): string | undefined {
  return entry.trusted ? renderOutputHint(entry.outputSchema) : undefined
}
