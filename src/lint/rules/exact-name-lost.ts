/**
 * `exact-name-lost`: searching the tool's exact name (or id) does not return it first. OpenClaw
 * puts exact name and id matches first, so this happens when another tool answers to the same
 * name — then a model that knows the name gets the other tool first. An error when the tool is
 * not even within `searchDefaultLimit` results; a warning when it is (the model sees both and
 * must pick by id).
 */
import {lintFinding} from '../registry.js'
import type {LintFinding, LintRule, LintRuleMeta} from '../types.js'

const meta: LintRuleMeta = {
  id: 'exact-name-lost',
  severity: 'error',
  description: 'Searching the exact name or id of the tool does not return it first.',
  messages: {
    lost: 'Searching its exact {{what}} "{{query}}" returns {{winner}} first{{within}}. {{advice}}',
  },
}

export const exactNameLost: LintRule = {
  meta,
  detect(context) {
    const findings: LintFinding[] = []
    const nameCounts = new Map<string, number>()
    for (const entry of context.entries) nameCounts.set(entry.name.toLowerCase(), (nameCounts.get(entry.name.toLowerCase()) ?? 0) + 1)
    for (const entry of context.entries) {
      for (const [what, query] of [['name', entry.name], ['id', entry.id]] as const) {
        const hits = context.ranker.search(query, context.limit)
        const first = hits[0]
        if (first?.entry.id === entry.id) continue
        const withinLimit = hits.some((hit) => hit.entry.id === entry.id)
        const shared = (nameCounts.get(entry.name.toLowerCase()) ?? 0) > 1
        findings.push(
          lintFinding(meta, {
            messageId: 'lost',
            ...(withinLimit ? {severity: 'warning' as const} : {}),
            toolId: entry.id,
            location: context.locate(entry),
            data: {
              what,
              query,
              winner: first?.entry.id ?? 'nothing',
              within: withinLimit ? '' : ` and leaves it out of the first ${context.limit} results`,
              advice: shared ? 'Another tool has the same name (case aside): give this one a name of its own; until then only its id reaches it.' : 'Give it a name no other tool uses.',
            },
          }),
        )
        break
      }
    }
    return findings
  },
}
