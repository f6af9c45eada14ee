/**
 * `queries` (with `--queries`): a labelled request whose relevant tools are all outside the first
 * `searchDefaultLimit` results — the report `eval --failures` gives, attached to each tool that
 * lost, with the tool that took its place and the terms that made it win.
 */
import {evaluateRanker} from '../../eval/evaluate.js'
import {ordinal, sideBySide, sideBySideLine} from '../explain.js'
import {lintFinding} from '../registry.js'
import type {LintFinding, LintRule, LintRuleMeta} from '../types.js'

const meta: LintRuleMeta = {
  id: 'queries',
  severity: 'error',
  description: 'A labelled request (--queries) does not find the tool within searchDefaultLimit results.',
  messages: {
    missed: 'The request "{{query}}" (line {{line}}) should find it, but it {{where}} and {{winner}} came first: {{why}}. Use the request\'s words in its description.',
  },
}

export const queries: LintRule = {
  meta,
  detect(context) {
    if (context.queries === undefined || context.queries.length === 0) return []
    const byId = new Map(context.entries.map((entry) => [entry.id, entry]))
    const evaluation = evaluateRanker(context.ranker, context.queries, {missDepth: context.limit})
    const findings: LintFinding[] = []
    for (const miss of evaluation.misses) {
      const ranked = context.ranker.search(miss.query, context.entries.length).map((hit) => hit.entry.id)
      for (const id of miss.relevant) {
        const entry = byId.get(id)
        if (entry === undefined) continue
        const rank = ranked.indexOf(id)
        const above = rank === -1 ? ranked.slice(0, context.limit) : ranked.slice(0, rank)
        const comparison = sideBySide(context, miss.query, id, above)
        findings.push(
          lintFinding(meta, {
            messageId: 'missed',
            toolId: id,
            location: context.locate(entry),
            data: {
              query: miss.query,
              line: miss.line,
              where: rank === -1 ? 'is not matched' : `ranks ${ordinal(rank + 1)}`,
              winner: above[0] ?? 'nothing',
              why: sideBySideLine(comparison),
            },
            details: {query: miss.query, line: miss.line, rank: rank === -1 ? null : rank + 1, outranking: comparison},
          }),
        )
      }
    }
    return findings
  },
}
