import {describe, expect, it} from 'vitest'

import {OverlappingEditsError, applyEdits, editBetween, singleEdit, unchangedBy} from '../../src/config/edit.js'
import {decodeEditableConfig} from '../../src/config/read.js'
import {detectEol, positionIndex} from '../../src/config/text.js'

describe('editBetween with what the steps left alone', () => {
  const text = `{\n  tools: {toolSearch: {mode: "code", codeTimeoutMs: 2500}},\n  agents: {${'a: 1, '.repeat(2000)}},\n}\n`
  const steps = [
    [{offset: 23, length: 6, content: '"tools"'}],
    [{offset: 31, length: 20, content: ''}],
    [{offset: 0, length: 0, content: '// lead\n'}, {offset: text.length, length: 0, content: '// tail\n'}],
    [{offset: 40, length: 0, content: '2500'}],
    // An edit that writes back what was there: the minimal edit is narrower than the step.
    [{offset: 10, length: 30, content: text.slice(10, 40)}],
  ]

  it('finds the same single edit as comparing the whole texts, step after step', () => {
    for (let count = 1; count <= steps.length; count++) {
      let current = text
      let unchanged = {prefix: text.length, suffix: text.length}
      for (const edits of steps.slice(0, count)) {
        const shifted = edits.map((edit) => ({...edit, offset: Math.min(edit.offset, current.length), length: Math.min(edit.length, current.length - Math.min(edit.offset, current.length))}))
        unchanged = unchangedBy(current, shifted, unchanged)
        current = applyEdits(current, shifted)
      }
      const single = editBetween(text, current, unchanged)
      expect(single).toEqual(editBetween(text, current))
      expect(applyEdits(text, single)).toBe(current)
    }
  })
})

describe('singleEdit: the single edit that edits amount to', () => {
  it('is the edit between the text and the text edited, also where the common prefix runs on past the last edit', () => {
    const cases: Array<[string, Array<{offset: number; length: number; content: string}>]> = [
      ['{a: 1, b: 2, c: 3}', [{offset: 6, length: 6, content: ''}]],
      ['{a: 1, b: 2, c: 3}', [{offset: 4, length: 1, content: '9'}, {offset: 10, length: 1, content: '8'}]],
      // Removing one of a run: the common prefix runs to the end of the run, past the edit.
      ['xyyyyz', [{offset: 1, length: 1, content: ''}]],
      ['xyyyy', [{offset: 1, length: 1, content: ''}]],
      ['xyyyy', [{offset: 1, length: 0, content: 'y'}]],
      ['ab', [{offset: 2, length: 0, content: 'b'}]],
      ['', [{offset: 0, length: 0, content: 'x'}]],
      ['same', [{offset: 1, length: 2, content: 'am'}]],
      ['abcabc', [{offset: 0, length: 3, content: ''}]],
      ['abcabc', [{offset: 3, length: 3, content: ''}]],
      ['abc', []],
    ]
    for (const [text, edits] of cases) expect(singleEdit(text, edits), `${text} ${JSON.stringify(edits)}`).toEqual(editBetween(text, applyEdits(text, edits)))
  })

  it('is that edit for random edits of texts that repeat themselves', () => {
    // A small alphabet makes common prefixes and suffixes that run past the edits.
    let seed = 7
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return seed % below
    }
    const word = (length: number) => Array.from({length}, () => 'ab😀'[random(3)]).join('')
    for (let round = 0; round < 3000; round++) {
      const text = word(random(12))
      const edits = []
      let cursor = 0
      for (let count = random(3); count > 0 && cursor <= text.length; count--) {
        const offset = cursor + random(text.length - cursor + 1)
        const length = random(text.length - offset + 1)
        edits.push({offset, length, content: word(random(4))})
        cursor = offset + length + 1
      }
      expect(singleEdit(text, edits), `${text} ${JSON.stringify(edits)}`).toEqual(editBetween(text, applyEdits(text, edits)))
    }
  })

  it('refuses overlapping or out-of-range edits as applying them does', () => {
    expect(() => singleEdit('abcdef', [{offset: 1, length: 3, content: ''}, {offset: 2, length: 1, content: 'x'}])).toThrow(OverlappingEditsError)
    expect(() => singleEdit('abc', [{offset: 2, length: 5, content: ''}])).toThrow(expect.objectContaining({code: 'invalid-edit', message: 'Edit 0 reaches past the end of the text (offset 2 + length 5 > 3)'}))
    expect(() => applyEdits('abc', [{offset: 2, length: 5, content: ''}])).toThrow('Edit 0 reaches past the end of the text (offset 2 + length 5 > 3)')
  })
})

describe('decodeEditableConfig with an earlier read', () => {
  it('uses the earlier text for its very bytes, and still refuses bytes that are not UTF-8', () => {
    const good = Buffer.from('{a: "é"}')
    const earlier = {bytes: good, text: good.toString('utf8')}
    expect(decodeEditableConfig(good, '/c.json5', earlier)).toBe(earlier.text)
    expect(decodeEditableConfig(Buffer.from(good), '/c.json5', earlier)).toBe('{a: "é"}')
    const bad = Buffer.from([0x7b, 0x61, 0x3a, 0x22, 0xe9, 0x22, 0x7d])
    expect(() => decodeEditableConfig(bad, '/c.json5', {bytes: bad, text: bad.toString('utf8')})).toThrow(/not valid UTF-8/)
  })
})

describe('positions found on demand', () => {
  /** The line starts of the whole text, as a regular expression finds them. */
  function reference(text: string, offset: number) {
    const starts = [0]
    for (const match of text.matchAll(/\r\n?|[\n\u2028\u2029]/g)) starts.push(match.index + match[0].length)
    const line = starts.filter((start) => start <= offset).length - 1
    const bomShift = line === 0 && text.startsWith('\uFEFF') && offset > 0 ? 1 : 0
    return {line: line + 1, column: offset - starts[line] + 1 - bomShift}
  }

  it('are those of a scan of the whole text, whatever order they are asked in; line endings are counted the same', () => {
    let seed = 11
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return seed % below
    }
    for (let round = 0; round < 300; round++) {
      const text = (random(4) === 0 ? '\uFEFF' : '') + Array.from({length: random(30)}, () => ['a', '\n', '\r', '\r\n', '\u2028', '\u2029', 'é'][random(7)]).join('')
      const position = positionIndex(text)
      const offsets = Array.from({length: 12}, () => random(text.length + 2))
      for (const offset of offsets) expect(position(offset), JSON.stringify({text, offset})).toEqual(reference(text, offset))
      const crlf = text.split('\r\n').length - 1
      const lf = text.split('\n').length - 1
      expect(detectEol(text)).toBe(crlf > 0 && crlf * 2 >= lf ? '\r\n' : '\n')
    }
  })
})
