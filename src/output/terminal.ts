/**
 * Terminal safety and colour. Text that comes from catalogs, config files and MCP servers is
 * untrusted: before it reaches a terminal, control characters and ANSI escape sequences are made
 * visible instead of being interpreted (SPEC §9), and so are the characters a terminal draws as
 * nothing at all, so that two names that differ only by one never look the same.
 *
 * Made visible as `\uXXXX` (astral ones as their two surrogate escapes):
 * - C0 controls, DEL and C1 controls (0x80–0x9f: 0x9b is a one-byte CSI on some terminals);
 * - U+2028/U+2029, line breaks to some renderers;
 * - every format character (Unicode category Cf: bidi marks, embeddings, overrides and isolates
 *   such as U+202A–U+202E and U+2066–U+2069 that reorder what a terminal shows, U+200B zero
 *   width space, U+2060 word joiner, U+FEFF, U+00AD soft hyphen, tag characters…) and every other
 *   default-ignorable code point (variation selectors, Hangul fillers, U+034F…), which a
 *   terminal draws as nothing: `send\u200b_money` is not `send_money`.
 * Kept, because they are how emoji are written and are drawn: a zero width joiner between two
 * pictographs (👩‍💻), and a variation selector after a pictograph (❤️) or in a keycap (1️⃣).
 *
 * JSON for a terminal (`terminalJson`) is data: only what a terminal would act on (controls, DEL,
 * C1, bidi controls, line separators) is escaped there, and the JSON's value stays exact.
 */

import {isPrintableAsciiText} from '../shared/ascii.js'
import {regExpOnFirstUse as onFirstUse} from '../shared/regexp.js'
import {isHighSurrogate, isLowSurrogate} from '../shared/utf16.js'

// Made on first use, and text that is printable ASCII needs none of them: it has nothing to escape.
// eslint-disable-next-line no-control-regex
const UNSAFE_INLINE = onFirstUse(() => /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\p{Default_Ignorable_Code_Point}]/gu)
// eslint-disable-next-line no-control-regex
const UNSAFE_BLOCK = onFirstUse(() => /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\p{Default_Ignorable_Code_Point}]/gu)
/** What JSON printed to a terminal escapes: what a terminal would act on, nothing more. */
// eslint-disable-next-line no-control-regex
const UNSAFE_JSON = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const PICTOGRAPH = onFirstUse(() => /^\p{Extended_Pictographic}$/u)
const ZERO_WIDTH_JOINER = 0x20_0d
const TEXT_PRESENTATION = 0xfe_0e
const EMOJI_PRESENTATION = 0xfe_0f
const KEYCAP = 0x20_e3
const isKeycapBase = (code: number | undefined) => code !== undefined && ((code >= 0x30 && code <= 0x39) || code === 0x23 || code === 0x2a)
const isSkinTone = (code: number | undefined) => code !== undefined && code >= 0x1_f3_fb && code <= 0x1_f3_ff
const isPictograph = (code: number | undefined) => code !== undefined && PICTOGRAPH().test(String.fromCodePoint(code))

/** The code point that ends just before `index` (a surrogate pair read whole). */
function codePointBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined
  const last = text.charCodeAt(index - 1)
  return isLowSurrogate(last) && index >= 2 && isHighSurrogate(text.charCodeAt(index - 2)) ? text.codePointAt(index - 2) : last
}

/** Whether the invisible `char` at `offset` is part of an emoji as written, and so drawn. */
function partOfEmoji(char: string, offset: number, text: string): boolean {
  const code = char.codePointAt(0)
  const after = text.codePointAt(offset + char.length)
  let before = codePointBefore(text, offset)
  if (code === ZERO_WIDTH_JOINER) {
    // 👩🏽‍💻, ❤️‍🔥: a pictograph (perhaps with its skin tone or presentation) before, one after.
    if (before === EMOJI_PRESENTATION || isSkinTone(before)) before = codePointBefore(text, offset - (before! > 0xff_ff ? 2 : 1))
    return isPictograph(before) && isPictograph(after)
  }
  if (code === EMOJI_PRESENTATION || code === TEXT_PRESENTATION) return isPictograph(before) || (isKeycapBase(before) && after === KEYCAP)
  return false
}

function escapeChar(char: string): string {
  let out = ''
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`
  return out
}

const escapeUnlessEmoji = (char: string, offset: number, text: string): string => (partOfEmoji(char, offset, text) ? char : escapeChar(char))

/**
 * The characters of `text` that `safeInline` shows as escapes (controls and invisible characters,
 * the ones emoji are written with aside), in order, each as often as it occurs.
 */
export function hiddenCharacters(text: string): string[] {
  const found: string[] = []
  for (const match of text.matchAll(UNSAFE_INLINE())) if (!partOfEmoji(match[0], match.index, text)) found.push(match[0])
  return found
}

/**
 * Neutralises untrusted text for one line of terminal output: every control character (newlines
 * and tabs included) and every invisible character becomes a visible `\uXXXX`, so an ESC can never
 * start an escape sequence, a newline can never forge another row, and a hidden character can
 * never make one name pass for another.
 */
export function safeInline(text: string): string {
  return isPrintableAsciiText(text) ? text : text.replace(UNSAFE_INLINE(), escapeUnlessEmoji)
}

/** Like `safeInline`, but keeps line feeds and tabs: for multi-line blocks such as tool output. */
export function safeBlock(text: string): string {
  return isPrintableAsciiText(text, {lineBreaks: true}) ? text : text.replace(UNSAFE_BLOCK(), escapeUnlessEmoji)
}

/**
 * JSON for a terminal: the characters `JSON.stringify` leaves raw inside strings (DEL, C1 controls,
 * bidi controls, line separators) become `\uXXXX` escapes, so the text is still valid JSON with the
 * same value. Other invisible characters stay as they are: this is data, exact for a program that
 * reads it.
 */
export function terminalJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_JSON, escapeChar)
}

export interface ColorEnvironment {
  /** `--color` / `--no-color`; undefined when the user passed neither. */
  flag?: boolean
  env?: NodeJS.ProcessEnv
  isTTY?: boolean
}

/**
 * Whether to colour output: never with `--no-color`, `NO_COLOR` (any value) or a non-TTY stream,
 * and `--color` forces it on. `FORCE_COLOR` is honoured the way chalk documents it.
 */
export function shouldUseColor({flag, env = process.env, isTTY = Boolean(process.stdout.isTTY)}: ColorEnvironment): boolean {
  if (flag === false) return false
  if (flag === true) return true
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false'
  return isTTY
}
