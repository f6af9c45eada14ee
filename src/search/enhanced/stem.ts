/**
 * The enhanced ranker's stemmer: Porter, from natural's leaf module (never `natural` itself,
 * which is slow to load and prints banners to stdout), with exceptions for its well-known
 * over-stemming where it hurts tool search (`news` → `new`, `settings` → `set`,
 * `organization` → `organ`). Only the enhanced ranker imports this module, so the default path
 * never loads natural.
 */
import {createRequire} from 'node:module'

import {STEMMER_KEEP_WORDS} from '../stem.js'


interface PorterStemmer {
  stem(word: string): string
}

let porter: PorterStemmer | undefined

/** Words Porter gets wrong for our purposes, with the stem they should have. */
export const PORTER_EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  // Not plurals (the openclaw keep-list): news, status, alias, …
  ...[...STEMMER_KEEP_WORDS].map((word): [string, string] => [word, word]),
  ['settings', 'setting'],
  ['setting', 'setting'],
  ['general', 'general'],
  ['organization', 'organization'],
  ['organizations', 'organization'],
  ['organisation', 'organization'],
  ['organisations', 'organization'],
  ['community', 'community'],
  ['communities', 'community'],
  ['university', 'university'],
  ['universities', 'university'],
  ['business', 'business'],
  ['businesses', 'business'],
  ['busy', 'busy'],
  ['data', 'data'],
  ['media', 'media'],
  ['series', 'series'],
  // Writing code is not a program to run; a generic tool does not generate.
  ['programming', 'programming'],
  ['generic', 'generic'],
  // Documentation is not a document (a record in a collection).
  ['documentation', 'documentation'],
  // Useful is not use: Porter stems both to `us`, so every request "using" something would
  // reach what `useful` implies (feedback).
  ['useful', 'useful'],
  ['useless', 'useless'],
  // A terminal (a shell) is not something to terminate.
  ['terminal', 'terminal'],
  ['terminals', 'terminal'],
  // Irregular plurals, which Porter leaves apart from their singular (`get_block_children` for "child blocks").
  ['children', 'child'],
  ['people', 'person'],
  ['indices', 'index'],
  ['analyses', 'analysis'],
  ['criteria', 'criterion'],
  ['matrices', 'matrix'],
  ['vertices', 'vertex'],
  ['mice', 'mouse'],
  ['men', 'man'],
  ['women', 'woman'],
  ['leaves', 'leaf'],
  ['halves', 'half'],
  ['shelves', 'shelf'],
])

/** The Porter stem of a lowercase word (exceptions first). */
export function porterStem(word: string): string {
  const exception = PORTER_EXCEPTIONS.get(word)
  if (exception !== undefined) return exception
  porter ??= createRequire(import.meta.url)('natural/lib/natural/stemmers/porter_stemmer.js') as PorterStemmer
  return porter.stem(word)
}

/**
 * Memoises a function of one word (a stemmer, a glued-word splitter): a catalog repeats the same
 * few thousand words many times over, and queries repeat their words too.
 */
export function memoize<T>(of: (word: string) => T): (word: string) => T {
  const cache = new Map<string, T>()
  return (word) => {
    if (cache.has(word)) return cache.get(word)!
    const value = of(word)
    cache.set(word, value)
    return value
  }
}
