/**
 * Text → index terms for the openclaw ranker: tokenize, drop stop words, stem. Documents and
 * queries share this one function so they always meet on the same terms.
 */
import {stemVariants} from './stem.js'
import {STOP_WORDS} from './stop-words.js'
import {tokenize} from './tokenize.js'

/** Index terms of `text`, in order, duplicates kept (`Reads files` → `read`, `fil`). */
export function analyzeText(text: string): string[] {
  const terms: string[] = []
  for (const token of tokenize(text)) {
    if (STOP_WORDS.has(token)) continue
    for (const variant of stemVariants(token)) terms.push(variant)
  }
  return terms
}
