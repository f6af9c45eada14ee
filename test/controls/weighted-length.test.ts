/**
 * OpenClaw's weighted character estimate with its raw-text floor of 2: a code unit weighs 2, a
 * character of the weighted scripts what its tokens do (4 each), whether one code unit or two.
 * The expected weights are OpenClaw 2026.9.6's table read range by range: 2 a code unit plus 2
 * (common CJK), 6 (two-token marks and forms), 10 (rare BMP), 8 (three-token supplementary) or
 * 12 (other supplementary) for the character.
 */
import {describe, expect, it} from 'vitest'

import {charWeight, headWithin, tailWithin, weightedLength} from '../../src/controls/weighted-length.js'

describe('the weight of one character', () => {
  it.each([
    ['an ASCII letter', 2, 0x0061],
    ['a Latin letter (é)', 2, 0x00e9],
    ['the middle dot', 4, 0x00b7],
    ['a caron', 8, 0x02c7],
    ['U+02C8, between two weighted marks', 2, 0x02c8],
    ['a combining dot below', 8, 0x0323],
    ['a Hangul jamo', 12, 0x1100],
    ['a CJK radical', 12, 0x2e80],
    ['the ideographic space', 4, 0x3000],
    ['the last of the common CJK symbols', 4, 0x319f],
    ['the first of the rare BMP ideographs', 12, 0x31a0],
    ['the first unified ideograph', 4, 0x4e00],
    ['U+9FA5', 4, 0x9fa5],
    ['U+9FA6, a later ideograph', 12, 0x9fa6],
    ['a Yi syllable', 12, 0xa000],
    ['a Hangul syllable', 4, 0xac00],
    ['U+D7AF', 4, 0xd7af],
    ['U+D7B0, a late jamo', 12, 0xd7b0],
    ['a compatibility ideograph', 12, 0xf900],
    ['variation selector 16, just below the vertical forms', 2, 0xfe0f],
    ['a vertical form', 8, 0xfe10],
    ['a fullwidth exclamation mark', 4, 0xff01],
    ['a halfwidth full stop', 8, 0xff61],
    ['the fullwidth won sign', 8, 0xffe6],
    ['U+FFE7, past the fullwidth forms', 2, 0xffe7],
    ['a Tangut mark', 16, 0x16fe0],
    ['a counting rod', 12, 0x1d360],
    ['an enclosed ideograph', 16, 0x1f200],
    ['an emoji', 4, 0x1f600],
    ['an extension B ideograph', 16, 0x20000],
    ['an extension G ideograph', 16, 0x30000],
    ['U+3347F', 16, 0x3347f],
    ['U+33480, past the last range', 4, 0x33480],
  ])('%s weighs %d', (_name, weight, code) => {
    expect(charWeight(String.fromCodePoint(code))).toBe(weight)
  })

  it('weighs a lone surrogate as one code unit', () => {
    expect(charWeight('\ud800')).toBe(2)
    expect(weightedLength('a\udc00b')).toBe(6)
  })
})

describe('the weight of a text', () => {
  it('is the sum of its characters', () => {
    expect(weightedLength('')).toBe(0)
    expect(weightedLength('hello')).toBe(10)
    expect(weightedLength('漢字 ok')).toBe(4 + 4 + 2 + 2 + 2)
    expect(weightedLength('😀𠀀')).toBe(4 + 16)
  })
})

describe('the start and the end within a budget', () => {
  it('keeps whole characters only', () => {
    expect(headWithin('ab😀c', 5)).toBe('ab')
    expect(headWithin('ab😀c', 8)).toBe('ab😀')
    expect(tailWithin('a😀bc', 7)).toBe('bc')
    expect(tailWithin('a😀bc', 8)).toBe('😀bc')
    expect(headWithin('漢漢漢', 11)).toBe('漢漢')
  })

  it('returns the whole text when it fits, and nothing for no budget', () => {
    expect(headWithin('abc', 6)).toBe('abc')
    expect(tailWithin('abc', 100)).toBe('abc')
    expect(headWithin('abc', 0)).toBe('')
    expect(tailWithin('abc', 1)).toBe('')
  })

  it('keeps a lone surrogate as a character of its own', () => {
    expect(headWithin('a\ud800b', 4)).toBe('a\ud800')
    expect(tailWithin('a\udc00b', 4)).toBe('\udc00b')
  })
})
