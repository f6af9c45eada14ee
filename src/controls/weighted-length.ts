/**
 * How much of a tool result budget a text takes, as OpenClaw 2026.9.6 estimates it for its tool
 * result context guard: in weighted characters, about four to a token. Every UTF-16 code unit
 * weighs at least 2 (the guard's raw-text floor: a character may be half a token); characters of
 * CJK and neighbouring scripts, which tokenizers split finer, weigh what their tokens do — 4 a
 * token, whether the character is one code unit or a surrogate pair.
 */
import {splitsSurrogatePair} from '../shared/utf16.js'

/** The least a UTF-16 code unit weighs. */
const RAW_WEIGHT = 2

/**
 * Code points that weigh more than their code units, as `[first, last, weight of one]`, sorted
 * and disjoint. 4 is one token (common CJK ideographs, kana, Hangul syllables, fullwidth forms),
 * 8 two (spacing tone marks, halfwidth and vertical forms), 12 three (radicals, rare and
 * compatibility ideographs, Yi, Hangul jamo, counting rods), 16 four (ideographs and symbols
 * outside the BMP).
 */
const WEIGHTED_RANGES: ReadonlyArray<readonly [first: number, last: number, weight: number]> = [
  [0x00b7, 0x00b7, 4],
  [0x02c7, 0x02c7, 8],
  [0x02c9, 0x02cb, 8],
  [0x02d9, 0x02d9, 8],
  [0x02ea, 0x02eb, 8],
  [0x0305, 0x0305, 8],
  [0x0323, 0x0323, 8],
  [0x1100, 0x11ff, 12],
  [0x2e80, 0x2fff, 12],
  [0x3000, 0x319f, 4],
  [0x31a0, 0x4dff, 12],
  [0x4e00, 0x9fa5, 4],
  [0x9fa6, 0x9fff, 12],
  [0xa000, 0xa4ff, 12],
  [0xa700, 0xa707, 12],
  [0xa960, 0xa97f, 12],
  [0xac00, 0xd7af, 4],
  [0xd7b0, 0xd7ff, 12],
  [0xf900, 0xfaff, 12],
  [0xfe10, 0xfe4f, 8],
  [0xff01, 0xff60, 4],
  [0xff61, 0xffdc, 8],
  [0xffe0, 0xffe6, 8],
  [0x1_6fe0, 0x1_6fff, 16],
  [0x1_aff0, 0x1_afff, 16],
  [0x1_b000, 0x1_b16f, 16],
  [0x1_d360, 0x1_d371, 12],
  [0x1_f200, 0x1_f2ff, 16],
  [0x2_0000, 0x2_fa1f, 16],
  [0x3_0000, 0x3_347f, 16],
]

const ASCII_ONLY = /^[\u0000-\u007f]*$/u

/** The weight of one code point (`char` is one code unit, or a surrogate pair). */
export function charWeight(char: string): number {
  const code = char.codePointAt(0)!
  let low = 0
  let high = WEIGHTED_RANGES.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const [first, last, weight] = WEIGHTED_RANGES[middle]!
    if (code < first) high = middle - 1
    else if (code > last) low = middle + 1
    else return weight
  }
  return char.length * RAW_WEIGHT
}

/** The weighted length of a text: the sum of its code points' weights. */
export function weightedLength(text: string): number {
  if (ASCII_ONLY.test(text)) return text.length * RAW_WEIGHT
  let total = 0
  for (const char of text) total += charWeight(char)
  return total
}

/** The longest start of `text` that weighs at most `budget`, never ending inside a surrogate pair. */
export function headWithin(text: string, budget: number): string {
  let used = 0
  let end = 0
  for (const char of text) {
    const weight = charWeight(char)
    if (used + weight > budget) break
    used += weight
    end += char.length
  }
  return text.slice(0, end)
}

/** The longest end of `text` that weighs at most `budget`, never starting inside a surrogate pair. */
export function tailWithin(text: string, budget: number): string {
  let used = 0
  let start = text.length
  while (start > 0) {
    const from = splitsSurrogatePair(text, start - 1) ? start - 2 : start - 1
    const weight = charWeight(text.slice(from, start))
    if (used + weight > budget) break
    used += weight
    start = from
  }
  return text.slice(start)
}
