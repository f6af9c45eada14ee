/**
 * `hints`: what the model learns of a trusted tool's arguments and results from a search hit. An
 * input hint that renders `unknown` leaves the model guessing argument names; one that renders
 * incompletely shows only part of the shape; an output schema that does not render completely is
 * not shown at all. Each finding names where in the schema the hint breaks and why. MCP and
 * client tools always show `unknown` by design, so they are not reported here.
 */
import {INPUT_SIGNATURE_LIMITS, OUTPUT_SIGNATURE_LIMITS, type SignatureLimits, inputSignature, renderOutputHint} from '../../hints/index.js'
import {hintObstacle} from '../../hints/diagnose.js'
import {lintFinding} from '../registry.js'
import type {LintFinding, LintRule, LintRuleMeta} from '../types.js'

const meta: LintRuleMeta = {
  id: 'hints',
  severity: 'warning',
  description: "A trusted tool's input hint renders unknown or incomplete, or its output schema shows no hint.",
  messages: {
    inputUnknown: 'Its input hint is `unknown`: the model sees no argument shape. Cause: {{cause}}. Describe the arguments with plain typed properties.',
    inputIncomplete: 'Its input hint `{{hint}}` leaves part of the schema out. Cause: {{cause}}.',
    noOutputHint: 'Its output schema shows no hint. Cause: {{cause}}. Close objects with additionalProperties: false and use plain typed properties.',
  },
}

/** `$ref at properties.filter`, or the size when nothing in the schema is at fault. */
function cause(schema: unknown, limits: SignatureLimits): string {
  const obstacle = hintObstacle(schema, limits)
  if (obstacle === undefined) return `the hint is longer than ${limits.maxChars} characters`
  return obstacle.path === '' ? obstacle.reason : `${obstacle.reason} at ${obstacle.path}`
}

export const hints: LintRule = {
  meta,
  detect(context) {
    const findings: LintFinding[] = []
    for (const entry of context.entries) {
      if (!entry.trusted) continue
      const base = {toolId: entry.id, location: context.locate(entry)}
      if (entry.parameters !== undefined) {
        const {text: hint, complete} = inputSignature(entry.parameters)
        if (hint === 'unknown') {
          findings.push(lintFinding(meta, {...base, messageId: 'inputUnknown', data: {cause: cause(entry.parameters, INPUT_SIGNATURE_LIMITS)}}))
        } else if (!complete && /\bunknown\b|; \.\.\.|\{ \.\.\. \}/.test(hint)) {
          findings.push(lintFinding(meta, {...base, severity: 'info', messageId: 'inputIncomplete', data: {hint, cause: cause(entry.parameters, INPUT_SIGNATURE_LIMITS)}}))
        }
      }
      if (entry.outputSchema !== undefined && renderOutputHint(entry.outputSchema) === undefined) {
        findings.push(lintFinding(meta, {...base, severity: 'info', messageId: 'noOutputHint', data: {cause: cause(entry.outputSchema, OUTPUT_SIGNATURE_LIMITS)}}))
      }
    }
    return findings
  },
}
