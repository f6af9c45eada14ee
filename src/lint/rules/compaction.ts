/**
 * `compaction`: batch `tool_search` results show a description cut to its first 177 characters
 * (plus `...`). When those characters do not say what the tool does, the model choosing between
 * candidates reads only preamble. The heuristic: the kept part says what the tool does when it
 * uses a word of the tool's name, or when its first clause, asked as a query, finds the tool
 * within the limit (the `unreachable` probe).
 */
import {BATCH_LIMITS} from '../../search/request.js'
import {collapseWhitespace} from '../../shared/description.js'
import {OPENCLAW_CUT} from '../../shared/truncate.js'
import {analyzeText} from '../../search/analyze.js'
import {nameWords} from '../probes.js'
import {lintFinding} from '../registry.js'
import type {LintFinding, LintRule, LintRuleMeta} from '../types.js'

const meta: LintRuleMeta = {
  id: 'compaction',
  severity: 'warning',
  description: 'A description longer than the batch compaction length whose kept part does not say what the tool does.',
  messages: {
    preamble: 'Batch search results keep only the first {{kept}} characters of its {{length}}-character description, and they never mention "{{words}}". Start the description with what the tool does.',
  },
}

export const compaction: LintRule = {
  meta,
  detect(context) {
    const kept = BATCH_LIMITS.descriptionCap - OPENCLAW_CUT.mark.length
    const findings: LintFinding[] = []
    for (const entry of context.entries) {
      const description = collapseWhitespace(entry.description)
      if (description.length <= BATCH_LIMITS.descriptionCap) continue
      const words = nameWords(entry.name)
      const nameTerms = new Set(analyzeText(words))
      if (nameTerms.size === 0) continue
      const keptTerms = analyzeText(description.slice(0, kept))
      if (keptTerms.some((term) => nameTerms.has(term))) continue
      const descriptionProbe = context.probes.get(entry.id)?.find((outcome) => outcome.probe.kind === 'description')
      if (descriptionProbe?.rank != null && descriptionProbe.rank <= context.limit && descriptionProbe.probe.query.length <= kept) continue
      findings.push(lintFinding(meta, {messageId: 'preamble', toolId: entry.id, location: context.locate(entry), data: {kept, length: description.length, words}}))
    }
    return findings
  },
}
