/** Display widths, cuts and padding as a terminal draws them, and one table layout. */
import {describe, expect, it} from 'vitest'

import {displayWidth, fitWidth, padToWidth, renderColumns} from '../../src/output/columns.js'

describe('displayWidth', () => {
  it('counts the cells a terminal draws: wide CJK and emoji take two, a combining mark none', () => {
    expect(displayWidth('abc')).toBe(3)
    expect(displayWidth('天気')).toBe(4)
    expect(displayWidth('한국어')).toBe(6)
    expect(displayWidth('😀')).toBe(2)
    expect(displayWidth('e\u0301')).toBe(1)
    expect(displayWidth('')).toBe(0)
  })

  it('stops counting past the bound, however long the text', () => {
    expect(displayWidth('x'.repeat(5_000_000), 10)).toBe(11)
    expect(displayWidth('天'.repeat(5_000_000), 10)).toBe(12)
  })
})

describe('fitWidth', () => {
  it('cuts to the cells given, ending with …, never splitting a character or a cluster', () => {
    expect(fitWidth('abcdef', 6)).toBe('abcdef')
    expect(fitWidth('abcdefg', 6)).toBe('abcde…')
    expect(fitWidth('😀😀😀😀', 5)).toBe('😀😀…')
    expect(fitWidth('天気予報', 6)).toBe('天気…')
    // A wide character that would straddle the cut is left out rather than half drawn.
    expect(fitWidth('天気予報', 5)).toBe('天気…')
    expect(fitWidth('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301…')
    expect(fitWidth('x'.repeat(5_000_000), 4)).toBe('xxx…')
    expect(fitWidth('abc', 1)).toBe('…')
    expect(fitWidth('abc', 0)).toBe('')
  })
})

describe('padToWidth', () => {
  it('pads by cells, left or right', () => {
    expect(padToWidth('天', 4)).toBe('天  ')
    expect(padToWidth('7', 3, 'right')).toBe('  7')
    expect(padToWidth('toolong', 3)).toBe('toolong')
  })
})

describe('renderColumns', () => {
  it('aligns mixed-width cells, right-aligns numbers, leaves the last column unpadded and trims', () => {
    const lines = renderColumns(
      [
        ['NAME', 'TOOLS', 'NOTE'],
        ['天気', '12', ''],
        ['weather', '3', 'ok'],
      ],
      [{}, {align: 'right'}, {}],
      {indent: '  '},
    )
    expect(lines).toEqual(['  NAME     TOOLS  NOTE', '  天気        12', '  weather      3  ok'])
  })

  it('cuts a cell to its column’s maximum and styles the padded cell', () => {
    const lines = renderColumns([['abcdefgh', 'x']], [{max: 5, style: (text) => `[${text}]`}, {}])
    expect(lines).toEqual(['[abcd…]  x'])
  })
})
