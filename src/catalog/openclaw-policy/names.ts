/**
 * How OpenClaw reads one tool-policy entry: trimmed and lower-cased, an alias replaced by the tool
 * it stands for (`bash` → `exec`), a retired name by its successor, a `group:<name>` by its tools,
 * and `*` as "any run of characters" (the only wildcard: `?` and everything else are literal, so
 * these globs are not the `--allow`/`--deny` globs of `../policy.ts`).
 */
import type {OpenClawPolicyRelease} from './release-2026.9.6.js'

/** A compiled entry: `*` alone, an exact name, or a glob. */
export type PolicyPattern = {kind: 'all'} | {kind: 'exact'; value: string} | {kind: 'glob'; value: RegExp}

export interface PolicyNames {
  readonly release: OpenClawPolicyRelease
  /** `group:<section>` and `group:openclaw` → their core tool ids. */
  readonly groups: ReadonlyMap<string, readonly string[]>
  readonly coreToolIds: ReadonlySet<string>
}

/** The release's groups: `group:openclaw` (core tools flagged for it), then one group per section. */
export function policyNames(release: OpenClawPolicyRelease): PolicyNames {
  const groups = new Map<string, string[]>([['group:openclaw', release.coreTools.filter((tool) => tool.inOpenClawGroup).map((tool) => tool.id)]])
  for (const tool of release.coreTools) {
    const key = `group:${tool.section}`
    groups.set(key, [...(groups.get(key) ?? []), tool.id])
  }
  return {release, groups, coreToolIds: new Set(release.coreTools.map((tool) => tool.id))}
}

/** Trimmed and lower-cased; empty for anything but a non-blank string. */
export function lowerTrimmed(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : ''
}

/** A tool name or policy entry as OpenClaw compares it: lower-cased, an alias resolved. */
export function normalizePolicyName(names: PolicyNames, value: unknown): string {
  const lowered = lowerTrimmed(value)
  return Object.hasOwn(names.release.aliases, lowered) ? names.release.aliases[lowered] : lowered
}

function uniqueInOrder(values: Iterable<string>): string[] {
  return [...new Set(values)]
}

/** Retired names become their successors and a plugin's name also brings its core family (`canvas` → `canvas`, `show_widget`). */
export function expandShippedNames(names: PolicyNames, entries: readonly string[]): string[] {
  const {renames, pluginFamilies} = names.release
  return uniqueInOrder(
    entries.flatMap((entry) => {
      const normalized = normalizePolicyName(names, entry)
      const renamed = Object.hasOwn(renames, normalized) ? renames[normalized] : normalized
      return [renamed, ...(Object.hasOwn(pluginFamilies, normalized) ? pluginFamilies[normalized] : [])]
    }),
  )
}

/** Normalized entries with each `group:<name>` replaced by its tools; blank entries dropped. */
export function expandToolGroups(names: PolicyNames, entries: readonly string[]): string[] {
  const expanded: string[] = []
  for (const entry of entries) {
    const normalized = normalizePolicyName(names, entry)
    if (normalized === '') continue
    for (const name of names.groups.get(normalized) ?? [normalized]) expanded.push(name)
  }
  return uniqueInOrder(expanded)
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Compiled patterns of normalized entries; blank entries match nothing and are dropped. */
export function compilePatterns(names: PolicyNames, entries: readonly string[]): PolicyPattern[] {
  const patterns: PolicyPattern[] = []
  for (const entry of entries) {
    const normalized = normalizePolicyName(names, entry)
    if (normalized === '') continue
    if (normalized === '*') patterns.push({kind: 'all'})
    else if (!normalized.includes('*')) patterns.push({kind: 'exact', value: normalized})
    else patterns.push({kind: 'glob', value: new RegExp(`^${escapeRegExp(normalized).replaceAll('\\*', '.*')}$`)})
  }
  return patterns
}

export function matchesAnyPattern(value: string, patterns: readonly PolicyPattern[]): boolean {
  return patterns.some((pattern) => pattern.kind === 'all' || (pattern.kind === 'exact' ? pattern.value === value : pattern.value.test(value)))
}

/** The string entries of a config list (anything else in it is ignored). */
export function stringEntries(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : undefined
}
