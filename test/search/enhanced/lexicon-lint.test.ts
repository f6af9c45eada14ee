/**
 * Lint of the enhanced ranker's lexicon data (src/search/enhanced/lexicon/): the lines are global
 * once compiled, so a word in two places has side effects no single line shows.
 *
 * A rule with exceptions has an allow-list of those the data had when the rule was written.
 * Resolving one moves rankings (measured: dropping `show shows` from the television group,
 * `property properties` from the house lines, `job jobs` from either of its lines, or `option
 * options` from the dropdown group or `options` from the config group changes the top ten of 27
 * to 369 queries of MetaTool and the MCP sets), so they stay until a change of rankings is made
 * on purpose. The lists can only shrink: a new violation fails, and so does an entry that no
 * longer occurs (remove it from its list).
 */
import {describe, expect, it} from 'vitest'

import {
  ACTION_CLASSES,
  compileLexicon,
  COUNT_WORDS,
  DEFAULT_OWNERS,
  implicationSides,
  LEXICON_DOMAINS,
  lexiconEntries,
  PHRASE_GAP_WORDS,
  POINTING_WORDS,
  QUERY_FILLER_WORDS,
} from '../../../src/search/enhanced/lexicon/index.js'
import {porterStem} from '../../../src/search/enhanced/stem.js'
import {STOP_WORDS} from '../../../src/search/stop-words.js'

const domains = Object.entries(LEXICON_DOMAINS)
const synonymGroups = domains.flatMap(([domain, {synonyms}]) => synonyms.map((line) => ({domain, line, words: lexiconEntries(line)})))
const implications = domains.flatMap(([domain, {implications}]) => implications.map((line) => ({domain, line, ...implicationSides(line)})))
const isNoise = (word: string) => STOP_WORDS.has(word) || QUERY_FILLER_WORDS.includes(word)

/** Words (as written) in two synonym groups: each joins the two groups into one meaning. */
const SHARED_SYNONYMS = [
  'alert', // notify notification … | dialog popup modal …
  'build', // create make … | pipeline builds ci
  'chart', // helm chart charts | chart diagram plot …
  'charts', // the same
  'debug', // inspect examine debug | troubleshoot diagnose debug
  'examine', // analyze assess … | inspect examine debug
  'options', // config settings preferences … | dropdown select option …
  'property', // field property attribute column … | house home real_estate …
  'select', // sql select | dropdown select option …
  'show', // show display print | tv television series …
  'store', // write save store persist | shop shops store stores
  'study', // research academic scholarly … | learn learning education …
  'terminate', // stop halt cancel … | kill terminate force_quit
]

/** Filler or stop words that are a whole entry of a synonym group: a query never asks for them, yet other words reach them. */
const NOISE_IN_GROUPS = [
  'option', // dropdown select option … (filler)
  'options', // config settings … and dropdown … (filler)
]

/** Words on the left of two implication lines: what they imply would be split over two places. None (each such word has one line with all it implies). */
const SPLIT_IMPLICATIONS: string[] = []

/** Words that must not reach a meaning through the lexicon: `[word, [terms it must not reach all of]]`. */
const NEGATIVE_ROWS: Array<[string, string[]]> = [
  // "show me the open issues" is not about television.
  ['show', ['television']],
  ['shows', ['television']],
  // An object's properties are not real estate.
  ['properties', ['real', 'estate']],
  ['property', ['real', 'estate']],
  // A Kubernetes job is not a career, and a job search is not Kubernetes: a word cannot mean both.
  ['job', ['career', 'kubernetes']],
  ['jobs', ['career', 'kubernetes']],
  // A pull request is not a request to fetch.
  ['pull_request', ['fetch']],
  // A terminal (a shell) is not something to terminate.
  ['terminal', ['terminate', 'kill']],
  // Settings are not setting a value.
  ['settings', ['update']],
]

/** Negative rows the data still violates (see the module comment). */
const KNOWN_LEAKS = ['show', 'shows', 'properties', 'property', 'job', 'jobs']

/** The entries of `map` whose list has more than one distinct value, sorted. */
function repeated(map: Map<string, Set<number>>): string[] {
  return [...map].filter(([, places]) => places.size > 1).map(([word]) => word).sort()
}

