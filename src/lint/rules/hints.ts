/**
 * `hints`: what the model learns of a trusted tool's arguments and results from a search hit. An
 * input hint that renders `unknown` (whole or in part) leaves the model guessing argument names;
 * an output schema that renders incompletely is not shown at all. MCP and client tools always
 * show `unknown` by design, so they are not reported here.
 */
import {inputSignature, renderOutputHint} from '../../hints/index.js'
import {defineLintRule, lintFinding} from '../registry.js'
import type {LintFinding, LintRuleMeta} from '../types.js'

const meta: LintRuleMeta = {
  id: 'hints',
  severity: 'warning',
  description: "A trusted tool's input hint renders unknown or incomplete, or its output schema shows no hint.",
  messages: {
    inputUnknown: 'Its input hint is `{{hint}}`: the model sees no usable argument shape. {{advice}}',
    inputIncomplete: 'Its input hint `{{hint}}` leaves part of the schema out. {{advice}}',
    noOutputHint: 'Its output schema renders incompletely, so no output hint is shown. {{advice}}',
  },
}

const ADVICE = 'Use plain properties with types (no $ref, allOf, not, if/then/else, patternProperties), keep it small, and close objects with additionalProperties: false.'

export const hints = defineLintRule({
  meta,
  detect(context) {
    const findings: LintFinding[] = []
    for (const entry of context.entries) {
      if (!entry.trusted) continue
      const base = {toolId: entry.id, location: context.locate(entry), data: {advice: ADVICE}}
      if (entry.parameters !== undefined) {
        const input = inputSignature(entry.parameters)
        if (input.text === 'unknown') findings.push(lintFinding(meta, {...base, messageId: 'inputUnknown', data: {...base.data, hint: input.text}}))
        else if (!input.complete && /\bunknown\b|; \.\.\.|\{ \.\.\. \}/.test(input.text)) findings.push(lintFinding(meta, {...base, severity: 'info', messageId: 'inputIncomplete', data: {...base.data, hint: input.text}}))
      }
      if (entry.outputSchema !== undefined && renderOutputHint(entry.outputSchema) === undefined) {
        findings.push(lintFinding(meta, {...base, severity: 'info', messageId: 'noOutputHint'}))
      }
    }
    return findings
  },
})
