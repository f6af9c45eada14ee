/**
 * The id order without ICU: for printable ASCII under a default locale that collates it as the
 * root collation, `compareIds` computes `localeCompare`'s answer itself (src/shared/order.ts).
 * Checked against `Intl.Collator` of this process's default locale, which the suite runs with
 * (no locale, C or English), and against Turkish and Danish, whose tailorings make the gate
 * necessary.
 */
import {describe, expect, it} from 'vitest'

import {compareAsciiAsRoot, compareIds, defaultLocaleCollatesAsciiAsRoot} from '../../src/shared/order.js'

const PRINTABLE = Array.from({length: 0x7f - 0x20}, (_, index) => String.fromCharCode(0x20 + index))

/** A deterministic stream of numbers in [0, 1) (a linear congruential generator). */
function numbers(seed: number): () => number {
  let state = seed
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    return state / 2 ** 32
  }
}

const sign = (value: number) => Math.sign(value)

describe('compareAsciiAsRoot', () => {
  const collator = new Intl.Collator('en')

  it('orders every pair of printable ASCII characters as the root collation does', () => {
    expect(defaultLocaleCollatesAsciiAsRoot(process.env)).toBe(true)
    for (const a of PRINTABLE) for (const b of PRINTABLE) expect(sign(compareAsciiAsRoot(a, b)), `${a} ${b}`).toBe(sign(collator.compare(a, b)))
  })

  it('orders strings as the root collation does: primary weights over the whole strings, then case', () => {
    const next = numbers(20_261_202)
    const stems = ['', 'a', 'A', 'ab', 'aB', 'Ab', 'mcp:github:', 'mcp:GitHub:', 'echo1', 'Echo', '_', '-']
    const text = () => {
      let value = stems[Math.floor(next() * stems.length)]!
      const length = Math.floor(next() * 6)
      for (let i = 0; i < length; i++) value += PRINTABLE[Math.floor(next() * PRINTABLE.length)]!
      return value
    }
    for (let round = 0; round < 50_000; round++) {
      const a = text()
      const b = text()
      expect(sign(compareAsciiAsRoot(a, b)), JSON.stringify([a, b])).toBe(sign(collator.compare(a, b)))
    }
    // OpenClaw's examples (SPEC §5.1), and a prefix before a longer string whatever the case.
    const ordered = ['_delta', 'alpha', 'Alpha', 'alphas', 'echo1', 'echo10', 'Echo2']
    expect([...ordered].reverse().sort(compareAsciiAsRoot)).toEqual(ordered)
    expect([...ordered].reverse().sort(compareIds)).toEqual(ordered)
  })

  it('leaves any other id to ICU: non-ASCII and control characters', () => {
    expect(['b', 'ábaco', 'a'].sort(compareIds)).toEqual(['a', 'ábaco', 'b'])
    expect(sign(compareIds('a\tb', 'a b'))).toBe(sign(collator.compare('a\tb', 'a b')))
  })
})

describe('defaultLocaleCollatesAsciiAsRoot', () => {
  it('takes the default locale as ICU does: LC_ALL, then LC_MESSAGES, then LANG', () => {
    expect(defaultLocaleCollatesAsciiAsRoot({})).toBe(true)
    expect(defaultLocaleCollatesAsciiAsRoot({LANG: 'C.UTF-8'})).toBe(true)
    expect(defaultLocaleCollatesAsciiAsRoot({LANG: 'POSIX'})).toBe(true)
    expect(defaultLocaleCollatesAsciiAsRoot({LANG: 'en_GB.UTF-8'})).toBe(true)
    expect(defaultLocaleCollatesAsciiAsRoot({LANG: 'tr_TR.UTF-8'})).toBe(false)
    expect(defaultLocaleCollatesAsciiAsRoot({LANG: 'tr_TR.UTF-8', LC_ALL: 'C'})).toBe(true)
    expect(defaultLocaleCollatesAsciiAsRoot({LANG: 'en_US.UTF-8', LC_MESSAGES: 'da_DK.UTF-8'})).toBe(false)
    expect(defaultLocaleCollatesAsciiAsRoot({LANG: 'en_US.UTF-8', LC_ALL: ''})).toBe(true)
    // LC_COLLATE does not choose V8's default locale.
    expect(defaultLocaleCollatesAsciiAsRoot({LC_COLLATE: 'tr_TR.UTF-8'})).toBe(true)
    expect(defaultLocaleCollatesAsciiAsRoot({LANG: 'english'})).toBe(false)
  })

  it('is needed: Turkish and Danish tailor the order of ASCII ids', () => {
    expect(['i', 'I'].sort(new Intl.Collator('tr').compare)).not.toEqual(['i', 'I'].sort(compareAsciiAsRoot))
    expect(['aa', 'z'].sort(new Intl.Collator('da').compare)).not.toEqual(['aa', 'z'].sort(compareAsciiAsRoot))
  })
})
