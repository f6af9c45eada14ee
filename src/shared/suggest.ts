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
 * How far a candidate may be from the word and still be suggested: a third of the longer
 * string, but at least 2, so `colour` → `color` and `pth` → `path` qualify while unrelated
 * names do not.
 */
export function suggestionThreshold(word: string, candidate: string): number {
  return Math.max(2, Math.ceil(Math.max(word.length, candidate.length) / 3))
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
