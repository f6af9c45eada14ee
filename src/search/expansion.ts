/**
 * Intent expansion (SPEC §5.1): a query word that names an intent rather than a tool ("remind",
 * "price") also searches for the words tools use for it ("schedule", "search"), at a lower weight
 * so literal matches still rank first.
 */

/** Weight of a term added by expansion; a term the user typed weighs 1.0. */
export const EXPANSION_WEIGHT = 0.35

export interface IntentGroup {
  /** Query words (singular, lowercase) that trigger the group. */
  triggers: readonly string[]
  /** Words added to the query; they are analyzed like any other text. */
  terms: readonly string[]
}

export const INTENT_GROUPS: readonly IntentGroup[] = [
  {triggers: ['look', 'lookup', 'google', 'research'], terms: ['search', 'web', 'find']},
  {triggers: ['current', 'today', 'latest', 'now', 'recent', 'news', 'price', 'weather'], terms: ['search', 'web']},
  {triggers: ['url', 'link', 'page', 'article', 'site', 'website'], terms: ['fetch', 'web', 'browse']},
  {triggers: ['remember', 'recall', 'memory', 'earlier', 'previously', 'discussed', 'decided'], terms: ['memory', 'recall', 'history']},
  {triggers: ['remind', 'reminder', 'later', 'tomorrow', 'daily', 'weekly', 'recurring'], terms: ['schedule', 'automations', 'cron', 'reminder']},
  {triggers: ['say', 'tell', 'reply', 'respond', 'answer'], terms: ['message', 'send']},
  {triggers: ['picture', 'photo', 'meme', 'screenshot'], terms: ['image']},
  {triggers: ['speak', 'say', 'voice'], terms: ['audio', 'speech']},
  {triggers: ['run', 'execute', 'command', 'shell', 'terminal'], terms: ['exec', 'process']},
  {triggers: ['directory', 'folder', 'path'], terms: ['file', 'list']},
]

/**
 * A trigger form of a lowercase word, by spelling alone, as OpenClaw normalizes triggers: a word
 * longer than 4 drops a final `ies` for `y` (`directories` → `directory`) or a final `s` that is
 * not `ss` (`reminders` → `reminder`). Nothing else: `boxes` → `boxe`, and `runs`, `urls`, `says`
 * (4 letters) stay as typed, so they trigger nothing. Deliberately not the stemmer, which would
 * make unrelated intents meet.
 */
export function singularize(word: string): string {
  if (word.length <= 4) return word
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

/** Each group's trigger forms, worked out once rather than for every query. */
const TRIGGER_FORMS: ReadonlyArray<ReadonlySet<string>> = INTENT_GROUPS.map((group) => new Set(group.triggers.map(singularize)))

/** A group a query triggered: the first query word that did, and the words the group adds. */
export interface IntentExpansion {
  trigger: string
  terms: readonly string[]
}

/**
 * The groups triggered by `words` (lowercase query tokens, stop words already dropped), in group
 * order, each once. A word triggers a group when its singular form (`singularize`) equals a
 * trigger's (`links` → `link`; `researches` → `researche`, no trigger).
 */
export function intentExpansions(words: readonly string[]): IntentExpansion[] {
  const forms = words.map(singularize)
  const expansions: IntentExpansion[] = []
  for (const [i, group] of INTENT_GROUPS.entries()) {
    const triggers = TRIGGER_FORMS[i]!
    const index = forms.findIndex((form) => triggers.has(form))
    if (index >= 0) expansions.push({trigger: words[index]!, terms: group.terms})
  }
  return expansions
}
