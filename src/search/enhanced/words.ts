/**
 * Text → lowercase words for the enhanced ranker. Unlike the openclaw tokenizer it emits only the
 * parts of a chunk, never the glued whole: `get_file_contents`, `getFileContents` and
 * `get-file-contents` all become `get file contents`, so a name and a sentence meet on the same
 * words. Chunks are split the way the openclaw tokenizer splits them (`CHUNK_SEPARATOR`,
 * `chunkParts`).
 */
import {CHUNK_SEPARATOR, chunkParts} from '../tokenize.js'

/**
 * Whether a chunk is one part, the bulk of any text: `read`, `Read` or `URL` (ASCII letters,
 * lowercase after an optional capital, or all capitals). A character scan: the same test as a
 * regular expression, for a fraction of the cost on every word of every description.
 */
function isOnePart(chunk: string): boolean {
  const first = chunk.charCodeAt(0)
  const upper = (code: number) => code >= 0x41 && code <= 0x5a
  const lower = (code: number) => code >= 0x61 && code <= 0x7a
  if (!upper(first) && !lower(first)) return false
  if (chunk.length === 1) return true
  const rest = upper(chunk.charCodeAt(1)) && upper(first) ? upper : lower
  for (let i = 1; i < chunk.length; i++) if (!rest(chunk.charCodeAt(i))) return false
  return true
}

/** Lowercase words of `text`, in order (`readFile(path)` → `read`, `file`, `path`). */
export function wordsOf(text: string): string[] {
  const words: string[] = []
  for (const chunk of text.split(CHUNK_SEPARATOR)) {
    if (chunk === '') continue
    if (isOnePart(chunk)) {
      words.push(chunk.toLowerCase())
      continue
    }
    for (const part of chunkParts(chunk)) words.push(part.toLowerCase())
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
