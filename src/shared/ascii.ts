/**
 * ASCII character classes by code unit, for the scanners that handle ASCII text by hand and leave
 * anything else to Unicode-aware code. Each is false for NaN (what `charCodeAt` gives past the end
 * of a string), so a scan may look one past its last character.
 */

export function isAsciiUppercase(code: number): boolean {
  return code >= 0x41 && code <= 0x5a
}

export function isAsciiLowercase(code: number): boolean {
  return code >= 0x61 && code <= 0x7a
}

export function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39
}

/** Whether every code unit of `text` is ASCII (U+0000–U+007F). */
export function isAsciiText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false
  return true
}

/** Whether every code unit of `text` is printable ASCII (space to `~`), or with `lineBreaks` also a tab or line feed. */
export function isPrintableAsciiText(text: string, {lineBreaks = false}: {lineBreaks?: boolean} = {}): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code > 0x7e || (code < 0x20 && !(lineBreaks && (code === 0x09 || code === 0x0a)))) return false
  }
  return true
}
