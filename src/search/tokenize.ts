/**
 * The openclaw tokenizer (SPEC §5.1): split on runs of characters that are not Unicode letters,
 * digits or `_`; emit each chunk lowercased, and, when a chunk has two or more parts (camelCase
 * humps, acronyms with an optional plural `s`, digit runs, `_`-separated pieces), each part too.
 * Letters and digits are the Unicode categories L and N, as the spec names them: combining marks
 * are neither, so decomposed (NFD) accents split a word.
 */

export const CHUNK_SEPARATOR = /[^\p{L}\p{N}_]+/u

/**
 * One part of a chunk, tried left to right:
 * - an acronym with a plural `s` (`URLs`, `IDs`), not followed by a lowercase letter;
 * - an acronym directly before a capitalised word (`HTML` in `HTMLParser`);
 * - an optionally capitalised word (`read`, `File`), caseless scripts included;
 * - a trailing acronym (`URL` in `listURL`);
 * - a digit run.
 */
const CHUNK_PART =
  /\p{Lu}{2,}s(?![\p{Ll}\p{Lo}\p{Lm}\p{Lt}])|\p{Lu}+(?=\p{Lu}[\p{Ll}\p{Lo}\p{Lm}\p{Lt}])|\p{Lu}?[\p{Ll}\p{Lo}\p{Lm}\p{Lt}]+|\p{Lu}+|\p{N}+/gu

/** The parts of one chunk (`readFile` → `read`, `File`; `web_search` → `web`, `search`). */
export function chunkParts(chunk: string): string[] {
  const parts: string[] = []
  for (const piece of chunk.split('_')) {
    if (piece === '') continue
    for (const match of piece.matchAll(CHUNK_PART)) parts.push(match[0])
  }
  return parts
}

/**
 * True when `chunk` is plain lowercase ASCII letters: exactly one part, no need for the part
 * regex (most words of most descriptions, so tokenizing stays fast on very long text).
 */
function isPlainLowercase(chunk: string): boolean {
  for (let i = 0; i < chunk.length; i++) {
    const code = chunk.charCodeAt(i)
    if (code < 0x61 || code > 0x7a) return false
  }
  return true
}

/**
 * Tokens of `text`, lowercased, in order, duplicates kept (they count as term frequency):
 * `readFile` → `readfile`, `read`, `file`.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = []
  for (const chunk of text.split(CHUNK_SEPARATOR)) {
    if (chunk === '') continue
    if (isPlainLowercase(chunk)) {
      tokens.push(chunk)
      continue
    }
    tokens.push(chunk.toLowerCase())
    const parts = chunkParts(chunk)
    if (parts.length >= 2) for (const part of parts) tokens.push(part.toLowerCase())
  }
  return tokens
}
