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
    ['an ASCII letter', 0x0061, 2],
    ['a Latin letter (é)', 0x00e9, 2],
    ['the middle dot', 0x00b7, 4],
    ['a caron', 0x02c7, 8],
    ['U+02C8, between two weighted marks', 0x02c8, 2],
    ['a combining dot below', 0x0323, 8],
    ['a Hangul jamo', 0x1100, 12],
    ['a CJK radical', 0x2e80, 12],
    ['the ideographic space', 0x3000, 4],
    ['the last of the common CJK symbols', 0x319f, 4],
    ['the first of the rare BMP ideographs', 0x31a0, 12],
    ['the first unified ideograph', 0x4e00, 4],
    ['U+9FA5', 0x9fa5, 4],
    ['U+9FA6, a later ideograph', 0x9fa6, 12],
    ['a Yi syllable', 0xa000, 12],
    ['a Hangul syllable', 0xac00, 4],
    ['U+D7AF', 0xd7af, 4],
    ['U+D7B0, a late jamo', 0xd7b0, 12],
    ['a compatibility ideograph', 0xf900, 12],
    ['variation selector 16, just below the vertical forms', 0xfe0f, 2],
    ['a vertical form', 0xfe10, 8],
    ['a fullwidth exclamation mark', 0xff01, 4],
    ['a halfwidth full stop', 0xff61, 8],
    ['the fullwidth won sign', 0xffe6, 8],
    ['U+FFE7, past the fullwidth forms', 0xffe7, 2],
    ['a Tangut mark', 0x16fe0, 16],
    ['a counting rod', 0x1d360, 12],
    ['an enclosed ideograph', 0x1f200, 16],
    ['an emoji', 0x1f600, 4],
    ['an extension B ideograph', 0x20000, 16],
    ['an extension G ideograph', 0x30000, 16],
    ['U+3347F', 0x3347f, 16],
    ['U+33480, past the last range', 0x33480, 4],
  ])('%s weighs %d', (_name, code, weight) => {
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
