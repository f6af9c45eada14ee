/**
 * `confusable-name`: a name or owner that can pass for another. An invisible character (a zero
 * width space, a word joiner, a bidi control — anything the terminal neutraliser escapes,
 * `hiddenCharacters`) makes `send\u200b_money` print exactly like `send_money`; letters of several
 * scripts (a Cyrillic `а` in a Latin name) make `pаy` look like `pay`. The model and the person
 * choosing a tool see the same glyphs for two tools that a policy, an approval rule or a lookup
 * tell apart.
 *
 * Scripts follow UTS #39's "moderately restrictive" profile: letters of one script, or Latin with
 * Han and Japanese kana, with Han and Bopomofo, with Han and Hangul, or with one other recommended
 * script that is not Cyrillic or Greek (whose letters copy Latin ones). Characters common to all
 * scripts (digits, `_`, `-`) and combining marks do not count. A name written wholly in one other
 * script, even of Latin look-alikes, is not flagged: telling that needs the confusables data.
 */
import {hiddenCharacters} from '../../output/terminal.js'
import {lintFinding} from '../registry.js'
import type {LintFinding, LintRule, LintRuleMeta} from '../types.js'

const meta: LintRuleMeta = {
  id: 'confusable-name',
  severity: 'error',
  description: 'A name or owner holds invisible characters or mixes scripts, so it can pass for another.',
  messages: {
    invisible: 'Its {{field}} "{{value}}" holds invisible characters ({{characters}}): it prints like "{{visible}}". Use visible characters only.',
    mixedScripts: 'Its {{field}} "{{value}}" mixes {{scripts}} letters, which can pass for another name (a Cyrillic "а" looks like a Latin "a"). Write it in one script.',
  },
}

/** UAX #31's recommended scripts: each is its own; anything else counts as one "other" script. */
const RECOMMENDED = ['Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Thaana', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Georgian', 'Hangul', 'Ethiopic', 'Khmer', 'Hiragana', 'Katakana', 'Bopomofo', 'Han'] as const
const SCRIPT_PATTERNS = RECOMMENDED.map((script) => ({script, pattern: new RegExp(`^\\p{Script=${script}}$`, 'u')}))
const LETTER = /[\p{L}\p{M}]/gu
const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]$/u
const OTHER = 'other-script'

/** The scripts of `text`'s letters, in the order first met. */
export function scriptsOf(text: string): string[] {
  const scripts = new Set<string>()
  for (const [letter] of text.matchAll(LETTER)) {
    if (SHARED.test(letter)) continue
    scripts.add(SCRIPT_PATTERNS.find(({pattern}) => pattern.test(letter))?.script ?? OTHER)
  }
  return [...scripts]
}

/** Sets of scripts one name may mix (UTS #39, highly restrictive); and Latin with one more, below. */
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<string>> = [new Set(['Latin', 'Han', 'Hiragana', 'Katakana']), new Set(['Latin', 'Han', 'Bopomofo']), new Set(['Latin', 'Han', 'Hangul'])]
const LOOK_LIKE_LATIN = new Set(['Cyrillic', 'Greek'])

/** Whether a name may use letters of all of `scripts` together. */
export function scriptsMayMix(scripts: readonly string[]): boolean {
  if (scripts.length <= 1) return true
  if (ALLOWED_MIXES.some((allowed) => scripts.every((script) => allowed.has(script)))) return true
  if (scripts.length !== 2 || !scripts.includes('Latin')) return false
  const other = scripts.find((script) => script !== 'Latin')!
  return other !== OTHER && !LOOK_LIKE_LATIN.has(other)
}

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
const scriptName = (script: string) => (script === OTHER ? 'other-script' : script)

/** The finding for one field of `entry`, if its text can pass for another. */
function problemOf(field: 'name' | 'owner', value: string): {messageId: string; data: Record<string, string>} | undefined {
  const hidden = hiddenCharacters(value)
  if (hidden.length > 0) {
    const hiddenSet = new Set(hidden)
    const visible = [...value].filter((char) => !hiddenSet.has(char)).join('')
    return {messageId: 'invisible', data: {field, value, visible, characters: [...hiddenSet].map(codePoint).join(', ')}}
  }
  const scripts = scriptsOf(value)
  if (!scriptsMayMix(scripts)) return {messageId: 'mixedScripts', data: {field, value, scripts: scripts.map(scriptName).join(' and ')}}
  return undefined
}

export const confusableName: LintRule = {
  meta,
  detect(context) {
    const findings: LintFinding[] = []
    const checked = new Map<string, ReturnType<typeof problemOf>>()
    const check = (field: 'name' | 'owner', value: string) => {
      const key = `${field}\u0000${value}`
      if (!checked.has(key)) checked.set(key, problemOf(field, value))
      return checked.get(key)
    }
    for (const entry of context.entries) {
      for (const [field, value] of [['name', entry.name], ['owner', entry.sourceName]] as const) {
        const problem = check(field, value)
        if (problem !== undefined) findings.push(lintFinding(meta, {...problem, toolId: entry.id, location: context.locate(entry)}))
      }
    }
    return findings
  },
}
