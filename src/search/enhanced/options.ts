/**
 * Every knob of the enhanced ranker, with its default, in one place (after MiniSearch's options):
 * `buildEnhancedRanker(entries, options)` takes an `EnhancedOptions`, and `ENHANCED` is the one it
 * uses by default. The weights were tuned on the MetaTool tune half and bench/queries/mcp-tools.jsonl
 * (`node bench/eval.js --tune`; `--ablations` measures one change at a time); the limits are
 * judgement calls, each said why where it is read.
 */
import type {FieldName} from './fields.js'

/** BM25F parameters of one field. */
export interface FieldParams {
  /** How much one occurrence in this field counts against one in the description. */
  weight: number
  /** BM25 length normalisation for this field (0: length ignored, 1: fully normalised). */
  b: number
}

/** How much each kind of query term weighs, relative to a typed word (1). */
export interface QueryWeights {
  /** Weight of a lexicon synonym relative to the typed word (`delete` → `remove`). */
  synonymWeight: number
  /** Weight of a term a typed word implies (`kubectl` → `kubernetes`, `bitcoin` → `finance`). */
  implicationWeight: number
  /** Weight of a typo correction relative to a correctly typed word. */
  typoWeight: number
  /** Weight of the words of a path, URL, e-mail address or file name in a query (`src/app.ts`). */
  argumentWeight: number
  /** Weight of the words an argument's kind stands for: a host means `url page web`, a file name `file` (`rules/argument-kinds.ts`). */
  argumentKindWeight: number
  /** Weight of the words for acting on several things (`multiple`, `batch`, `bulk`) when a request points at or counts a plural: `these contacts`, `those 3 files`, `two contacts` (`rules/several.ts`). */
  severalWeight: number
  /**
   * Weight of a term in every query concept but the one it weighs most in (`make a new folder`:
   * `create` for both `make` and `new`), relative to its own weight: 1 counts it each time
   * (`rules/repeated-terms.ts`).
   */
  repeatWeight: number
  /** Weight of a typed word that is part of a lexicon phrase (`pull`, `request` in `pull request`), relative to its own (`rules/phrase-words.ts`). */
  phraseWordWeight: number
  /**
   * Weight of a typed action word after the one a request leads with (`find deals closing this
   * month`), relative to its own: later action words mostly describe the object (`rules/later-actions.ts`).
   */
  laterActionWeight: number
}

/** Limits of query analysis: how far phrases, counts and leading actions are looked for. */
export interface QueryLimits {
  /** The longest lexicon phrase, in words. */
  maxPhraseWords: number
  /** The largest number that counts things (`20 new leads`); a larger one is mostly a year or an id. */
  maxCount: number
  /** How many leading words of a request (filler aside) may carry its action: later ones are objects (`route to New York`). */
  leadingActionWords: number
  /** How many words the object of a question may have (`pull requests`, `custom fields`). */
  questionObjectWords: number
}

/** Limits of splitting glued words (`airqualityforecast` → `air quality forecast`), in names and queries. */
export interface GluedWordLimits {
  /** Words shorter than this are never split. */
  gluedWordMinLength: number
  /** Shortest part of a glued word worth recognising (`air`, `map`); shorter splits are guesses. Also the shortest catalog word a name is split into. */
  gluedPartMinLength: number
  /** Glued words split into more parts than this are left alone: likely a brand, not a phrase. */
  gluedMaxParts: number
}

/** Limits of typo correction (`typo.ts`): conservative, as a wrong correction pulls in unrelated tools. */
export interface TypoLimits {
  /** Words shorter than this are never corrected: too many real words are one edit apart. */
  typoMinLength: number
  /** From this length on, two edits are allowed (one below). */
  typoTwoEditLength: number
}

export interface EnhancedOptions extends QueryWeights, QueryLimits, GluedWordLimits, TypoLimits {
  /** BM25F weight and length normalisation per field (`fields.ts` says what each field holds). */
  fields: Readonly<Record<FieldName, FieldParams>>
  /** BM25 term-frequency saturation, applied once to the weighted sum over fields (BM25F). */
  k1: number
  /** Which stemmer analyses words: Porter with exceptions (`stem.ts`), or the openclaw ranker's light one. */
  stemmer: 'porter' | 'light'
  /**
   * A lexicon or typo term that more than this share of the catalog's tools use (and at least
   * `minSkippedExpansionDocs` of them) is left out: it cannot tell tools apart (its idf is low),
   * and walking its postings is most of the cost of a search over a large catalog. Typed terms
   * always count.
   */
  maxExpansionShare: number
  /** An expansion term is never left out for being common when fewer tools than this use it: in a small catalog a share says nothing. */
  minSkippedExpansionDocs: number
  /** Score of the name-coverage bonus for a query that covers all of a tool name's words (`rules/name-coverage.ts`). */
  nameCoverage: number
  /** An owner with at least this many tools may have a namespace prefix (`browser_`, `API-`) that name coverage ignores… */
  namespaceMinTools: number
  /** …when at least this share of its tools' names start with it (verbs like `create_` rarely reach it). */
  namespaceMinShare: number
  /** Score added when the query names the tool's owner (`github`, `notion`; `rules/owner-match.ts`). */
  ownerMatch: number
  /** A word of an owner's name used by more than this share of other owners' tools does not name the owner by itself (`owners.ts`). */
  ownerWordMaxShare: number
  /** Score added when the action a request leads with is the one the tool's name expresses (`rules/action-match.ts`). */
  actionMatch: number
  /** Share of `actionMatch` for an action of the same family (`list` for `get`: both read). */
  actionFamilyShare: number
  /** How many opening words of a description are searched for a tool's action when its name has none. */
  summaryActionWords: number
  /** Score added per typed word the tool's name has in the very form typed (`rules/exact-form.ts`). */
  exactForm: number
  /** Shorter typed words get no exact-form bonus: they are mostly verbs (`get`, `add`). */
  exactFormMinLength: number
}

/** The defaults. */
export const ENHANCED: Readonly<EnhancedOptions> = Object.freeze({
  fields: Object.freeze({
    name: {weight: 3, b: 0.3},
    owner: {weight: 1, b: 0},
    label: {weight: 2, b: 0.5},
    summary: {weight: 1, b: 0.75},
    description: {weight: 0.5, b: 0.75},
    parameters: {weight: 0.5, b: 0.75},
  }),
  k1: 1.2,
  stemmer: 'porter',
  synonymWeight: 0.5,
  implicationWeight: 0.8,
  typoWeight: 0.6,
  argumentWeight: 0.5,
  argumentKindWeight: 0.8,
  severalWeight: 0.5,
  repeatWeight: 0.5,
  phraseWordWeight: 0.5,
  maxPhraseWords: 3,
  maxCount: 999,
  leadingActionWords: 1,
  questionObjectWords: 2,
  gluedWordMinLength: 6,
  gluedPartMinLength: 3,
  gluedMaxParts: 3,
  typoMinLength: 4,
  typoTwoEditLength: 8,
  maxExpansionShare: 0.3,
  minSkippedExpansionDocs: 50,
  laterActionWeight: 0.8,
  nameCoverage: 4,
  namespaceMinTools: 3,
  namespaceMinShare: 0.6,
  ownerMatch: 4,
  ownerWordMaxShare: 0.02,
  actionMatch: 3,
  actionFamilyShare: 0.5,
  summaryActionWords: 4,
  exactForm: 0.25,
  exactFormMinLength: 4,
})
