/**
 * Bonus rule — action match: sibling tools of one server differ mostly in their verb
 * (`list_issues`, `get_issue`, `create_issue`), while the rest of a request matches all of them
 * alike; so when the action a request leads with (`remove …`, `what …?`; `intent.ts`) is the one a
 * tool's name says it does (`delete_…`, `list_…`), the tool earns `actionMatch` (× `actionFamilyShare`
 * for an action of the same family: `list` for `get`) × the share of the query it matched.
 *
 * Ablation (`actionMatch` 0; hit@1/hit@5 on the MetaTool test half, then on MCP holdouts 1–5, 869
 * queries; defaults 0.4978/0.7448 and 0.7703/0.9304): 0.4989/0.7460 and 0.7216/0.9123: it wins
 * 4.9 points of hit@1 on the MCP holdouts (siblings differ in their verb) and costs 0.1 on
 * MetaTool, whose tools rarely have siblings. Family share 0: 0.4977/0.7456 and 0.7664/0.9218.
 */
import type {FieldName} from '../fields.js'
import {type ActionLexicon, actionAgreement, intentBits, toolActionBits, toolActions} from '../intent.js'
import type {EnhancedOptions} from '../options.js'
import {queryShare} from '../plan.js'
import type {AnalyzedDocument} from '../weighted-index.js'
import type {BonusRule} from './rule.js'

/** The `field` of an action-match contribution in `--explain`. */
export const ACTION_MATCH_FIELD = 'action-match'

/**
 * `capabilityTerms`: per tool, its name terms without its namespace (`catalog.ts`); a name
 * without an action word takes it from the opening of the tool's `documents[doc].summary`.
 */
export function actionMatchRule(
  capabilityTerms: readonly (readonly string[])[],
  documents: ReadonlyArray<AnalyzedDocument<FieldName>>,
  actions: ActionLexicon,
  stem: (word: string) => string,
  options: Pick<EnhancedOptions, 'actionMatch' | 'actionFamilyShare' | 'summaryActionWords'>,
): BonusRule {
  const {actionMatch, actionFamilyShare, summaryActionWords} = options
  const actionsOf = (doc: number, summary: readonly string[]) => toolActions(capabilityTerms[doc]!, summary, actions, summaryActionWords)
  // Per tool, its action classes and families as bit sets: checked for thousands of tools per search.
  const bits = capabilityTerms.map((_, doc) => toolActionBits(actionsOf(doc, documents[doc]!.summary)))
  const classBits = Int32Array.from(bits, (bit) => bit.classes)
  const familyBits = Int32Array.from(bits, (bit) => bit.families)
  return {
    field: ACTION_MATCH_FIELD,
    plan: (query) => {
      const {intent} = query
      if (intent === undefined) return undefined
      const {classes, families} = intentBits(intent)
      return {
        // For the tools the query reached at all.
        apply: ({scores, worthMatched, matched, matchedCount}) => {
          for (let i = 0; i < matchedCount; i++) {
            const doc = matched[i]!
            const agreement = (classes & classBits[doc]!) !== 0 ? 1 : (families & familyBits[doc]!) !== 0 ? actionFamilyShare : 0
            if (agreement > 0) scores[doc]! += actionMatch * agreement * queryShare(query, worthMatched[doc]!)
          }
        },
        explain: ({doc, document, matchedWorth}) => {
          const {agreement, term} = actionAgreement(intent, actionsOf(doc, document.summary), actionFamilyShare)
          if (agreement <= 0) return []
          const score = actionMatch * agreement * queryShare(query, matchedWorth)
          return [{term: term!, weight: agreement, score, field: ACTION_MATCH_FIELD, ...(term === stem(intent.from) ? {} : {expandedFrom: intent.from})}]
        },
      }
    },
  }
}
