/**
 * The openclaw tokenizer (SPEC §5.1): split on runs of characters that are not Unicode letters,
 * digits or `_`; emit each chunk lowercased, and, when a chunk has two or more parts (camelCase
 * humps, acronyms with an optional plural `s`, digit runs), each part too.
 * Letters and digits are the Unicode categories L and N, as the spec names them: combining marks
 * are neither, so decomposed (NFD) accents split a word.
 */
import {isAsciiDigit, isAsciiLowercase, isAsciiText, isAsciiUppercase} from '../shared/ascii.js'

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
  return isAsciiText(chunk) ? asciiChunkParts(chunk) : (chunk.match(CHUNK_PART) ?? [])
}

/**
 * `CHUNK_PART`'s matches in an ASCII chunk, found by hand: the parts of most identifiers, without
 * running the Unicode regex thousands of times in a process too short for V8 to compile it (each
 * match is then several microseconds). The same matches, backtracking included: `HTMLParser`
 * gives `HTML`, `Parser`; `URLsfoo` gives `UR`, `Lsfoo`. test/search/tokenize.test.ts compares
 * the two on generated chunks.
 */
function asciiChunkParts(chunk: string): string[] {
  const parts: string[] = []
  let start = 0
  while (start < chunk.length) {
    const code = chunk.charCodeAt(start)
    let end = -1
    if (isAsciiUppercase(code)) {
      let run = start + 1
      while (isAsciiUppercase(chunk.charCodeAt(run))) run++
      // `\p{Lu}+s?(?!\p{Ll})`: the most capitals that, with a plural `s` when one follows, are not
      // followed by a lowercase letter.
      for (let capitalsEnd = run; capitalsEnd > start && end < 0; capitalsEnd--) {
        const next = chunk.charCodeAt(capitalsEnd)
        if (next === 0x73 && !isAsciiLowercase(chunk.charCodeAt(capitalsEnd + 1))) end = capitalsEnd + 1
        else if (!isAsciiLowercase(next)) end = capitalsEnd
      }
      // `\p{Lu}?\p{Ll}+`: a capitalised word.
      if (end < 0 && isAsciiLowercase(chunk.charCodeAt(start + 1))) end = lowercaseRunEnd(chunk, start + 1)
    } else if (isAsciiLowercase(code)) end = lowercaseRunEnd(chunk, start)
    else if (isAsciiDigit(code)) {
      end = start + 1
      while (isAsciiDigit(chunk.charCodeAt(end))) end++
    }
    if (end < 0) start++
    else {
      parts.push(chunk.slice(start, end))
      start = end
    }
  }
  return parts
}

function lowercaseRunEnd(text: string, start: number): number {
  let end = start + 1
  while (isAsciiLowercase(text.charCodeAt(end))) end++
  return end
}

/** Character classes of ASCII code units: not part of a chunk, `a`–`z`, or another chunk character. */
const SEPARATOR = 0
const LOWERCASE = 1
const OTHER_WORD = 2
const ASCII_CLASS = (() => {
  const classes = new Uint8Array(128)
  for (let code = 0; code < 128; code++) {
    const char = String.fromCharCode(code)
    classes[code] = isAsciiLowercase(code) ? LOWERCASE : /[\p{L}\p{N}_]/u.test(char) ? OTHER_WORD : SEPARATOR
  }
  return classes
})()
/** One letter or digit at `lastIndex` (a surrogate pair counts as one code point, a lone surrogate as none). */
const LETTER_OR_DIGIT_AT = /[\p{L}\p{N}]/uy

/**
 * Calls `visit` with each chunk of `text` in order (maximal runs of letters, digits and `_`, as
 * `text.split(CHUNK_SEPARATOR)` gives them, empty ones left out) and whether the chunk is plain
 * lowercase ASCII letters — most words of most descriptions, which then need no part regex or
 * lowercasing. One scan of the text, no array of chunks: indexing thousands of tools calls this
 * for every string they hold.
 */
export function forEachChunk(text: string, visit: (chunk: string, plainLowercase: boolean) => void): void {
  const length = text.length
  let start = -1
  let plain = true
  let i = 0
  while (i < length) {
    const code = text.charCodeAt(i)
    let width = 1
    let kind: number
    if (code < 128) kind = ASCII_CLASS[code]!
    else {
      LETTER_OR_DIGIT_AT.lastIndex = i
      if (LETTER_OR_DIGIT_AT.test(text)) {
        kind = OTHER_WORD
        width = LETTER_OR_DIGIT_AT.lastIndex - i
      } else {
        kind = SEPARATOR
        // A pair that is no letter or digit (an emoji) separates as one code point.
        if (code >= 0xd8_00 && code <= 0xdb_ff && i + 1 < length) {
          const next = text.charCodeAt(i + 1)
          if (next >= 0xdc_00 && next <= 0xdf_ff) width = 2
        }
      }
    }
    if (kind === SEPARATOR) {
      if (start >= 0) visit(text.slice(start, i), plain)
      start = -1
    } else {
      if (start < 0) {
        start = i
        plain = true
      }
      if (kind !== LOWERCASE) plain = false
    }
    i += width
  }
  if (start >= 0) visit(text.slice(start), plain)
}

/**
 * The tokens of one chunk, in order: the chunk lowercased, then, when it has two or more parts,
 * each part lowercased. `plainLowercase` (from `forEachChunk`) skips the part regex.
 */
export function chunkTokens(chunk: string, plainLowercase: boolean, visit: (token: string) => void): void {
  if (plainLowercase) {
    visit(chunk)
    return
  }
  visit(chunk.toLowerCase())
  const parts = chunkParts(chunk)
  if (parts.length >= 2) for (const part of parts) visit(part.toLowerCase())
}

/**
 * Tokens of `text`, lowercased, in order, duplicates kept (they count as term frequency):
 * `readFile` → `readfile`, `read`, `file`.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = []
  const push = (token: string): void => {
    tokens.push(token)
  }
  forEachChunk(text, (chunk, plain) => chunkTokens(chunk, plain, push))
  return tokens
}
