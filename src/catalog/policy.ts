/**
 * Tool policy (SPEC §4.2): `tools.allow` / `tools.deny` from the config plus `--allow` /
 * `--deny`, as glob patterns over tool names and ids. Deny wins; a non-empty allow list admits
 * only what it matches; a denied tool is simply absent (fail closed: search, describe, call and
 * the directory never see it).
 *
 * Globs: `*` matches any run of characters (`:` included, so `mcp:github:*` works), `?` one
 * character; everything else is literal and matching is case-sensitive.
 */
import type {ToolPolicy} from '../config/index.js'
import type {Catalog, CatalogEntry} from './types.js'

export type {ToolPolicy} from '../config/index.js'

export function globToRegExp(pattern: string): RegExp {
  const source = [...pattern].map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[\\^$.|+()[\]{}]/g, '\\$&'))).join('')
  return new RegExp(`^${source}$`, 'su')
}

/** `--allow` / `--deny` add to the config's lists. */
export function mergeToolPolicies(base: ToolPolicy, extra: Partial<ToolPolicy>): ToolPolicy {
  return {allow: [...base.allow, ...(extra.allow ?? [])], deny: [...base.deny, ...(extra.deny ?? [])]}
}

/** A predicate: is this entry allowed by `policy`? */
export function compileToolPolicy(policy: ToolPolicy): (entry: CatalogEntry) => boolean {
  const allow = policy.allow.map(globToRegExp)
  const deny = policy.deny.map(globToRegExp)
  const matches = (patterns: RegExp[], entry: CatalogEntry): boolean => patterns.some((pattern) => pattern.test(entry.name) || pattern.test(entry.id))
  return (entry) => !matches(deny, entry) && (allow.length === 0 || matches(allow, entry))
}

/** The catalog without the entries `policy` denies, in one pass (none to test without patterns). */
export function applyToolPolicy(catalog: Catalog, policy: ToolPolicy): Catalog {
  if (policy.allow.length === 0 && policy.deny.length === 0) return {...catalog, entries: [...catalog.entries], deniedEntries: []}
  const allowed = compileToolPolicy(policy)
  const entries: CatalogEntry[] = []
  const deniedEntries: CatalogEntry[] = []
  for (const entry of catalog.entries) (allowed(entry) ? entries : deniedEntries).push(entry)
  return {...catalog, entries, deniedEntries}
}
