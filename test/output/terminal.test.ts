import {describe, expect, it} from 'vitest'

import {safeBlock, safeInline, shouldUseColor, terminalJson} from '../../src/output/terminal.js'

describe('safeInline', () => {
  it('makes ESC visible so an ANSI sequence is printed, not interpreted', () => {
    expect(safeInline('red \u001b[31mtext\u001b[0m')).toBe('red \\u001b[31mtext\\u001b[0m')
  })

  it('makes newlines, tabs, C1 controls and bidi overrides visible', () => {
    expect(safeInline('a\nb\tc\u009bd\u202ee')).toBe('a\\u000ab\\u0009c\\u009bd\\u202ee')
  })

  it('makes bidi marks and Unicode line separators visible', () => {
    expect(safeInline('a\u200eb\u200fc\u061cd\u2028e\u2029f')).toBe('a\\u200eb\\u200fc\\u061cd\\u2028e\\u2029f')
    expect(safeBlock('a\u2028b')).toBe('a\\u2028b')
  })

  it('leaves ordinary Unicode alone', () => {
    expect(safeInline('café 🚀 日本')).toBe('café 🚀 日本')
  })

  it.each([
    ['a zero width space', 'send\u200b_money', 'send\\u200b_money'],
    ['a word joiner', 'send\u2060_money', 'send\\u2060_money'],
    ['a byte order mark', '\ufeffsend_money', '\\ufeffsend_money'],
    ['a soft hyphen', 'send\u00ad_money', 'send\\u00ad_money'],
    ['a zero width joiner between letters', 'send\u200d_money', 'send\\u200d_money'],
    ['a zero width non-joiner', 'send\u200c_money', 'send\\u200c_money'],
    ['a variation selector after a letter', 'send\ufe0f_money', 'send\\ufe0f_money'],
    ['a Hangul filler', 'send\u3164_money', 'send\\u3164_money'],
    ['the bidi embeddings, overrides and isolates', '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069', '\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069'],
    ['a tag character (astral, as its two surrogates)', 'send\u{e0041}_money', 'send\\udb40\\udc41_money'],
    ['an Arabic number sign (format)', '\u0600x', '\\u0600x'],
  ])('makes %s visible', (_name, text, shown) => {
    expect(safeInline(text)).toBe(shown)
    expect(safeBlock(text)).toBe(shown)
  })

  it('keeps the joiners and selectors emoji are written with', () => {
    for (const emoji of ['👩‍💻', '❤️', '❤️‍🔥', '👩🏽‍💻', '1️⃣', '#️⃣', '🏳️‍🌈']) expect(safeInline(`a ${emoji} b`), emoji).toBe(`a ${emoji} b`)
    // A joiner that joins nothing drawn, or a selector before no keycap, is still shown.
    expect(safeInline('👩\u200d_')).toBe('👩\\u200d_')
    expect(safeInline('1\ufe0f')).toBe('1\\ufe0f')
  })
})

describe('terminalJson', () => {
  it('escapes what a terminal acts on and keeps other invisible characters: the same JSON value, exact', () => {
    const value = {name: 'send\u200b_money', description: 'a\u202eb\u009bc'}
    const text = terminalJson(value)
    expect(text).toBe('{"name":"send\u200b_money","description":"a\\u202eb\\u009bc"}')
    expect(JSON.parse(text)).toEqual(value)
  })
})

describe('safeBlock', () => {
  it('keeps line feeds and tabs but not other controls', () => {
    expect(safeBlock('a\nb\tc\rd\u0007')).toBe('a\nb\tc\\u000dd\\u0007')
  })

  it('escapes each ASCII control but the tab and line feed, alone and among printable text', () => {
    for (let code = 0; code < 0x80; code++) {
      const character = String.fromCharCode(code)
      const kept = code === 0x09 || code === 0x0a || (code >= 0x20 && code <= 0x7e)
      const shown = kept ? character : `\\u${code.toString(16).padStart(4, '0')}`
      expect(safeBlock(character), `U+${code.toString(16)}`).toBe(shown)
      expect(safeBlock(`{\n\t"a": 1${character}}`), `U+${code.toString(16)} in a block`).toBe(`{\n\t"a": 1${shown}}`)
    }
  })
})

describe('shouldUseColor', () => {
  it('follows --no-color, NO_COLOR, FORCE_COLOR and the TTY in that order', () => {
    expect(shouldUseColor({flag: false, env: {FORCE_COLOR: '1'}, isTTY: true})).toBe(false)
    expect(shouldUseColor({flag: true, env: {NO_COLOR: '1'}, isTTY: false})).toBe(true)
    expect(shouldUseColor({env: {NO_COLOR: '1'}, isTTY: true})).toBe(false)
    expect(shouldUseColor({env: {NO_COLOR: ''}, isTTY: true})).toBe(true)
    expect(shouldUseColor({env: {FORCE_COLOR: '1'}, isTTY: false})).toBe(true)
    expect(shouldUseColor({env: {FORCE_COLOR: '0'}, isTTY: true})).toBe(false)
    expect(shouldUseColor({env: {}, isTTY: false})).toBe(false)
    expect(shouldUseColor({env: {}, isTTY: true})).toBe(true)
  })
})
