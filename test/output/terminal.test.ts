import {describe, expect, it} from 'vitest'

import {safeBlock, safeInline, shouldUseColor} from '../../src/output/terminal.js'

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
})

describe('safeBlock', () => {
  it('keeps line feeds and tabs but not other controls', () => {
    expect(safeBlock('a\nb\tc\rd\u0007')).toBe('a\nb\tc\\u000dd\\u0007')
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
