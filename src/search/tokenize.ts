/**
 * The openclaw tokenizer (SPEC §5.1): split on runs of characters that are not Unicode letters,
 * digits or `_`; emit each chunk lowercased, and, when a chunk has two or more parts (camelCase
 * humps, acronyms with an optional plural `s`, digit runs), each part too.
 * Letters and digits are the Unicode categories L and N, as the spec names them: combining marks
 * are neither, so decomposed (NFD) accents split a word.
 */

export const CHUNK_SEPARATOR = /[^\p{L}\p{N}_]+/u

/**
 * One part of a chunk, as OpenClaw finds them, left to right:
 * - a run of capitals with an optional plural `s`, not followed by a lowercase letter (`URLs`,
 *   `HTML` in `HTMLParser`, `URL` in `listURL`);
 * - an optionally capitalised lowercase word (`read`, `File`);
 * - a digit run.
 * Only uppercase (Lu) and lowercase (Ll) letters make words: titlecase letters and letters of
 * caseless scripts (CJK, Arabic, …) belong to no part, so `Tokyo東京Tower` has the parts `Tokyo`
 * and `Tower`, and `_` simply separates parts (`web_search` → `web`, `search`).
 */
const CHUNK_PART = /\p{Lu}+s?(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+/gu

/** The parts of one chunk (`readFile` → `read`, `File`; `web_search` → `web`, `search`). */
export function chunkParts(chunk: string): string[] {
  return chunk.match(CHUNK_PART) ?? []
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
