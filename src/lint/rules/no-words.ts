/**
 * `no-words`: a name or description that gives the ranker nothing to match — empty, stop words
 * or symbols only, or written in a script whose words an English query never contains (the
 * tokenizer keeps a run of such letters as one long word, which only that exact run matches).
 */
import type {CatalogEntry} from '../../catalog/types.js'
import {analyzeText} from '../../search/analyze.js'
import {lintFinding} from '../registry.js'
import type {LintFinding, LintRule, LintRuleMeta} from '../types.js'

const meta: LintRuleMeta = {
  id: 'no-words',
  severity: 'warning',
  description: 'The name or description tokenizes to nothing the ranker indexes, or is empty.',
  messages: {
    nothingIndexed: 'Neither its name "{{name}}" nor its description gives the ranker a word to match: only a search for its exact name finds it. Describe what it does in plain words.',
    emptyDescription: 'It has no description: only the words of its name can find it. Add a description that says what it does.',
    descriptionNoWords: 'Its description has only stop words or symbols, which the ranker drops. Say what it does in plain words.',
    otherScript: 'Its description has no word in Latin letters or digits, so English requests never match it. Add a description (or a label) in the language requests are written in.',
    nameNoWords: 'Its name "{{name}}" indexes no word (stop words or symbols only): only its exact name finds it by name. Name it for what it does.',
  },
}

const LATIN_OR_DIGIT = /[a-z0-9]/

/** The message for `entry`'s text, or undefined when it indexes fine. */
function problemOf(entry: CatalogEntry): {messageId: string; severity?: 'error'} | undefined {
  const nameTerms = analyzeText(entry.name)
  const description = entry.description.trim()
  const descriptionTerms = analyzeText(description)
  if (nameTerms.length === 0 && descriptionTerms.length === 0) return {messageId: 'nothingIndexed', severity: 'error'}
  if (description === '') return {messageId: 'emptyDescription'}
  if (descriptionTerms.length === 0) return {messageId: 'descriptionNoWords'}
  if (!descriptionTerms.some((term) => LATIN_OR_DIGIT.test(term))) return {messageId: 'otherScript'}
  if (nameTerms.length === 0) return {messageId: 'nameNoWords'}
  return undefined
}

export const noWords: LintRule = {
  meta,
  detect(context) {
    const findings: LintFinding[] = []
    for (const entry of context.entries) {
      const problem = problemOf(entry)
      if (problem === undefined) continue
      findings.push(lintFinding(meta, {...problem, toolId: entry.id, location: context.locate(entry), data: {name: entry.name}}))
    }
    return findings
  },
}
