/**
 * The `input` / `output` hints of a catalog entry (SPEC §5.3, §6), as OpenClaw gives them to the
 * model. Only trusted (openclaw) schemas are ever walked: MCP and client tools get the input hint
 * `unknown` and no output hint.
 */
import {keptJsonText} from '../catalog/entries-cache.js'
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

/**
 * Hints of schemas read back from kept entries (src/catalog/entries-cache.ts), by the schema's JSON
 * text: a catalog whose tools share a schema renders it once, and a hint found here never parses
 * the schema at all.
 */
const inputHints = new Map<string, string>()
const outputHints = new Map<string, string | undefined>()

function byKeptText<T>(memo: Map<string, T>, text: string | undefined, render: () => T): T {
  if (text === undefined) return render()
  if (memo.has(text)) return memo.get(text) as T
  const hint = render()
  memo.set(text, hint)
  return hint
}

/** The compact input signature; shown even when incomplete; `unknown` without parameters. */
export function inputHint(entry: CatalogEntry): string {
  if (!entry.trusted) return UNTRUSTED_INPUT_HINT
  return byKeptText(inputHints, keptJsonText(entry, 'parameters'), () => renderInputHint(entry.parameters))
}

/** The compact output signature, only for a trusted entry whose output schema renders completely. */
export function outputHint(entry: CatalogEntry): string | undefined {
  if (!entry.trusted) return undefined
  return byKeptText(outputHints, keptJsonText(entry, 'outputSchema'), () => renderOutputHint(entry.outputSchema))
}
