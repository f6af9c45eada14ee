/**
 * `toolsearch lint` rules, after the doctor's checks (and ESLint's rules): a rule is `meta` (id,
 * severity, one-line description, messages by id) plus `detect(context) → findings`. Findings are
 * values — the rule, a message id and its data, the tool they are about — rendered elsewhere.
 */
import type {CatalogEntry} from '../catalog/types.js'
import type {Directory, DirectoryMode} from '../directory/render.js'
import type {LabelledQuery} from '../eval/evaluate.js'
import type {Ranker, TermContribution} from '../search/types.js'
import type {MessageData, Rule, RuleMeta, Severity} from '../shared/rules.js'
import type {Probe} from './probes.js'

/** A lint rule's metadata (`RuleMeta`); its id is kebab-case: `unreachable`, `exact-name-lost`, … */
export type LintRuleMeta = RuleMeta

/** Where a tool is defined: a position in a catalog file, or the live MCP server it came from. */
export interface ToolLocation {
  file?: string
  line?: number
  column?: number
  /** The MCP server whose `tools/list` returned the tool (live catalogs). */
  server?: string
}

export interface LintFinding {
  rule: string
  messageId: string
  data: MessageData
  severity: Severity
  /** The tool the finding is about; absent for findings about the catalog as a whole. */
  toolId?: string
  location: ToolLocation
  /** Structured detail for `--json` (outranking tools and their term explanations, sizes, …). */
  details?: Record<string, unknown>
}

/** One probe's outcome for its tool: where the tool ranked and who ranked above it. */
export interface ProbeOutcome {
  probe: Probe
  /** 1-based rank of the tool among all hits, or null when the probe does not match it at all. */
  rank: number | null
  /** Ids ranked above the tool (all of them when it ranked outside the limit; top `limit` when unmatched). */
  above: string[]
}

/** A hit's score explained term by term, for side-by-side comparisons. */
export interface ScoreExplanation {
  id: string
  score: number
  terms: TermContribution[]
}

export interface LintContext {
  /** The tools Tool Search can find (`catalogedEntries` of the catalog), in catalog order: what the rules probe. */
  entries: readonly CatalogEntry[]
  /** The tools in the catalog (policy applied, direct-only ones included): what is sent up front. */
  catalog: readonly CatalogEntry[]
  /** The openclaw ranker over `entries`: what the model's `tool_search` uses. */
  ranker: Ranker
  /** `searchDefaultLimit`: a tool must rank within this many results to be found. */
  limit: number
  /** Probe outcomes per tool id, computed once for every rule. */
  probes: ReadonlyMap<string, readonly ProbeOutcome[]>
  /** The directory at the requested context window and mode. */
  directory: Directory
  mode: DirectoryMode
  contextWindow?: number
  /** Labelled requests (`--queries`), when given. */
  queries?: readonly LabelledQuery[]
  /** The explanation of `id`'s score for `query` (only what rules ask for is computed). */
  explain(query: string, id: string): ScoreExplanation | undefined
  /** Where a tool is defined. */
  locate(entry: CatalogEntry): ToolLocation
}

export type LintRule = Rule<LintContext, LintFinding>
