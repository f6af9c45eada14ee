/**
 * Text → index terms for the openclaw ranker: tokenize, drop stop words, stem. Documents and
 * queries share this one function so they always meet on the same terms.
 */
import {stemVariants} from './stem.js'
import {STOP_WORDS} from './stop-words.js'
import {tokenize} from './tokenize.js'

/** Tokens of `text` that are not stop words, in order (`read the files` → `read`, `files`). */
export function contentWords(text: string): string[] {
  return tokenize(text).filter((token) => !STOP_WORDS.has(token))
}

/**
 * Stem variants by word. A catalog repeats a small vocabulary across thousands of tools, so
 * indexing stems each distinct word once. Cleared when full, so a long-lived process that indexes
 * many catalogs keeps a bounded cache.
 */
const variantsByWord = new Map<string, readonly string[]>()
const MAX_CACHED_WORDS = 50_000

function cachedStemVariants(word: string): readonly string[] {
  let variants = variantsByWord.get(word)
  if (variants === undefined) {
    if (variantsByWord.size >= MAX_CACHED_WORDS) variantsByWord.clear()
    variants = stemVariants(word)
    variantsByWord.set(word, variants)
  }
  return variants
}

/** Index terms of content words: each word's stem variants, in order. */
export function analyzeWords(words: readonly string[]): string[] {
  const terms: string[] = []
  for (const word of words) for (const variant of cachedStemVariants(word)) terms.push(variant)
  return terms
}

/** Index terms of `text`, in order, duplicates kept (`Reads files` → `read`, `fil`). */
export function analyzeText(text: string): string[] {
  return analyzeWords(contentWords(text))
}
