import {describe, expect, it} from 'vitest'

import {STEMMER_KEEP_WORDS, stem, stemVariants, stripOneSuffix} from '../../src/search/stem.js'

describe('stem', () => {
  it('keeps words of 3 letters or fewer', () => {
    expect(stem('ies')).toBe('ies')
    expect(stem('bed')).toBe('bed')
    expect(stem('ls')).toBe('ls')
  })

  it('keeps the keep-list words', () => {
    for (const word of ['news', 'status', 'alias', 'canvas', 'focus', 'bonus', 'virus', 'atlas', 'lens', 'axis', 'basis', 'analysis', 'gas', 'bus', 'plus']) {
      expect(STEMMER_KEEP_WORDS.has(word)).toBe(true)
      expect(stem(word)).toBe(word)
    }
    // Not on the list: stripped like any plural.
    expect(stem('bugs')).toBe('bug')
  })

  it('strips suffixes in order: ies→y, ing, ed, ly, es, er, s, e', () => {
    expect(stripOneSuffix('studies')).toBe('study')
    expect(stripOneSuffix('reading')).toBe('read')
    expect(stripOneSuffix('created')).toBe('creat')
    expect(stripOneSuffix('quickly')).toBe('quick')
    expect(stripOneSuffix('boxes')).toBe('box')
    expect(stripOneSuffix('reader')).toBe('read')
    expect(stripOneSuffix('files')).toBe('fil')
    expect(stripOneSuffix('schedule')).toBe('schedul')
  })

  it('does not strip s after ss', () => {
    expect(stem('process')).toBe('process')
    expect(stem('access')).toBe('access')
    expect(stem('classes')).toBe('class')
  })

  it('strips a suffix only when 3 or more letters remain, else tries the next one', () => {
    // "ties": ies would leave "t", es would leave "ti"; s leaves "tie".
    expect(stripOneSuffix('ties')).toBe('tie')
    // "sing": ing would leave "s"; nothing else applies.
    expect(stripOneSuffix('sing')).toBeUndefined()
    // "used": ed would leave "us"; nothing else applies.
    expect(stripOneSuffix('used')).toBeUndefined()
  })

  it('undoes a doubled final consonant after ing, ed and er', () => {
    expect(stem('running')).toBe('run')
    expect(stem('stopped')).toBe('stop')
    expect(stem('shipper')).toBe('ship')
    expect(stem('recurring')).toBe('recur')
  })

  it('keeps doubled l, s, f, z and vowels, and stems of 3 letters', () => {
    expect(stem('called')).toBe('call')
    expect(stem('passed')).toBe('pass')
    expect(stem('stuffed')).toBe('stuff')
    expect(stem('buzzer')).toBe('buzz')
    expect(stem('seeded')).toBe('seed')
    expect(stem('added')).toBe('add')
  })

  it('undoes any other doubled character too, digits and other scripts included', () => {
    expect(stem('x100ed')).toBe('x10')
    expect(stem('daššing')).toBe('daš')
  })

  it('does not undo doubling after other suffixes', () => {
    expect(stripOneSuffix('dolls')).toBe('doll')
    expect(stripOneSuffix('butts')).toBe('butt')
  })

  it('runs at most 3 passes', () => {
    // readingsers → readingser (s) → readings (er) → reading (s); a 4th pass would strip ing.
    expect(stem('readingsers')).toBe('reading')
    // Two passes when nothing more applies: reportingly → reporting (ly) → report (ing).
    expect(stem('reportingly')).toBe('report')
  })

  it('makes schedule, scheduling and scheduled meet', () => {
    expect(new Set([stem('schedule'), stem('scheduling'), stem('scheduled'), stem('schedules')])).toEqual(new Set(['schedul']))
  })
})

describe('stemVariants', () => {
  it('gives both readings of a long ies plural', () => {
    expect(stemVariants('policies')).toEqual(['policy', 'polici'])
  })

  it('keeps the y reading as is, without stemming it further', () => {
    // stem('replies') runs on: reply → rep; the variant stays "reply".
    expect(stem('replies')).toBe('rep')
    expect(stemVariants('replies')).toEqual(['reply', 'repli'])
  })

  it('gives one stem otherwise', () => {
    expect(stemVariants('ties')).toEqual(['tie'])
    expect(stemVariants('policy')).toEqual(['policy'])
    expect(stemVariants('files')).toEqual(['fil'])
  })
})
