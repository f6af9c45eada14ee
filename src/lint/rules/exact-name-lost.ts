/**
 * `exact-name-lost`: searching the tool's exact name (or id) does not return it first. OpenClaw
 * puts exact name and id matches first, so this happens when another tool answers to the same
 * name — then a model that knows the name still gets the other tool.
 */
import {defineLintRule, lintFinding} from '../registry.js'
import type {LintFinding, LintRuleMeta} from '../types.js'

const meta: LintRuleMeta = {
  id: 'exact-name-lost',
  severity: 'error',
  description: 'Searching the exact name or id of the tool does not return it first.',
  messages: {
    lost: 'Searching its exact {{what}} "{{query}}" returns {{winner}} first. {{advice}}',
  },
}

export const exactNameLost = defineLintRule({
  meta,
  detect(context) {
    const findings: LintFinding[] = []
    const nameCounts = new Map<string, number>()
    for (const entry of context.entries) nameCounts.set(entry.name.toLowerCase(), (nameCounts.get(entry.name.toLowerCase()) ?? 0) + 1)
    for (const entry of context.entries) {
      for (const [what, query] of [['name', entry.name], ['id', entry.id]] as const) {
        const first = context.ranker.search(query, 1)[0]
        if (first?.entry.id === entry.id) continue
        const shared = (nameCounts.get(entry.name.toLowerCase()) ?? 0) > 1
        findings.push(
          lintFinding(meta, {
            messageId: 'lost',
            toolId: entry.id,
            location: context.locate(entry),
            data: {
              what,
              query,
              winner: first?.entry.id ?? 'nothing',
              advice: shared ? 'Another tool has the same name (case aside): give this one a name of its own; until then only its id reaches it.' : 'Give it a name no other tool uses.',
            },
          }),
        )
        break
      }
    }
    return findings
  },
})
