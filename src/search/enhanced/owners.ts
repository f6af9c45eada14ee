/**
 * Which owners (servers, plugins) a request names. Naming a server (`… on gitlab`, `use brave
 * to …`) is a strong hint, but owner names are often ordinary words (`brave-search`, `memory`,
 * `everything`, `git`), so a request names an owner when it has
 * - the owner's whole name (`git`, `brave search`), or
 * - a distinctive word of it: one the rest of the catalog (other owners' tools) hardly uses
 *   (`brave`, `notion`, `kubernetes`), not `search`, which half the catalog says;
 * typed as the owner spells it (`commands` does not name `desktop-commander`, though both stem
 * to `command`), or reached through the lexicon or a typo correction (`mongo` → `mongodb`).
 */
import {ENHANCED} from './options.js'
import type {ConceptTerm} from './concept.js'

export interface OwnerName {
  /** The owner's name as words (`brave`, `search`), lowercase, as spelt. */
  words: readonly string[]
  /** The same words stemmed, as the index and the lexicon have them. */
  stems: readonly string[]
  /** Per word, whether the rest of the catalog hardly uses it. */
  distinctive: readonly boolean[]
}

/** What naming an owner is worth: the best weight among the words that named it, and what brought it in. */
export interface NamedOwner {
  term: string
  weight: number
  expandedFrom?: string
}

/** Owners' names, and which owners have each word (as spelt and stemmed), for quick lookups. */
export interface OwnerIndex {
  names: ReadonlyMap<string, OwnerName>
  bySpelling: ReadonlyMap<string, readonly string[]>
  byStem: ReadonlyMap<string, readonly string[]>
}

/**
 * The name of each owner. `otherUses(word, owner)` counts the tools of other owners whose text
 * has the word; `size` is the number of tools in the catalog; a word more than `maxShare` of them
 * use is not distinctive.
 */
export function ownerNames(
  owners: ReadonlyMap<string, readonly string[]>,
  stem: (word: string) => string,
  otherUses: (word: string, owner: string) => number,
  size: number,
  maxShare = ENHANCED.ownerWordMaxShare,
): OwnerIndex {
  const names = new Map<string, OwnerName>()
  const bySpelling = new Map<string, string[]>()
  const byStem = new Map<string, string[]>()
  const add = (map: Map<string, string[]>, key: string, owner: string) => {
    const list = map.get(key)
    if (list === undefined) map.set(key, [owner])
    else if (!list.includes(owner)) list.push(owner)
  }
  for (const [owner, words] of owners) {
    if (words.length === 0) continue
    const name = {words, stems: words.map(stem), distinctive: words.map((word) => otherUses(word, owner) <= maxShare * size)}
    names.set(owner, name)
    words.forEach((word, i) => {
      add(bySpelling, word, owner)
      add(byStem, name.stems[i]!, owner)
    })
  }
  return {names, bySpelling, byStem}
}

/**
 * Whether a typed word names an owner by itself (a distinctive word of its name, or its whole
 * one-word name): `playwright` in `playwright open github.com` says where, not what to do.
 */
export function namesOwnerAlone(word: string, index: OwnerIndex): boolean {
  return (index.bySpelling.get(word) ?? []).some((owner) => {
    const name = index.names.get(owner)!
    return name.words.length === 1 || name.words.some((ownerWord, i) => ownerWord === word && name.distinctive[i])
  })
}

/** The words a typed word may be the spelling of: itself and its singular (`maps` → `map`). */
function spellings(typed: string): string[] {
  const forms = [typed]
  if (typed.endsWith('es')) forms.push(typed.slice(0, -2))
  if (typed.endsWith('s')) forms.push(typed.slice(0, -1))
  return forms
}

/**
 * The owners a request names, with what naming each is worth. `typed` are the request's words
 * as typed (filler aside) with their weights; `expanded` the lexicon and typo terms its concepts
 * added (stemmed, with `expandedFrom` and the `word` they were stemmed from).
 */
export function namedOwners(
  typed: ReadonlyArray<{word: string; weight: number}>,
  expanded: readonly ConceptTerm[],
  index: OwnerIndex,
): Map<string, NamedOwner> {
  // Per candidate owner, per word of its name, the best way the request named it.
  const hits = new Map<string, Map<number, NamedOwner>>()
  const record = (owner: string, position: number, hit: NamedOwner) => {
    let words = hits.get(owner)
    if (words === undefined) hits.set(owner, (words = new Map()))
    const current = words.get(position)
    if (current === undefined || hit.weight > current.weight) words.set(position, hit)
  }
  for (const {word, weight} of typed) {
    for (const form of spellings(word)) {
      for (const owner of index.bySpelling.get(form) ?? []) {
        const name = index.names.get(owner)!
        name.words.forEach((ownerWord, i) => {
          if (ownerWord === form) record(owner, i, {term: name.stems[i]!, weight})
        })
      }
    }
  }
  for (const term of expanded) {
    for (const owner of index.byStem.get(term.term) ?? []) {
      const name = index.names.get(owner)!
      name.stems.forEach((ownerStem, i) => {
        // Spelt as the owner spells it: the stem `command` of a lexicon word does not name `commander`.
        if (ownerStem !== term.term || term.word === undefined || !spellings(term.word).includes(name.words[i]!)) return
        record(owner, i, {term: term.term, weight: term.weight, ...(term.expandedFrom === undefined ? {} : {expandedFrom: term.expandedFrom})})
      })
    }
  }
  const named = new Map<string, NamedOwner>()
  for (const [owner, words] of hits) {
    const name = index.names.get(owner)!
    const distinctive = [...words.keys()].some((i) => name.distinctive[i])
    if (!distinctive && words.size < name.words.length) continue
    let best: NamedOwner | undefined
    for (const hit of words.values()) if (best === undefined || hit.weight > best.weight) best = hit
    named.set(owner, best!)
  }
  return named
}
