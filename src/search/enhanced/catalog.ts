/**
 * Catalog preparation: entries → the BM25F index and the tables query planning and the rules
 * share — each tool's name terms and capability terms (its name without its namespace), the
 * owners' names, and the catalog's words for typo correction and glued-word splitting. The
 * analysed documents are returned too, for the rules to build their tables from; a caller keeps
 * them only while building (the ranker's closures hold the tables, not the text).
 */
import type {CatalogEntry} from '../../catalog/types.js'
import {catalogDocuments} from './documents.js'
import type {FieldName} from './fields.js'
import {lexiconWords} from './lexicon/index.js'
import type {EnhancedOptions} from './options.js'
import {type OwnerIndex, ownerNames} from './owners.js'
import {type AnalyzedDocument, WeightedIndex} from './weighted-index.js'

export interface PreparedCatalog {
  index: WeightedIndex<FieldName>
  documents: ReadonlyArray<AnalyzedDocument<FieldName>>
  /** Per tool: its name's terms, for rebuilding its document when explaining. */
  nameTerms: readonly (readonly string[])[]
  /** Per tool: its distinct name terms without its namespace (what its name says it does). */
  capabilityTerms: readonly (readonly string[])[]
  owners: OwnerIndex
  /** Owner → its tools (document numbers, ascending). */
  docsByOwner: Map<string, number[]>
  /** Catalog and lexicon words → how many tools use them (typo correction). */
  wordFrequencies: Map<string, number>
  /** The catalog's words of `gluedPartMinLength`+ letters (glued query words are split into them). */
  knownWords: Set<string>
}

export function prepareCatalog(entries: readonly CatalogEntry[], options: EnhancedOptions, stem: (word: string) => string): PreparedCatalog {
  const {documents, wordFrequencies, ownerNameWords, docsByOwner, otherUses} = catalogDocuments(entries, stem, options)
  const knownWords = new Set([...wordFrequencies.keys()].filter((word) => word.length >= options.gluedPartMinLength))
  for (const word of lexiconWords()) if (!wordFrequencies.has(word)) wordFrequencies.set(word, 0)

  const index = WeightedIndex.build(documents, options.fields, options.k1)
  const n = index.size
  const nameTerms = documents.map((document) => document.name)
  const namespaces = namespaceTerms(docsByOwner, ownerNameWords, nameTerms, stem, options)
  const capabilityTerms = entries.map((entry, doc) => {
    const skip = namespaces.get(entry.sourceName)!
    return [...new Set(nameTerms[doc])].filter((term) => !skip.has(term))
  })
  // A number in an owner's name (`server-2`) names nothing by itself.
  const owners = ownerNames(ownerNameWords, stem, (word, owner) => (/^\d+$/.test(word) ? n : otherUses(word, owner)), n, options.ownerWordMaxShare)
  return {index, documents, nameTerms, capabilityTerms, owners, docsByOwner, wordFrequencies, knownWords}
}

/**
 * Words of a tool name that say nothing about the capability: the owner's own name
 * (`hubspot-…`) and a prefix most of an owner's tools share (`browser_…`, `API-…`).
 */
function namespaceTerms(
  docsByOwner: ReadonlyMap<string, readonly number[]>,
  ownerNameWords: ReadonlyMap<string, readonly string[]>,
  nameTerms: ReadonlyArray<readonly string[]>,
  stem: (word: string) => string,
  options: Pick<EnhancedOptions, 'namespaceMinTools' | 'namespaceMinShare'>,
): Map<string, Set<string>> {
  const namespaces = new Map<string, Set<string>>()
  for (const [owner, docs] of docsByOwner) {
    const terms = new Set(ownerNameWords.get(owner)!.map(stem))
    if (docs.length >= options.namespaceMinTools) {
      const firsts = new Map<string, number>()
      for (const doc of docs) {
        const first = nameTerms[doc]![0]
        if (first !== undefined) firsts.set(first, (firsts.get(first) ?? 0) + 1)
      }
      for (const [first, count] of firsts) if (count >= options.namespaceMinShare * docs.length) terms.add(first)
    }
    namespaces.set(owner, terms)
  }
  return namespaces
}
