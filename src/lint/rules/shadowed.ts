/**
 * `shadowed`: another tool outranks this one on every probe of both tools, so no query built from
 * either tool's purpose ever shows this one first. The finding names the pair and the words only
 * this tool has — the words that would separate them if its description led with them.
 */
import type {CatalogEntry} from '../../catalog/types.js'
import {analyzeText} from '../../search/analyze.js'
import {openclawDocumentText} from '../../search/document.js'
import {tokenize} from '../../search/tokenize.js'
import {lintFinding} from '../registry.js'
import type {LintContext, LintFinding, LintRule, LintRuleMeta} from '../types.js'

const meta: LintRuleMeta = {
  id: 'shadowed',
  severity: 'warning',
  description: 'Another tool outranks it on every probe of both tools: no probe separates the two.',
  messages: {
    distinct: '{{other}} outranks it on every probe of both tools. Lead its description with what sets it apart; words only it has: {{words}}.',
    identical: '{{other}} outranks it on every probe of both tools, and it has no indexed word the other lacks. Describe what it does differently, in words the other does not use.',
  },
}

/** How many separating words a finding lists. */
const WORDS_SHOWN = 5

/** Ids ranked above `entry` on every one of its probes (empty when it has none). */
function alwaysAbove(context: LintContext, entry: CatalogEntry): string[] {
  const outcomes = context.probes.get(entry.id) ?? []
  if (outcomes.length === 0) return []
  let common = new Set(outcomes[0]!.above)
  for (const outcome of outcomes.slice(1)) common = new Set(outcome.above.filter((id) => common.has(id)))
  return outcomes[0]!.above.filter((id) => common.has(id))
}

/** True when `other` ranks above `entry` on every probe of `other` (an unmatched `entry` ranks below). */
function outranksOnOwnProbes(context: LintContext, other: CatalogEntry, entry: CatalogEntry): boolean {
  return (context.probes.get(other.id) ?? []).every((outcome) => outcome.rank !== null && !outcome.above.includes(entry.id))
}

/**
 * Words of `entry`'s name, label and description whose terms `other`'s indexed text lacks, rarest
 * in the catalog first (a rare word separates best), each once.
 */
export function separatingWords(entry: CatalogEntry, other: CatalogEntry, documentFrequency: (term: string) => number): string[] {
  const otherTerms = new Set(analyzeText(openclawDocumentText(other)))
  const words = new Map<string, number>()
  for (const token of tokenize(`${entry.name} ${entry.label ?? ''} ${entry.description}`)) {
    const terms = analyzeText(token)
    if (terms.length === 0 || words.has(token) || terms.some((term) => otherTerms.has(term))) continue
    words.set(token, terms.reduce((rarest, term) => Math.min(rarest, documentFrequency(term)), Number.POSITIVE_INFINITY))
  }
  return [...words].sort((a, b) => a[1] - b[1]).map(([word]) => word)
}

/** How many tools' indexed text holds each term. */
function documentFrequencies(entries: readonly CatalogEntry[]): (term: string) => number {
  const counts = new Map<string, number>()
  for (const entry of entries) for (const term of new Set(analyzeText(openclawDocumentText(entry)))) counts.set(term, (counts.get(term) ?? 0) + 1)
  return (term) => counts.get(term) ?? 0
}

export const shadowed: LintRule = {
  meta,
  detect(context) {
    const byId = new Map(context.entries.map((entry) => [entry.id, entry]))
    const findings: LintFinding[] = []
    let documentFrequency: ((term: string) => number) | undefined
    for (const entry of context.entries) {
      const other = alwaysAbove(context, entry)
        .map((id) => byId.get(id))
        .find((candidate) => candidate !== undefined && outranksOnOwnProbes(context, candidate, entry))
      if (other === undefined) continue
      documentFrequency ??= documentFrequencies(context.entries)
      const words = separatingWords(entry, other, documentFrequency).slice(0, WORDS_SHOWN)
      findings.push(
        lintFinding(meta, {
          messageId: words.length === 0 ? 'identical' : 'distinct',
          toolId: entry.id,
          location: context.locate(entry),
          data: {other: other.id, words: words.join(', ')},
          details: {other: other.id, separatingWords: words},
        }),
      )
    }
    return findings
  },
}
