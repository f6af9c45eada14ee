import {describe, expect, it} from 'vitest'

import {applyEdits, commonAffixes, editBetween} from '../../src/config/edit.js'
import {positionIndex} from '../../src/config/text.js'

/** Whether `index` falls between the two halves of a surrogate pair of `text`. */
const splitsPair = (text: string, index: number) => index > 0 && index < text.length && /[\ud800-\udbff]/.test(text[index - 1]!) && /[\udc00-\udfff]/.test(text[index]!)

/**
 * editBetween as first written: a character loop over both strings (the reference), each end
 * moved out by one where it would fall inside a surrogate pair.
 */
function referenceEdit(before: string, after: string) {
  if (before === after) return []
  let prefix = commonAffixes(before, after).prefix
  if (splitsPair(before, prefix) || splitsPair(after, prefix)) prefix--
  let suffix = commonAffixes(before.slice(prefix), after.slice(prefix)).suffix
  if (splitsPair(before, before.length - suffix) || splitsPair(after, after.length - suffix)) suffix--
  return [{offset: prefix, length: before.length - suffix - prefix, content: after.slice(prefix, after.length - suffix)}]
}

/** A small deterministic generator, so a failure replays. */
function random(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % below
  }
}

describe('editBetween', () => {
  it('gives the same single edit as a character-by-character comparison', () => {
    const next = random(7)
    const alphabet = ['a', 'b', '\n', ' ', 'é', '😀']
    for (let round = 0; round < 400; round++) {
      // Repetitive texts of every size around the search's stretch lengths, so a difference
      // sits at, before and after every stretch boundary.
      const length = next(3) === 0 ? next(20) : next(5000)
      const before = Array.from({length}, () => alphabet[next(next(2) === 0 ? 2 : alphabet.length)]).join('')
      const at = next(before.length + 1)
      const removed = next(Math.min(50, before.length - at) + 1)
      const inserted = Array.from({length: next(4)}, () => alphabet[next(3)]).join('')
      const after = before.slice(0, at) + inserted + before.slice(at + removed)
      const edits = editBetween(before, after)
      expect(edits).toEqual(referenceEdit(before, after))
      expect(applyEdits(before, edits)).toBe(after)
    }
  })

  it('never ends an edit inside a surrogate pair, so the edit always applies', () => {
    // 😀 and 😁 share their first half.
    expect(editBetween('a😀b', 'a😁b')).toEqual([{offset: 1, length: 2, content: '😁'}])
    expect(editBetween('😀', '😀😀')).toEqual([{offset: 2, length: 0, content: '😀'}])
    expect(editBetween('x\ude00', '\ud83d\ude00')).toEqual([{offset: 0, length: 2, content: '\ud83d\ude00'}])
  })

  it('finds the one difference in a large text', () => {
    const before = `${'{ agent: "x" },\n'.repeat(200_000)}`
    const after = `${before.slice(0, 1_600_003)}Y${before.slice(1_600_004)}`
    expect(editBetween(before, after)).toEqual([{offset: 1_600_003, length: 1, content: 'Y'}])
    expect(editBetween(before, before)).toEqual([])
    expect(editBetween('', 'a')).toEqual([{offset: 0, length: 0, content: 'a'}])
    expect(editBetween('abc', '')).toEqual([{offset: 0, length: 3, content: ''}])
  })
})

describe('positionIndex', () => {
  it('counts CRLF once and CR, LF, LS and PS each as a line break; a BOM is not a column', () => {
    const position = positionIndex('\uFEFFa\r\nb\rc\nd\u2028e\u2029f')
    expect([1, 4, 6, 8, 10, 12].map((offset) => position(offset))).toEqual([
      {line: 1, column: 1},
      {line: 2, column: 1},
      {line: 3, column: 1},
      {line: 4, column: 1},
      {line: 5, column: 1},
      {line: 6, column: 1},
    ])
    expect(position(3)).toEqual({line: 1, column: 3})
  })
})
