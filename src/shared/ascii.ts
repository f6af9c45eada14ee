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
