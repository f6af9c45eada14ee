/**
 * Text → index terms for the openclaw ranker: tokenize, drop stop words, stem. Documents and
 * queries share this one function so they always meet on the same terms.
 */
import {stemVariants} from './stem.js'
import {STOP_WORDS} from './stop-words.js'
import {chunkTokens, chunksOf, isPlainLowercase, tokenize} from './tokenize.js'

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

/**
 * Index terms of texts as term numbers of one index field, for indexing many documents: each
 * distinct text is analyzed once, and so is each distinct chunk in them (`forEachChunk`). A
 * catalog repeats its vocabulary across thousands of tools and many of its strings too (property
 * names, their descriptions, a server's shared wording), so most texts and chunks are one map
 * lookup. Gives `analyzeText`'s terms, in its order.
 */
export class TextTermNumbers {
  private readonly byText = new Map<string, readonly number[]>()
  private readonly byChunk = new Map<string, readonly number[]>()

  /** `termNumber` numbers a term in the index field (`FieldBuilder.termNumber`). */
  constructor(private readonly termNumber: (term: string) => number) {}

  /** The term numbers of `text`, in order, repeats kept. */
  of(text: string): readonly number[] {
    let numbers = this.byText.get(text)
    if (numbers === undefined) {
      const collected: number[] = []
      // The regex engine splits the text in native code: a process indexes each distinct text
      // once, too few times for V8 to compile a character loop of ours before it is done.
      const chunks = chunksOf(text)
      for (let i = 0; i < chunks.length; i++) {
        const chunk = chunks[i]!
        const chunkNumbers = this.byChunk.get(chunk) ?? this.newChunk(chunk)
        for (let j = 0; j < chunkNumbers.length; j++) collected.push(chunkNumbers[j]!)
      }
      numbers = collected
      this.byText.set(text, numbers)
    }
    return numbers
  }

  private newChunk(chunk: string): readonly number[] {
    const numbers: number[] = []
    chunkTokens(chunk, isPlainLowercase(chunk), (token) => {
      if (STOP_WORDS.has(token)) return
      for (const variant of cachedStemVariants(token)) numbers.push(this.termNumber(variant))
    })
    this.byChunk.set(chunk, numbers)
    return numbers
  }
}
