/**
 * Small facts about config text that several modules need: positions, line endings, the BOM.
 * Offsets are UTF-16 indexes into the string; lines and columns are 1-based.
 */

export const BOM = '\uFEFF'

export interface Position {
  line: number
  column: number
}

/** JSON5 line terminators: LF, CR (alone or before LF), LS and PS. */
function isLineBreak(char: string): boolean {
  return char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029'
}

/**
 * Line starts (index 0 is line 1), found as far into the text as asked: after each JSON5 line
 * break (LF, CR, LS, PS; CRLF counts once). A loop over character codes that stops past the
 * offset asked for: a large file has hundreds of thousands of lines, findings are usually near
 * its top, and a regular expression would make a match for each line.
 */
class LineStarts {
  readonly starts = [0]
  /** Where the scan goes on from. */
  private next = 0

  constructor(private readonly text: string) {}

  /** The start of the line holding `offset`, and its index. */
  lineOf(offset: number): {line: number; start: number} {
    const {starts, text} = this
    while (starts[starts.length - 1] <= offset && this.next < text.length) {
      let i = this.next
      for (; i < text.length; i++) {
        const code = text.charCodeAt(i)
        if (code > 0x0d && code < 0x2028) continue
        if (code === 0x0d) {
          if (text.charCodeAt(i + 1) === 0x0a) i++
          break
        }
        if (code === 0x0a || code === 0x2028 || code === 0x2029) break
      }
      if (i < text.length) starts.push(i + 1)
      this.next = i + 1
    }
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if (starts[mid] <= offset) low = mid
      else high = mid - 1
    }
    return {line: low, start: starts[low]}
  }
}

/**
 * A function from offset to 1-based line and column. Lines are found on demand, once per text
 * (`LineStarts`): most parsed files are never asked for a position. A BOM at the start of the
 * file is not a column: editors do not show it, so a value right after it is column 1.
 */
export function positionIndex(text: string): (offset: number) => Position {
  let lines: LineStarts | undefined
  const hasBom = text.startsWith(BOM)
  return (offset) => {
    lines ??= new LineStarts(text)
    const {line, start} = lines.lineOf(offset)
    const bomShift = line === 0 && hasBom && offset > 0 ? 1 : 0
    return {line: line + 1, column: offset - start + 1 - bomShift}
  }
}

/** The 1-based line and column of `offset` (see positionIndex). */
export function positionAt(text: string, offset: number): Position {
  return positionIndex(text)(offset)
}

/** Offset of the first character of the line holding `offset`. */
function lineStartOf(text: string, offset: number): number {
  let i = offset
  while (i > 0 && !isLineBreak(text[i - 1])) i--
  return i
}

/** Length of the line break at `offset` (0 when there is none). */
export function lineBreakLength(text: string, offset: number): number {
  if (text[offset] === '\r' && text[offset + 1] === '\n') return 2
  return offset < text.length && isLineBreak(text[offset]) ? 1 : 0
}

/** The line ending the file mostly uses: CRLF when at least half of its line breaks are CRLF. */
export function detectEol(text: string): '\n' | '\r\n' {
  // Counted by searching, not matching: a match list of every line break of a large file.
  let crlf = 0
  let lf = 0
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    lf++
    if (at > 0 && text.charCodeAt(at - 1) === 0x0d) crlf++
  }
  return crlf > 0 && crlf * 2 >= lf ? '\r\n' : '\n'
}

/** Leading whitespace (spaces and tabs) of the line holding `offset`; a BOM is not indentation. */
export function indentOfLine(text: string, offset: number): string {
  let start = lineStartOf(text, offset)
  if (start === 0 && text.startsWith(BOM)) start = 1
  let end = start
  while (text[end] === ' ' || text[end] === '\t') end++
  return text.slice(start, end)
}

/** Whether only spaces and tabs (or a BOM) stand between the line start and `offset`. */
export function startsLine(text: string, offset: number): boolean {
  const before = text.slice(lineStartOf(text, offset), offset)
  return /^\uFEFF?[ \t]*$/.test(before)
}

/**
 * Skips spaces, tabs and comments after `offset` on the same line. A block comment may span lines;
 * with `{ownLineOnly: true}` one that does is not skipped (it belongs to the lines it runs onto).
 */
export function endOfTrailingTrivia(text: string, offset: number, {ownLineOnly = false} = {}): number {
  let i = offset
  for (;;) {
    while (text[i] === ' ' || text[i] === '\t') i++
    if (text.startsWith('//', i)) {
      while (i < text.length && !/[\n\r\u2028\u2029]/.test(text[i])) i++
      return i
    }
    if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2)
      const end = close === -1 ? text.length : close + 2
      if (ownLineOnly && /[\n\r\u2028\u2029]/.test(text.slice(i, end))) return i
      i = end
      continue
    }
    return i
  }
}

export function isLineBreakAt(text: string, offset: number): boolean {
  return lineBreakLength(text, offset) > 0
}
