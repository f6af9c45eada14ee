/**
 * Text → lowercase words for the enhanced ranker. Unlike the openclaw tokenizer it emits only the
 * parts of a chunk, never the glued whole: `get_file_contents`, `getFileContents` and
 * `get-file-contents` all become `get file contents`, so a name and a sentence meet on the same
 * words. Chunks are split where the openclaw tokenizer splits them (`chunksOf`), but parts
 * are this ranker's own (`wordParts`): unlike OpenClaw's, they keep words of caseless scripts.
 */
import {isAsciiLowercase, isAsciiUppercase} from '../../shared/ascii.js'
import {chunksOf} from '../tokenize.js'

/**
 * One word of a chunk, tried left to right:
 * - an acronym with a plural `s` (`URLs`, `IDs`), not followed by a lowercase letter;
 * - an acronym directly before a capitalised word (`HTML` in `HTMLParser`);
 * - an optionally capitalised word (`read`, `File`), caseless scripts and titlecase included
 *   (`搜索`, so text in those scripts still makes words);
 * - a trailing acronym (`URL` in `listURL`);
 * - a digit run.
 */
const WORD_PART =
  /\p{Lu}{2,}s(?![\p{Ll}\p{Lo}\p{Lm}\p{Lt}])|\p{Lu}+(?=\p{Lu}[\p{Ll}\p{Lo}\p{Lm}\p{Lt}])|\p{Lu}?[\p{Ll}\p{Lo}\p{Lm}\p{Lt}]+|\p{Lu}+|\p{N}+/gu

/** The words of one chunk, `_`-separated pieces split first (`snake_caseWord` → `snake`, `case`, `Word`). */
export function wordParts(chunk: string): string[] {
  const parts: string[] = []
  for (const piece of chunk.split('_')) {
    if (piece === '') continue
    for (const match of piece.matchAll(WORD_PART)) parts.push(match[0])
  }
  return parts
}

/**
 * Whether a chunk is one part, the bulk of any text: `read`, `Read` or `URL` (ASCII letters,
 * lowercase after an optional capital, or all capitals). A character scan: the same test as a
 * regular expression, for a fraction of the cost on every word of every description.
 */
function isOnePart(chunk: string): boolean {
  const first = chunk.charCodeAt(0)
  if (!isAsciiUppercase(first) && !isAsciiLowercase(first)) return false
  if (chunk.length === 1) return true
  const rest = isAsciiUppercase(chunk.charCodeAt(1)) && isAsciiUppercase(first) ? isAsciiUppercase : isAsciiLowercase
  for (let i = 1; i < chunk.length; i++) if (!rest(chunk.charCodeAt(i))) return false
  return true
}

/** Lowercase words of `text`, in order (`readFile(path)` → `read`, `file`, `path`). */
export function wordsOf(text: string): string[] {
  const words: string[] = []
  for (const chunk of chunksOf(text)) {
    if (isOnePart(chunk)) {
      words.push(chunk.toLowerCase())
      continue
    }
    for (const part of wordParts(chunk)) words.push(part.toLowerCase())
  }
  return words
}

/**
 * The first sentence of a description: up to the first `.`, `!` or `?` followed by whitespace
 * or the end, or the first line when there is no such stop. Tool descriptions state their
 * purpose first and add usage notes (which often name other tools) after.
 */
export function firstSentence(text: string): string {
  const trimmed = text.trim()
  const match = /^[\s\S]*?[.!?](?=\s|$)|^[^\n]*/.exec(trimmed)
  return match === null ? trimmed : match[0]
}

/** A line that heads a section rather than saying anything: `🎯 Purpose:`, `## Usage`, `Returns:` (at most three words). */
const HEADING_LINE = /^[^\p{L}\p{N}]*(?:[\p{L}\p{N}'’-]+[^\p{L}\p{N}\n]*){0,3}$/u
/** A heading of the section that says what a tool does. */
const PURPOSE_HEADING = /^[^\p{L}\n]*(?:purpose|summary|overview|description|what it does)[^\p{L}\n]*$/imu
/** A list marker or decoration before a line's text: `1.`, `2)`, `-`, `*`, `•`, emoji, `**`. */
const LINE_MARKER = /^(?:[^\p{L}\p{N}\s]+|\d{1,2}[.)](?=\s)|\s)+/u

/**
 * A description's summary — the sentence that says what the tool does — and the rest of it.
 * Usually the first sentence (`firstSentence`), but descriptions written as Markdown sections
 * often open with headings and numbered lists (`🎯 Purpose:` / `1. Retrieves …`) or with a
 * warning section before the purpose: heading lines and list markers are skipped, and a section
 * headed `Purpose` (or `Summary`, `Overview`, `Description`) is where the summary is taken from.
 */
export function summaryAndRest(text: string): {summary: string; rest: string} {
  const trimmed = text.trim()
  const purpose = PURPOSE_HEADING.exec(trimmed)
  let start = purpose === null ? 0 : purpose.index + purpose[0].length
  // Skip heading lines and list markers (a heading ends with `:` or has no sentence of its own).
  for (;;) {
    const marker = LINE_MARKER.exec(trimmed.slice(start))
    if (marker !== null) start += marker[0].length
    const lineEnd = trimmed.indexOf('\n', start)
    if (lineEnd < 0) break
    const line = trimmed.slice(start, lineEnd).trim()
    if (!(line.endsWith(':') && HEADING_LINE.test(line)) && line !== '') break
    start = lineEnd + 1
  }
  if (start >= trimmed.length) start = 0
  const summary = firstSentence(trimmed.slice(start))
  const end = trimmed.indexOf(summary, start) + summary.length
  return {summary, rest: `${trimmed.slice(0, start)} ${trimmed.slice(end)}`.trim()}
}
