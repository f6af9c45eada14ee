/**
 * Action intent: what a request asks to do with its object (list it, get it, create it, delete
 * it, …) against what a tool's name says it does. Sibling tools of one server differ mostly in
 * that verb (`list_issues`, `get_issue`, `create_issue`, `update_issue`), while the rest of a
 * request ("the bug about the login page") matches all of them alike; so the verb the request
 * leads with, read as one of a few action classes, decides between them.
 *
 * - A request's intent is the class of its leading word, filler and server names aside
 *   (`please remove the index` → delete; `kick off a build` → run; `playwright open …` → get).
 *   A later action word is usually part of the object (`route to New York`), so it does not
 *   count. A request that opens with a question word (`what tabs are open`, `is the build
 *   green`) asks to read, whatever verbs follow (`what did I change` reads a diff), and to list
 *   when it asks about things in the plural (`which PRs are open`, `what monitors do I have`).
 *   Getting a plural object asks for a list as much as for one thing; opening an issue creates
 *   one.
 * - A tool's actions are the classes of the action words in its name (namespace and owner words
 *   aside; noun-like words such as `file` or `build` only as the first word); a name without
 *   one (`directory_tree`, `git_status`) takes the first action word of its description's
 *   opening words ("Get a recursive tree view…", "Show the working tree…").
 * - The ranker adds a bonus when they agree: in full for the same class, in part for the same
 *   family (list, get and search all read).
 */
import {ACTION_CLASSES, ACTION_FAMILIES, type ActionClass, NOUN_LIKE_ACTION_WORDS, OPENED_TO_CREATE} from './lexicon/index.js'
import {ENHANCED, type QueryLimits} from './options.js'

/** First words that make a request a question, which asks to read (`is`, `what`, `how many`). */
export const QUESTION_OPENERS: ReadonlySet<string> = new Set(
  'what whats which who whose how where when why is are was were does do did has have any'.split(' '),
)

/** A request's intent: a class when it names an action, else just a family (a question reads). */
export interface ActionIntent {
  /** The action classes the request asks for: none for a bare question, two for `show the issues` (get or list). */
  actions: readonly ActionClass[]
  family: string
  /** The word or phrase of the request that set the intent. */
  from: string
  /** Set when the request is a question (`what …`, `is …`): it names no action of its own. */
  question?: true
  /**
   * Set when the word that set the intent means another class here than it does alone (`open`
   * an issue creates one): the request asks for that class's word (`create`), not the word's own.
   */
  reread?: true
}

/** A tool's actions: the classes its name (or its description's opening) expresses. */
export interface ToolActions {
  actions: ReadonlySet<ActionClass>
  families: ReadonlySet<string>
  /** Per class, the stemmed word of the tool that expresses it, for `--explain`. */
  terms: ReadonlyMap<ActionClass, string>
}

/** Stemmed action words and phrases (words joined by a space) → their class, and which of them are noun-like. */
export interface ActionLexicon {
  classes: ReadonlyMap<string, ActionClass>
  nounLike: ReadonlySet<string>
}

export function compileActions(stem: (word: string) => string): ActionLexicon {
  const classes = new Map<string, ActionClass>()
  for (const [action, words] of Object.entries(ACTION_CLASSES) as Array<[ActionClass, string]>) {
    for (const entry of words.split(/\s+/)) classes.set(entry.split('_').map(stem).join(' '), action)
  }
  return {classes, nounLike: new Set(NOUN_LIKE_ACTION_WORDS.split(' ').map(stem))}
}

/**
 * The intent of a request, from its words in order (lowercase, filler not yet removed), or
 * undefined when it names no action and is not a question. `isNoise` tells filler apart
 * (`please`, `could`), so "could you please delete…" still leads with `delete`.
 */
export function requestIntent(
  words: readonly string[],
  actions: ActionLexicon,
  stem: (word: string) => string,
  isNoise: (word: string) => boolean,
  limits: Pick<QueryLimits, 'leadingActionWords' | 'questionObjectWords'> = ENHANCED,
): ActionIntent | undefined {
  const opener = words[0]
  if (opener !== undefined && QUESTION_OPENERS.has(opener)) {
    // A question about things in the plural (`which PRs are open`, `what monitors do I have`,
    // `what pull requests are open`: a compound's last word is its head) asks for a list of them.
    return {actions: questionObject(words.slice(1), isNoise, limits.questionObjectWords).some(isPlural) ? ['list'] : [], family: 'read', from: opener, question: true}
  }
  let leading = 0
  for (let i = 0; i < words.length; i++) {
    // Two-word phrases first (`kick off`, `look up`, `get rid`): their second word is often noise.
    if (i + 1 < words.length) {
      const phrase = actions.classes.get(`${stem(words[i]!)} ${stem(words[i + 1]!)}`)
      if (phrase !== undefined) return intentOf(phrase, `${words[i]} ${words[i + 1]}`, words.slice(i + 2), isNoise)
    }
    if (isNoise(words[i]!)) continue
    const action = actions.classes.get(stem(words[i]!))
    if (action !== undefined) return intentOf(action, words[i]!, words.slice(i + 1), isNoise)
    if (++leading >= limits.leadingActionWords) break
  }
  return undefined
}

