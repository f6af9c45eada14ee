/**
 * `unreachable`: the tool's own purpose, asked as a query, does not bring it into the first
 * `searchDefaultLimit` results. Every probe missing is an error (a model asking for what the tool
 * does will not see it); some probes missing is a warning. The finding names the tools that
 * outrank it and the terms that made them win.
 */
import {ordinal, sideBySide, sideBySideLine} from '../explain.js'
import {lintFinding} from '../registry.js'
import type {LintFinding, LintRule, LintRuleMeta, ProbeOutcome} from '../types.js'

const meta: LintRuleMeta = {
  id: 'unreachable',
  severity: 'error',
  description: "A query made of the tool's own name, label or first clause does not find it within searchDefaultLimit results.",
  messages: {
    none: 'No probe made of its own words finds it in the first {{limit}} results — {{misses}}. Start its description with what it does, in the words a request would use, and name it for that action.',
    some: 'A probe made of its own words misses it in the first {{limit}} results — {{misses}}. Make the first clause of its description say what it does, or give it a label that does.',
  },
}

const KIND_WORDS: Record<ProbeOutcome['probe']['kind'], string> = {name: 'its name', label: 'its label', description: 'its description'}

function missText(outcome: ProbeOutcome, why: string): string {
  const where = outcome.rank === null ? 'does not match it' : `ranks it ${ordinal(outcome.rank)}`
  return `"${outcome.probe.query}" (from ${KIND_WORDS[outcome.probe.kind]}) ${where}: ${why}`
}

export const unreachable: LintRule = {
  meta,
  detect(context) {
    const findings: LintFinding[] = []
    for (const entry of context.entries) {
      const outcomes = context.probes.get(entry.id) ?? []
      const misses = outcomes.filter((outcome) => outcome.rank === null || outcome.rank > context.limit)
      if (misses.length === 0) continue
      const comparisons = misses.map((miss) => sideBySide(context, miss.probe.query, entry.id, miss.above))
      findings.push(
        lintFinding(meta, {
          messageId: misses.length === outcomes.length ? 'none' : 'some',
          severity: misses.length === outcomes.length ? 'error' : 'warning',
          toolId: entry.id,
          location: context.locate(entry),
          data: {limit: context.limit, misses: misses.map((miss, i) => missText(miss, sideBySideLine(comparisons[i]!))).join('; ')},
          details: {probes: misses.map((miss, i) => ({kind: miss.probe.kind, query: miss.probe.query, rank: miss.rank, outranking: comparisons[i]}))},
        }),
      )
    }
    return findings
  },
}
