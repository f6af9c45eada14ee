/**
 * "Did you mean …" suggestions by edit distance. The distance comes from natural's Levenshtein
 * leaf module, loaded on first use with `require`: importing `natural` itself costs ~0.7 s and
 * prints dotenv banners to stdout, which would corrupt `--json`.
 */
import {createRequire} from 'node:module'

type Distance = (source: string, target: string) => number

let levenshtein: Distance | undefined

/** Levenshtein distance (insertions, deletions and substitutions each cost 1). */
export function editDistance(source: string, target: string): number {
  levenshtein ??= (createRequire(import.meta.url)('natural/lib/natural/distance/levenshtein_distance.js') as {LevenshteinDistance: Distance}).LevenshteinDistance
  return levenshtein(source, target)
}

/**
 * How far (in edits) a candidate may be from what was typed and still be suggested, by rule:
 * - `toolsearch`, toolsearch's own: a third of the longer string, rounded up, but at least 2, so
 *   `colour` → `color` and `pth` → `path` qualify while unrelated names do not;
 * - `config-key`: a third of the typed key, rounded down, at most 2 — stricter, since the
 *   suggestion is a config path the user writes back into the file;
 * - `openclaw-argument`: OpenClaw's own for the argument keys of a `tool_call`, a third of the
 *   typed key, rounded up, from 1 to 3; its "Did you mean" must read as OpenClaw's does.
 */
const REACH = {
  toolsearch: (typed: string, candidate: string) => Math.max(2, Math.ceil(Math.max(typed.length, candidate.length) / 3)),
  'config-key': (typed: string) => Math.min(2, Math.floor(typed.length / 3)),
  'openclaw-argument': (typed: string) => Math.min(3, Math.max(1, Math.ceil(typed.length / 3))),
} satisfies Record<string, (typed: string, candidate: string) => number>

export type SuggestionRule = keyof typeof REACH

/** The largest edit distance at which `candidate` is still suggested for `typed` under `rule` (see `REACH`). */
export function suggestionThreshold(typed: string, candidate: string, rule: SuggestionRule = 'toolsearch'): number {
  return REACH[rule](typed, candidate)
}

/**
 * Candidates close to `word`, nearest first, at most `limit`; case is ignored when measuring.
 * Ties keep the candidates' own order, so suggestions are deterministic.
 */
export function closestMatches(word: string, candidates: readonly string[], limit = 1): string[] {
  const lower = word.toLowerCase()
  return candidates
    .map((candidate, index) => ({candidate, index, distance: editDistance(lower, candidate.toLowerCase())}))
    .filter(({candidate, distance}) => distance <= suggestionThreshold(word, candidate))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .slice(0, limit)
    .map(({candidate}) => candidate)
}