/**
 * The object of a question, from the words after its opener: its first word, filler aside, or
 * its first `maxWords` (two) when an auxiliary follows them (`what pull requests are open` → `pull
 * requests`), so that a verb (`which pod uses the most memory`) is not taken for a plural noun.
 */
function questionObject(words: readonly string[], isNoise: (word: string) => boolean, maxWords: number): string[] {
  const content: string[] = []
  for (const word of words) {
    if (QUESTION_OPENERS.has(word)) {
      if (content.length > 0) break
      continue
    }
    if (isNoise(word)) continue
    content.push(word)
    if (content.length > maxWords) break
  }
  return content.length <= maxWords ? content : content.slice(0, 1)
}

/**
 * The intent of an action word and the words after it: getting or showing a plural object
 * (`show the issues`, `get pods`) asks for a list as much as for one thing.
 */
function intentOf(action: ActionClass, from: string, rest: readonly string[], isNoise: (word: string) => boolean): ActionIntent {
  const object = rest.find((word) => !isNoise(word))
  if (from === 'open' && object !== undefined && OPENED_TO_CREATE.has(object)) return {actions: ['create'], family: ACTION_FAMILIES.create, from, reread: true}
  const actions: ActionClass[] = action === 'get' && object !== undefined && isPlural(object) ? ['get', 'list'] : [action]
  return {actions, family: ACTION_FAMILIES[action], from}
}

/** Words ending in `s` that are not plurals. */
const NOT_PLURAL = /(?:ss|us|is|ics|ous|news|status|details|contents)$/

/** Whether a lowercase word looks like a plural noun (`issues`, `pods`, `PRs`), roughly. */
export function isPlural(word: string): boolean {
  return word.length >= 3 && word.endsWith('s') && !NOT_PLURAL.test(word)
}

/**
 * The actions of a tool from its stemmed name terms (namespace and owner terms already left
 * out), else from the first `summaryWords` stemmed terms of its description's first sentence.
 */
export function toolActions(nameTerms: readonly string[], summaryTerms: readonly string[], actions: ActionLexicon, summaryWords = ENHANCED.summaryActionWords): ToolActions {
  const found = new Map<ActionClass, string>()
  // The action words of `terms`, noun-like ones only in first place; at most `limit` of them.
  const collect = (terms: readonly string[], limit: number) => {
    terms.forEach((term, position) => {
      const action = actions.classes.get(term)
      if (action === undefined || found.has(action) || found.size >= limit) return
      if (position > 0 && actions.nounLike.has(term)) return
      found.set(action, term)
    })
  }
  collect(nameTerms, Number.POSITIVE_INFINITY)
  if (found.size === 0) collect(summaryTerms.slice(0, summaryWords), 1)
  return {actions: new Set(found.keys()), families: new Set([...found.keys()].map((action) => ACTION_FAMILIES[action])), terms: found}
}

const CLASS_ORDER = Object.keys(ACTION_CLASSES) as ActionClass[]
const FAMILY_ORDER = [...new Set(Object.values(ACTION_FAMILIES))]

/** Action classes and their families as bit sets, for checking thousands of tools per search cheaply. */
export interface ActionBits {
  classes: number
  families: number
}

export function toolActionBits(tool: ToolActions): ActionBits {
  let classes = 0
  for (const action of tool.actions) classes |= 1 << CLASS_ORDER.indexOf(action)
  let families = 0
  for (const family of tool.families) families |= 1 << FAMILY_ORDER.indexOf(family)
  return {classes, families}
}

export function intentBits(intent: ActionIntent): ActionBits {
  let classes = 0
  for (const action of intent.actions) classes |= 1 << CLASS_ORDER.indexOf(action)
  return {classes, families: 1 << FAMILY_ORDER.indexOf(intent.family)}
}

/** How well a tool's actions answer an intent: 1 for the same class, `familyShare` for the same family, else 0. */
export function actionAgreement(intent: ActionIntent, tool: ToolActions, familyShare: number): {agreement: number; term?: string} {
  const action = intent.actions.find((candidate) => tool.actions.has(candidate))
  if (action !== undefined) return {agreement: 1, term: tool.terms.get(action)}
  if (tool.families.has(intent.family)) {
    const [action] = [...tool.terms.keys()].filter((candidate) => ACTION_FAMILIES[candidate] === intent.family)
    return {agreement: familyShare, term: tool.terms.get(action!)}
  }
  return {agreement: 0}
}
