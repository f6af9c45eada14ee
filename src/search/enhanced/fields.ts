/**
 * Catalog entry → the fields the enhanced ranker indexes, as lowercase words (not yet stemmed).
 *
 * - `name`: the tool name split on `_`, `-`, `.` and camelCase; a glued lowercase part
 *   (`sequentialthinking`) is also split into words the catalog uses elsewhere.
 * - `owner`: the server or plugin name (`github`), except the default owners `core` and
 *   `client`, which say nothing about a tool.
 * - `label`, as authored.
 * - `summary`: the sentence of the description that says what the tool does: its first, or in a
 *   description written as Markdown sections the first of its `Purpose` section, headings and
 *   list numbers skipped (`summaryAndRest`).
 * - `description`: the rest, which is mostly usage notes (and often names other tools).
 * - `parameters`: parameter names and descriptions — trusted (openclaw) entries only, exactly as
 *   the openclaw ranker walks them; MCP and client schemas are never read.
 */
import type {CatalogEntry} from '../../catalog/types.js'
import {parameterText} from '../document.js'
import {DEFAULT_OWNERS} from './lexicon/index.js'
import {ENHANCED, type GluedWordLimits} from './options.js'
import {summaryAndRest, wordsOf} from './words.js'

export const FIELD_NAMES = ['name', 'owner', 'label', 'summary', 'description', 'parameters'] as const
export type FieldName = (typeof FIELD_NAMES)[number]

export type FieldWords = Record<FieldName, string[]>

/**
 * Splits a glued lowercase word into the fewest known words (`airqualityforecast` → `air`,
 * `quality`, `forecast`), or returns undefined when it is itself known or cannot be covered by
 * 2–`gluedMaxParts` known words of at least `gluedPartMinLength` letters. Ties between equally short splits go to the first found
 * (longest leading word), so the result never depends on the order words were learned.
 */
export function splitGluedWord(word: string, known: ReadonlySet<string>, limits: GluedWordLimits = ENHANCED): string[] | undefined {
  if (word.length < limits.gluedWordMinLength || known.has(word) || !/^[a-z]+$/.test(word)) return undefined
  const best: Array<string[] | undefined> = Array.from({length: word.length + 1}, () => undefined)
  best[0] = []
  for (let start = 0; start < word.length; start++) {
    const prefix = best[start]
    if (prefix === undefined || prefix.length >= limits.gluedMaxParts) continue
    for (let end = word.length; end >= start + limits.gluedPartMinLength; end--) {
      const piece = word.slice(start, end)
      if (!known.has(piece)) continue
      const candidate = [...prefix, piece]
      const current = best[end]
      if (current === undefined || candidate.length < current.length) best[end] = candidate
    }
  }
  const split = best[word.length]
  return split !== undefined && split.length >= 2 ? split : undefined
}

/** The words of `entry`'s name, glued parts also split against `known` words. */
export function nameWords(name: string, known: ReadonlySet<string>, limits: GluedWordLimits = ENHANCED): string[] {
  const words: string[] = []
  for (const word of wordsOf(name)) {
    words.push(word)
    const pieces = splitGluedWord(word, known, limits)
    if (pieces !== undefined) for (const piece of pieces) words.push(piece)
  }
  return words
}

/** Words of the owner field: empty for the default owners. */
export function ownerWords(entry: CatalogEntry): string[] {
  return DEFAULT_OWNERS.has(entry.sourceName) ? [] : wordsOf(entry.sourceName)
}

/** The fields of `entry` other than its name, as words. */
export function entryTextWords(entry: CatalogEntry): Omit<FieldWords, 'name'> {
  const {summary, rest} = summaryAndRest(entry.description)
  return {
    owner: ownerWords(entry),
    label: entry.label === undefined ? [] : wordsOf(entry.label),
    summary: wordsOf(summary),
    description: wordsOf(rest),
    parameters: entry.trusted ? wordsOf(parameterText(entry.parameters)) : [],
  }
}

/** Every field of `entry`, as words; glued name parts are split against `known` words. */
export function entryFieldWords(entry: CatalogEntry, known: ReadonlySet<string>, limits: GluedWordLimits = ENHANCED): FieldWords {
  return {name: nameWords(entry.name, known, limits), ...entryTextWords(entry)}
}

/**
 * The words a catalog uses in its descriptions and labels (`minLength`+ letters), which glued names are
 * split into. Names are left out on purpose: a glued name must not "explain" itself.
 */
export function catalogVocabulary(texts: ReadonlyArray<Omit<FieldWords, 'name'>>, minLength = ENHANCED.gluedPartMinLength): Set<string> {
  const known = new Set<string>()
  for (const text of texts) {
    for (const field of [text.label, text.summary, text.description]) for (const word of field) if (word.length >= minLength) known.add(word)
  }
  return known
}
