/**
 * Catalog entries → the documents the enhanced index is built from (per field, stemmed terms
 * without stop words), and the word statistics building needs: how many tools use each word
 * (typo correction, glued-word splitting) and which owners' tools use the words of owner names
 * (whether a word names an owner, `owners.ts`). Only the index and a few small tables outlive
 * building; the documents themselves are rebuilt for one tool when `--explain` asks.
 */
import type {CatalogEntry} from '../../catalog/types.js'
import {STOP_WORDS} from '../stop-words.js'
import {catalogVocabulary, entryTextWords, type FieldName, type FieldWords, nameWords, ownerWords} from './fields.js'
import type {GluedWordLimits} from './options.js'
import type {AnalyzedDocument} from './weighted-index.js'

export interface CatalogDocuments {
  documents: Array<AnalyzedDocument<FieldName>>
  /** Word (as written, lowercase) → how many tools use it in any field. */
  wordFrequencies: Map<string, number>
  /** Owner → the words of its name (empty for the default owners `core` and `client`). */
  ownerNameWords: Map<string, string[]>
  /** Owner → its tools (document numbers, ascending). */
  docsByOwner: Map<string, number[]>
  /** How many tools of owners other than `owner` use `word` (a word of some owner's name). */
  otherUses: (word: string, owner: string) => number
}

/** The stemmed terms of `words`, stop words left out; `note` sees each word kept. */
function analyzeWords(words: readonly string[], stem: (word: string) => string, note?: (word: string) => void): string[] {
  const terms: string[] = []
  for (const word of words) {
    if (STOP_WORDS.has(word)) continue
    note?.(word)
    terms.push(stem(word))
  }
  return terms
}

/** The document of one entry whose name terms are known (the name needs the catalog's vocabulary to split glued words). */
export function entryDocument(entry: CatalogEntry, nameTerms: readonly string[], stem: (word: string) => string): AnalyzedDocument<FieldName> {
  return {name: nameTerms, ...analyzeTextFields(entryTextWords(entry), (words) => analyzeWords(words, stem))}
}

function analyzeTextFields(text: Omit<FieldWords, 'name'>, analyze: (words: readonly string[]) => string[]): Omit<AnalyzedDocument<FieldName>, 'name'> {
  return {
    owner: analyze(text.owner),
    label: analyze(text.label),
    summary: analyze(text.summary),
    description: analyze(text.description),
    parameters: analyze(text.parameters),
  }
}

/** Analyzes every entry (names last: their glued parts are split against the other fields' words). */
export function catalogDocuments(entries: readonly CatalogEntry[], stem: (word: string) => string, limits: GluedWordLimits): CatalogDocuments {
  const texts = entries.map(entryTextWords)
  const known = catalogVocabulary(texts, limits.gluedPartMinLength)
  const ownerNameWords = new Map<string, string[]>()
  const docsByOwner = new Map<string, number[]>()
  entries.forEach((entry, doc) => {
    if (!ownerNameWords.has(entry.sourceName)) ownerNameWords.set(entry.sourceName, ownerWords(entry))
    const docs = docsByOwner.get(entry.sourceName)
    if (docs === undefined) docsByOwner.set(entry.sourceName, [doc])
    else docs.push(doc)
  })
  const ownerWordSet = new Set([...ownerNameWords.values()].flat())
  const ownerWordUses = new Map<string, Map<string, number>>()
  const wordFrequencies = new Map<string, number>()
  const documents = entries.map((entry, doc) => {
    const text = texts[doc]!
    // One pass per field: stem the words, and note each distinct word once per tool.
    const seen = new Set<string>()
    const analyze = (words: readonly string[]): string[] => analyzeWords(words, stem, (word) => seen.add(word))
    const document = {name: analyze(nameWords(entry.name, known, limits)), ...analyzeTextFields(text, analyze)}
    for (const word of seen) {
      wordFrequencies.set(word, (wordFrequencies.get(word) ?? 0) + 1)
      if (!ownerWordSet.has(word)) continue
      let uses = ownerWordUses.get(word)
      if (uses === undefined) ownerWordUses.set(word, (uses = new Map()))
      uses.set(entry.sourceName, (uses.get(entry.sourceName) ?? 0) + 1)
    }
    return document
  })
  const otherUses = (word: string, owner: string): number => {
    let count = 0
    for (const [user, uses] of ownerWordUses.get(word) ?? []) if (user !== owner) count += uses
    return count
  }
  return {documents, wordFrequencies, ownerNameWords, docsByOwner, otherUses}
}
