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

/** Index terms of content words: each word's stem variants, in order. */
export function analyzeWords(words: readonly string[]): string[] {
  const terms: string[] = []
  for (const word of words) for (const variant of stemVariants(word)) terms.push(variant)
  return terms
}

/** Index terms of `text`, in order, duplicates kept (`Reads files` → `read`, `fil`). */
export function analyzeText(text: string): string[] {
  return analyzeWords(contentWords(text))
}
