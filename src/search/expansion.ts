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
 * The singular of a lowercase word, by spelling alone (`reminders` → `reminder`, `directories` →
 * `directory`, `boxes` → `box`); words that are not plurals come back unchanged.
 */
export function singularize(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

/** A query word that triggered a group, with the words the group adds. */
export interface IntentExpansion {
  trigger: string
  terms: readonly string[]
}

/**
 * The groups triggered by `words` (lowercase query tokens), in query order then group order.
 * A word triggers a group as typed or singularized (`news` stays `news`, `links` → `link`).
 */
export function intentExpansions(words: readonly string[]): IntentExpansion[] {
  const expansions: IntentExpansion[] = []
  for (const word of words) {
    const forms = new Set([word, singularize(word)])
    for (const group of INTENT_GROUPS) {
      if (group.triggers.some((trigger) => forms.has(trigger))) expansions.push({trigger: word, terms: group.terms})
    }
  }
  return expansions
}