describe('lexicon lint', () => {
  it('parses: every implication line has one `>` and words on both sides', () => {
    for (const {line, left, parts} of implications) {
      expect(line.split('>'), line).toHaveLength(2)
      expect(left.length, line).toBeGreaterThan(0)
      for (const part of parts) expect(part.length, line).toBeGreaterThan(0)
    }
    for (const {line, words} of synonymGroups) expect(words.length, line).toBeGreaterThan(1)
  })

  it('no word in two synonym groups, but the allowed ones', () => {
    const groups = new Map<string, Set<number>>()
    synonymGroups.forEach(({words}, index) => {
      for (const word of words) groups.set(word, (groups.get(word) ?? new Set()).add(index))
    })
    expect(repeated(groups)).toEqual([...SHARED_SYNONYMS].sort())
  })

  it('no word twice in one synonym group or on one side of an implication', () => {
    for (const {line, words} of synonymGroups) expect(new Set(words).size, line).toBe(words.length)
    for (const {line, left} of implications) expect(new Set(left).size, line).toBe(left.length)
  })

  it('no filler or stop word as a whole entry of a synonym group, but the allowed ones', () => {
    const noisy = [...new Set(synonymGroups.flatMap(({words}) => words.filter(isNoise)))].sort()
    expect(noisy).toEqual([...NOISE_IN_GROUPS].sort())
  })

  it('no filler or stop word alone on the left of an implication: queries drop it, so the line could never apply', () => {
    expect(implications.flatMap(({left}) => left.filter(isNoise))).toEqual([])
  })

  it('no word on the left of two implication lines, but the allowed ones', () => {
    const lines = new Map<string, Set<number>>()
    implications.forEach(({left}, index) => {
      for (const word of left) lines.set(word, (lines.get(word) ?? new Set()).add(index))
    })
    expect(repeated(lines)).toEqual([...SPLIT_IMPLICATIONS].sort())
  })

  it('negative rows: no word reaches a meaning it must not, but the known leaks', () => {
    const lexicon = compileLexicon(porterStem)
    const key = (entry: string) => entry.split('_').map(porterStem).join(' ')
    const reaches = (word: string, terms: readonly string[]) => {
      const reached = new Set((lexicon.get(key(word)) ?? []).map(({term}) => term))
      return terms.every((term) => reached.has(porterStem(term)))
    }
    const leaks = NEGATIVE_ROWS.filter(([word, terms]) => reaches(word, terms)).map(([word]) => word)
    expect(leaks.sort()).toEqual([...KNOWN_LEAKS].sort())
    // The check itself works: a word reaches what its own group says.
    expect(reaches('delete', ['remove'])).toBe(true)
    expect(reaches('kubectl', ['kubernetes'])).toBe(true)
  })

  it('the word lists rules read are plain lowercase words the lexicon does not expand: a pointing word or a count only points or counts', () => {
    const lexicon = compileLexicon(porterStem)
    const lists = {PHRASE_GAP_WORDS, POINTING_WORDS, COUNT_WORDS, DEFAULT_OWNERS}
    for (const [name, words] of Object.entries(lists)) {
      for (const word of words) {
        expect(word, name).toMatch(/^[a-z]+$/)
        expect(lexicon.has(porterStem(word)), `${name}: ${word}`).toBe(false)
      }
    }
    // A pointing word may stand inside a phrase too (`look these up`).
    for (const word of POINTING_WORDS) expect(PHRASE_GAP_WORDS.has(word), word).toBe(true)
  })

  it('one action vocabulary: no word in two action classes, and an action synonym group stays within one class but for `spin_up`', () => {
    const classOf = new Map<string, string>()
    for (const [action, words] of Object.entries(ACTION_CLASSES)) {
      for (const word of words.split(' ')) {
        expect(classOf.get(word), `${word} in ${action}`).toBeUndefined()
        classOf.set(word, action)
      }
    }
    const spanning = LEXICON_DOMAINS.actions!.synonyms.filter((line) => new Set(lexiconEntries(line).map((word) => classOf.get(word)).filter((action) => action !== undefined)).size > 1)
    // `spin_up` searches like `run` (its group) but makes a new thing (class `create`).
    expect(spanning).toEqual(['run execute launch trigger invoke kick_off spin_up fire'])
  })
})
