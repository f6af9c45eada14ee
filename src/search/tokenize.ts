/**
 * The openclaw tokenizer (SPEC §5.1): split on runs of characters that are not Unicode letters,
 * digits or `_`; emit each chunk lowercased, and, when a chunk has two or more parts (camelCase
 * humps, acronyms with an optional plural `s`, digit runs), each part too.
 * Letters and digits are the Unicode categories L and N, as the spec names them: combining marks
 * are neither, so decomposed (NFD) accents split a word.
 */
import {isAsciiDigit, isAsciiLowercase, isAsciiText, isAsciiUppercase} from '../shared/ascii.js'
import {regExpOnFirstUse} from '../shared/regexp.js'

/** What separates chunks: anything but Unicode letters, digits and `_`. Made on first use (regexp.ts). */
export const CHUNK_SEPARATOR = regExpOnFirstUse(() => /[^\p{L}\p{N}_]+/u)
/**
 * The same for ASCII text, where the letters are `A`–`Z` and `a`–`z` and the digits `0`–`9`: most
 * queries and descriptions, which then never need the Unicode one (test/search/tokenize.test.ts
 * compares the two on generated text).
 */
const ASCII_CHUNK_SEPARATOR = /[^A-Za-z0-9_]+/

/** The chunks of `text`, in order: its maximal runs of letters, digits and `_` (`read the_file` → `read`, `the_file`). */
export function chunksOf(text: string): string[] {
  return text.split(isAsciiText(text) ? ASCII_CHUNK_SEPARATOR : CHUNK_SEPARATOR()).filter((chunk) => chunk !== '')
}

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
const CHUNK_PART = regExpOnFirstUse(() => /\p{Lu}+s?(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+/gu)

/** The parts of one chunk (`readFile` → `read`, `File`; `web_search` → `web`, `search`). */
export function chunkParts(chunk: string): string[] {
  return isAsciiText(chunk) ? asciiChunkParts(chunk) : (chunk.match(CHUNK_PART()) ?? [])
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

/** Whether `chunk` is nothing but `a`–`z`: most words of most descriptions, which need no part regex or lowercasing. */
export function isPlainLowercase(chunk: string): boolean {
  for (let i = 0; i < chunk.length; i++) if (!isAsciiLowercase(chunk.charCodeAt(i))) return false
  return chunk.length > 0
}

/**
 * The tokens of one chunk, in order: the chunk lowercased, then, when it has two or more parts,
 * each part lowercased. `plainLowercase` (`isPlainLowercase`) skips the part regex.
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
  for (const chunk of chunksOf(text)) chunkTokens(chunk, isPlainLowercase(chunk), push)
  return tokens
}
