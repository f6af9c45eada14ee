/**
 * Words of a request that carry no capability, the small words some rules read (a pronoun inside
 * a phrase, a pointing word, a count), the owners that say nothing about a tool, and the words a
 * request's arguments and counts stand for.
 */
import type {ArgumentKind} from '../arguments.js'

/** Words requests are full of that say nothing about which tool is wanted. Dropped from queries. */
export const QUERY_FILLER_WORDS: readonly string[] = `
please could would should might shall may must need needs needed want wants wanted wanna like
help helps helping assist assistance hey hi hello thanks thank kindly also just really very much many
any some something anything everything someone anyone somebody able possible know tell let lets give provide
im id ive its whats thats theres heres dont cant wont isnt doesnt didnt
looking interested curious trying try wondering wonder am going gonna
specific specifically particular detailed information comprehensive various
currently right good best great nice well thing things stuff kind sort way ways
okay ok yes sure maybe perhaps actually basically quick quickly
recommend recommends recommendation recommendations suggest suggests suggestion suggestions
option options available availability platform platforms tool tools plugin plugins service services
called named titled
furious frustrated frustrating ridiculous ugh angry annoyed disappointed absolutely extremely urgently`
  .split(/\s+/)
  .filter((word) => word !== '')

/**
 * What an argument of each kind in a request (see `arguments.ts`) means for the tool wanted: a
 * host or URL (`docs.python.org`) means a web page, a file name (`notes.md`, `.env`) a file, and
 * a place given as coordinates (`40.71, -74.00`) is looked up from them: reverse geocoding.
 */
export const ARGUMENT_KIND_TERMS = {
  url: ['url', 'page', 'web'],
  file: ['file'],
  email: ['email'],
  channel: ['channel'],
  coordinates: ['coordinates', 'latitude', 'longitude', 'reverse'],
} as const satisfies Record<ArgumentKind, readonly string[]>

/** What a request asking to act on several things it points at (`these contacts`) means for the tool wanted. */
export const SEVERAL_TERMS: readonly string[] = ['multiple', 'batch', 'bulk']

/** Words that may stand between the two words of a phrasal verb (`look it up`, `kick them off`; `rules/phrase-words.ts`). */
export const PHRASE_GAP_WORDS: ReadonlySet<string> = new Set(['it', 'them', 'this', 'that', 'these', 'those', 'me', 'us', 'him', 'her'])

/** Words that point at things already in view (`these contacts`; `rules/several.ts`). */
export const POINTING_WORDS: ReadonlySet<string> = new Set(['these', 'those'])

/** Words that count things (`two contacts`; `rules/several.ts`); a number from 2 to `maxCount` does too. */
export const COUNT_WORDS: ReadonlySet<string> = new Set(['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'dozen'])

/** Owners every entry of a source has by default (`fields.ts`); indexing them would only add noise. */
export const DEFAULT_OWNERS: ReadonlySet<string> = new Set(['core', 'client'])
