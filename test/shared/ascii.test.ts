import {describe, expect, it} from 'vitest'

import {isAsciiDigit, isAsciiLowercase, isAsciiText, isAsciiUppercase, isPrintableAsciiText} from '../../src/shared/ascii.js'

describe('ASCII classes', () => {
  it('are exactly A–Z, a–z and 0–9, and false past the end of a string', () => {
    for (let code = 0; code < 0x100; code++) {
      const char = String.fromCharCode(code)
      expect(isAsciiUppercase(code), char).toBe(/^[A-Z]$/.test(char))
      expect(isAsciiLowercase(code), char).toBe(/^[a-z]$/.test(char))
      expect(isAsciiDigit(code), char).toBe(/^[0-9]$/.test(char))
    }
    const past = 'a'.charCodeAt(1)
    expect([isAsciiUppercase(past), isAsciiLowercase(past), isAsciiDigit(past)]).toEqual([false, false, false])
  })

  it('a text is ASCII up to U+007F, printable ASCII from space to ~', () => {
    for (const text of ['', 'read_file', 'a\u0000b', 'tab\there', '~ end', 'del\u007f', 'caf\u00e9', 'emoji \u{1f600}']) {
      expect(isAsciiText(text), JSON.stringify(text)).toBe(/^[\x00-\x7f]*$/.test(text))
      expect(isPrintableAsciiText(text), JSON.stringify(text)).toBe(/^[\x20-\x7e]*$/.test(text))
    }
  })
})
