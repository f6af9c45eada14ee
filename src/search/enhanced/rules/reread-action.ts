/**
 * Rewrite rule — reread action: when a request's leading word means another action here (`open
 * an issue` creates one; see `ActionIntent.reread`), that word's concept asks for the word as
 * typed (a tool may be named `open_issue`) or the class's own word (`create`) at the same weight,
 * in place of the word's usual expansions (`open` → navigate, view), which would pull in page
 * viewers. It has no knob (it applies whenever the intent is reread), so no ablation row.
 */
import type {RewriteRule} from './rewrite-rule.js'

export const rereadActionRule: RewriteRule = {
  name: 'reread-action',
  rewrite: (concepts, {intent, context: {stem}}) => {
    if (intent?.reread !== true || intent.actions.length !== 1) return concepts
    const from = stem(intent.from)
    const [action] = intent.actions
    return concepts.map((concept) => {
      const [typed] = concept.terms
      if (typed === undefined || typed.expandedFrom !== undefined || typed.term !== from) return concept
      return {...concept, terms: [typed, {term: stem(action!), weight: typed.weight, expandedFrom: concept.text, word: action!}]}
    })
  },
}
