/**
 * Cutting text by UTF-16 length (JavaScript's `length`, what OpenClaw's character budgets count)
 * without leaving half of a surrogate pair behind.
 */

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd8_00 && code <= 0xdb_ff
}

export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc_00 && code <= 0xdf_ff
}

/**
 * The first `max` code units of `text` (all of it when shorter); one fewer when the cut would
 * separate a surrogate pair (an emoji, say), so the result is well-formed and never longer.
 */
export function truncateUtf16(text: string, max: number): string {
  const limit = Math.max(0, Math.floor(max))
  if (text.length <= limit) return text
  const splitsPair = limit > 0 && isHighSurrogate(text.charCodeAt(limit - 1)) && isLowSurrogate(text.charCodeAt(limit))
  return text.slice(0, splitsPair ? limit - 1 : limit)
}

/** Whether position `index` of `text` falls between the two halves of a surrogate pair. */
export function splitsSurrogatePair(text: string, index: number): boolean {
  return index > 0 && index < text.length && isHighSurrogate(text.charCodeAt(index - 1)) && isLowSurrogate(text.charCodeAt(index))
}
