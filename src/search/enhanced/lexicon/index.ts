/**
 * The enhanced ranker's expansion lexicon: the domain data files of this folder (format in
 * `domain.ts`) joined into one synonym list and one implication list, and compiled with a stemmer
 * into the map queries are expanded with.
 */
import {STOP_WORDS} from '../../stop-words.js'
import {ACTIONS} from './actions.js'
import {BROWSER} from './browser.js'
import {CHAT} from './chat.js'
import {CI} from './ci.js'
import {CRM} from './crm.js'
import {DATABASES} from './databases.js'
import type {LexiconDomain} from './domain.js'
import {EVERYDAY} from './everyday.js'
import {FILES} from './files.js'
import {GIT} from './git.js'
import {KUBERNETES} from './kubernetes.js'
import {MAPS} from './maps.js'
import {MEMORY} from './memory.js'
import {REQUESTS} from './requests.js'
import {WEB} from './web.js'
import {WIKI} from './wiki.js'

export {ACTION_CLASSES, ACTION_FAMILIES, type ActionClass, NOUN_LIKE_ACTION_WORDS, OPENED_TO_CREATE} from './actions.js'
export type {LexiconDomain} from './domain.js'
export {ARGUMENT_KIND_TERMS, COUNT_WORDS, DEFAULT_OWNERS, PHRASE_GAP_WORDS, POINTING_WORDS, QUERY_FILLER_WORDS, SEVERAL_TERMS} from './filler.js'

/** Every domain, by name (the lint test reports a line by its domain). */
export const LEXICON_DOMAINS: Readonly<Record<string, LexiconDomain>> = {
  actions: ACTIONS,
  requests: REQUESTS,
  files: FILES,
  browser: BROWSER,
  git: GIT,
  ci: CI,
  kubernetes: KUBERNETES,
  databases: DATABASES,
  wiki: WIKI,
  chat: CHAT,
  maps: MAPS,
  web: WEB,
  memory: MEMORY,
  crm: CRM,
  everyday: EVERYDAY,
}

export const SYNONYM_GROUPS: readonly string[] = Object.values(LEXICON_DOMAINS).flatMap((domain) => domain.synonyms)
export const IMPLICATIONS: readonly string[] = Object.values(LEXICON_DOMAINS).flatMap((domain) => domain.implications)

/** How a lexicon term relates to the word that brings it in. */
export type LexiconRelation = 'synonym' | 'implication'

export interface LexiconTerm {
  term: string
  /** The lexicon's word for the term, before stemming. */
  word: string
  relation: LexiconRelation
  /**
   * For an implication with several parts (`mkdir > create + directory`): which part, from 1;
   * each part is a separate thing the word asks for, scored as a concept of its own.
   */
  part?: number
}

/** Stemmed lexicon: stemmed word or phrase (words joined by a space) → stemmed terms it adds. */
export type Lexicon = ReadonlyMap<string, readonly LexiconTerm[]>

/** The words of a synonym group, or of one side (or part) of an implication. */
export function lexiconEntries(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '')
}

/** An implication line's left-hand entries and right-hand parts (each a list of entries). */
export function implicationSides(line: string): {left: string[]; parts: string[][]} {
  const [left = '', right = ''] = line.split('>')
  return {left: lexiconEntries(left), parts: right.split('+').map(lexiconEntries)}
}

/**
 * Compiles the lexicon data with `stem`: every entry word and phrase becomes a stemmed key. A
 * term reachable both as a synonym and by implication counts as an implication (the stronger).
 */
export function compileLexicon(stem: (word: string) => string, synonyms: readonly string[] = SYNONYM_GROUPS, implications: readonly string[] = IMPLICATIONS): Lexicon {
  const lexicon = new Map<string, Map<string, {word: string; relation: LexiconRelation; part: number}>>()
  const key = (entry: string) => entry.split('_').map(stem).join(' ')
  const termsOf = (entry: string) => entry.split('_').filter((word) => !STOP_WORDS.has(word)).map((word) => ({word, term: stem(word)}))
  const link = (from: string, to: readonly string[], relation: LexiconRelation, part = 0) => {
    const fromKey = key(from)
    let terms = lexicon.get(fromKey)
    if (terms === undefined) lexicon.set(fromKey, (terms = new Map()))
    const own = new Set(fromKey.split(' '))
    for (const entry of to) {
      for (const {word, term} of termsOf(entry)) if (!own.has(term) && terms.get(term)?.relation !== 'implication') terms.set(term, {word, relation, part})
    }
  }
  for (const group of synonyms) {
    const words = lexiconEntries(group)
    for (const word of words) link(word, words, 'synonym')
  }
  for (const implication of implications) {
    const {left, parts} = implicationSides(implication)
    for (const word of left) parts.forEach((part, index) => link(word, part, 'implication', parts.length > 1 ? index + 1 : 0))
  }
  return new Map(
    [...lexicon].map(([word, terms]) => [
      word,
      [...terms].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([term, {word, relation, part}]) => (part === 0 ? {term, word, relation} : {term, word, relation, part})),
    ]),
  )
}

/** Surface words of the lexicon, so typos of them can be corrected too. */
export function lexiconWords(): string[] {
  return [...SYNONYM_GROUPS, ...IMPLICATIONS].flatMap((line) => line.split(/[\s_>+]+/)).filter((word) => word !== '')
}
