/**
 * A tool's input signature for the person inspecting a catalog, rendered from its real schema —
 * MCP and client schemas included. This is deliberately not what the model is shown: the model
 * gets `input: unknown` for untrusted tools (their schemas are deferred until `tool_describe`),
 * and every place that prints this signature labels it apart from the model's view.
 */
import {renderSignature, type Signature, type SignatureLimits} from '../hints/index.js'
import {isRecord, ownValue} from '../shared/json.js'
import type {CatalogEntry} from '../catalog/types.js'

/** Roomier than the model's hint: a person reads it once, in a terminal, not in every prompt. */
export const HUMAN_SIGNATURE_LIMITS: Readonly<SignatureLimits> = Object.freeze({maxChars: 600, maxProperties: 40, maxDepth: 5, annotateNumbers: true})

/** The signature a person sees: `{}` for a tool without parameters, `unknown` for what cannot render. */
export function humanSignature(entry: CatalogEntry): Signature {
  if (entry.parameters === undefined || takesNoArguments(entry.parameters)) return {text: '{}', complete: true}
  return renderSignature(entry.parameters, HUMAN_SIGNATURE_LIMITS)
}

/**
 * `{type: "object"}` and `{type: "object", properties: {}}` are how servers say "no arguments";
 * the model's hint calls the first open (`{ ... }`), but a person asking what to pass wants `{}`.
 * Only an object schema that names no property and sets no schema for extra ones counts.
 */
function takesNoArguments(schema: unknown): boolean {
  if (!isRecord(schema) || ownValue(schema, 'type') !== 'object') return false
  const properties = ownValue(schema, 'properties')
  const extra = ownValue(schema, 'additionalProperties')
  const noProperties = properties === undefined || (isRecord(properties) && Object.keys(properties).length === 0)
  const noComposition = ['anyOf', 'oneOf', 'allOf', 'patternProperties', '$ref'].every((key) => ownValue(schema, key) === undefined)
  return noProperties && noComposition && (extra === undefined || extra === false)
}

/** Where a description's first line is too long for a listing row, it is cut here. */
const MAX_SUMMARY_CHARS = 160

/** The first line of a description, whitespace collapsed, cut with `…`: one row of a listing. */
export function oneLineDescription(description: string): string {
  const first = description.trim().split(/\r?\n\s*\r?\n|\r?\n/u)[0] ?? ''
  const line = first.replace(/\s+/gu, ' ').trim()
  return line.length <= MAX_SUMMARY_CHARS ? line : `${line.slice(0, MAX_SUMMARY_CHARS - 1).trimEnd()}…`
}
