/**
 * The term table of a kept index (src/search/term-table.ts): looked up where it lies, it gives
 * every term's number and nothing for any other string, as the `Map` it was written from does.
 */
import {describe, expect, it} from 'vitest'

import {SortedTermTable, encodeTermTable, soundTermTable} from '../../src/search/term-table.js'

/** Terms in first-met order, numbered so: ASCII, accents, a non-BMP character, a lone surrogate, prefixes of one another. */
const TERMS = ['read', 'file', 'café', 'cafe', 'caf', '東京', '😀', 'a\uD800', 'a', 'zz', 'readfile', 'Read', '']
const map = new Map(TERMS.map((term, number) => [term, number]))

function tableOf(terms: ReadonlyMap<string, number>): SortedTermTable {
  const {units, starts, numbers} = encodeTermTable(terms)
  expect(soundTermTable(units, starts, numbers)).toBe(true)
  return new SortedTermTable(units, starts, numbers)
}

describe('SortedTermTable', () => {
  it('gives every term its number', () => {
    const table = tableOf(map)
    expect(table.size).toBe(map.size)
    for (const [term, number] of map) expect(table.get(term), JSON.stringify(term)).toBe(number)
  })

  it('gives nothing for strings that are not terms: between, before and after them, or a term with one code unit more or less', () => {
    const table = tableOf(map)
    const others = ['', ' ', 'b', 'caff', 'cafè', 'rea', 'reads', 'readfilex', 'zzz', '\uFFFF', 'a\uD801', 'a\uDC00', '東', '😁', 'READ']
    for (const other of others.filter((text) => !map.has(text))) expect(table.get(other), JSON.stringify(other)).toBeUndefined()
  })

  it('iterates as the Map it was written from: [term, number] in number order', () => {
    const table = tableOf(map)
    expect([...table]).toEqual([...map])
    expect([...table.keys()]).toEqual([...map.keys()])
  })

  it('an empty table finds nothing', () => {
    const table = tableOf(new Map())
    expect(table.size).toBe(0)
    expect(table.get('')).toBeUndefined()
    expect([...table]).toEqual([])
  })

  it('a thousand generated terms: each found with its number, each one changed not found', () => {
    let seed = 5
    const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0)
    const terms = new Map<string, number>()
    while (terms.size < 1000) {
      const term = Array.from({length: 1 + (random() % 8)}, () => String.fromCharCode(random() % 3 === 0 ? 0x61 + (random() % 4) : random() % 0x10000)).join('')
      if (!terms.has(term)) terms.set(term, terms.size)
    }
    const table = tableOf(terms)
    for (const [term, number] of terms) {
      expect(table.get(term)).toBe(number)
      const changed = `${term}\u0000`
      expect(table.get(changed)).toBe(terms.get(changed))
    }
  })
})

describe('soundTermTable', () => {
  const table = () => encodeTermTable(map)

  it.each([
    ['a first start that is not 0', (t: ReturnType<typeof table>) => (t.starts[0] = 1)],
    ['a start that goes back', (t: ReturnType<typeof table>) => (t.starts[3] = t.starts[2]! - 1)],
    ['a last start short of the units', (t: ReturnType<typeof table>) => (t.starts[t.starts.length - 1] = t.starts.at(-1)! - 1)],
    ['a number out of range', (t: ReturnType<typeof table>) => (t.numbers[0] = t.numbers.length)],
    ['a negative number', (t: ReturnType<typeof table>) => (t.numbers[1] = -1)],
    ['a number given twice', (t: ReturnType<typeof table>) => (t.numbers[1] = t.numbers[0]!)],
  ])('refuses %s', (_name, change) => {
    const t = table()
    change(t)
    expect(soundTermTable(t.units, t.starts, t.numbers)).toBe(false)
  })

  it('refuses units of an odd length, and starts that are not one more than the numbers', () => {
    const t = table()
    expect(soundTermTable(Buffer.concat([t.units, Buffer.from([0])]), t.starts, t.numbers)).toBe(false)
    expect(soundTermTable(t.units, t.starts.subarray(1), t.numbers)).toBe(false)
  })

  it('a sound table out of order only misses: every number it gives is in range', () => {
    const {units, starts, numbers} = table()
    // The first and last terms swapped in place (their lengths differ, so the starts move too).
    const terms = Array.from({length: numbers.length}, (_, i) => units.toString('utf16le', 2 * starts[i]!, 2 * starts[i + 1]!))
    const swapped = [terms.at(-1)!, ...terms.slice(1, -1), terms[0]!]
    const reordered = Buffer.from(swapped.join(''), 'utf16le')
    const newStarts = new Int32Array(starts.length)
    swapped.forEach((term, i) => (newStarts[i + 1] = newStarts[i]! + term.length))
    expect(soundTermTable(reordered, newStarts, numbers)).toBe(true)
    const lookups = new SortedTermTable(reordered, newStarts, numbers)
    for (const term of TERMS) {
      const number = lookups.get(term)
      if (number !== undefined) expect(number >= 0 && number < numbers.length).toBe(true)
    }
  })
})
