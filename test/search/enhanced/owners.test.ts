/** Which owners a request names: whole names, distinctive words, as spelt or through the lexicon. */
import {describe, expect, it} from 'vitest'

import {ENHANCED} from '../../../src/search/enhanced/options.js'
import {namedOwners, namesOwnerAlone, ownerNames} from '../../../src/search/enhanced/owners.js'
import {porterStem} from '../../../src/search/enhanced/stem.js'

// 100 tools; "search" and "git" are everywhere in the other owners' text, the rest nowhere.
const uses: Record<string, number> = {search: 30, git: 20}
const names = ownerNames(
  new Map([
    ['brave-search', ['brave', 'search']],
    ['git', ['git']],
    ['desktop-commander', ['desktop', 'commander']],
    ['mongodb', ['mongodb']],
  ]),
  porterStem,
  (word) => uses[word] ?? 0,
  100,
)
const typed = (...words: string[]) => words.map((word) => ({word, weight: 1}))
const owners = (words: string[], expanded: Parameters<typeof namedOwners>[1] = []) => [...namedOwners(typed(...words), expanded, names).keys()]

describe('named owners', () => {
  it('marks a word distinctive when other owners hardly use it', () => {
    expect(names.names.get('brave-search')!.distinctive).toEqual([true, false])
    expect(ENHANCED.ownerWordMaxShare * 100).toBeLessThan(uses.git!)
  })

  it('are named by a distinctive word or by the whole name', () => {
    expect(owners(['use', 'brave', 'to', 'look'])).toEqual(['brave-search'])
    expect(owners(['brave', 'search'])).toEqual(['brave-search'])
    // "git" is common in the catalog, but it is the owner's whole name.
    expect(owners(['git', 'push'])).toEqual(['git'])
  })

  it('are not named by a common word that is only part of the name', () => {
    expect(owners(['search', 'the', 'web'])).toEqual([])
  })

  it('are named as spelt (or in the plural), not by words that share a stem', () => {
    // "commands" and "commander" both stem to "command"; a request for commands names no server.
    expect(porterStem('commands')).toBe(porterStem('commander'))
    expect(owners(['run', 'commands'])).toEqual([])
    expect(owners(['desktop', 'commander'])).toEqual(['desktop-commander'])
  })

  it('are named through lexicon or typo terms, which keep their weight and origin', () => {
    const named = namedOwners(typed('mongo'), [{term: 'mongodb', weight: 0.8, expandedFrom: 'mongo', word: 'mongodb'}], names)
    expect(named.get('mongodb')).toEqual({term: 'mongodb', weight: 0.8, expandedFrom: 'mongo'})
    // A lexicon word that only shares the owner word's stem does not name it.
    expect(namedOwners(typed('zsh'), [{term: 'command', weight: 0.5, expandedFrom: 'zsh', word: 'command'}], names).size).toBe(0)
  })

  it('tells apart words that name an owner by themselves (skipped when looking for the verb)', () => {
    expect(namesOwnerAlone('brave', names)).toBe(true)
    expect(namesOwnerAlone('git', names)).toBe(true)
    expect(namesOwnerAlone('search', names)).toBe(false)
    expect(namesOwnerAlone('open', names)).toBe(false)
  })
})
