/**
 * The policy layers OpenClaw reads from a config for one agent's turn, in the order it applies
 * them: `tools.profile` (the agent's own profile wins) with `alsoAllow`, the provider's profile
 * from `tools.byProvider`, `tools.allow`/`deny`, `tools.byProvider.<p>`, the agent's
 * `tools.allow`/`deny`, its `tools.byProvider.<p>`, the sender policy (`toolsBySender["*"]`), and
 * the sandbox's tool policy when the agent's sandbox mode is `"all"`.
 *
 * The agent's settings come from the roster (`../../config/agent-roster.ts`). Layers OpenClaw takes from the
 * conversation and not from the config — a channel group's policy, a named sender, a subagent's
 * or a parent session's policy, per-run caps, owner-only tools for a non-owner — are not layers
 * here: a local turn of the agent has none of them.
 */
import {rosterAgent} from '../../config/agent-roster.js'
import {isRecord, ownValue} from '../../shared/json.js'
import {lowerTrimmed, stringEntries, expandToolGroups, compilePatterns, matchesAnyPattern, normalizePolicyName, type PolicyNames} from './names.js'

/** An allow/deny pair as OpenClaw's pipeline holds it; `allowFromAlsoAllow` marks `["*", …alsoAllow]` made from `alsoAllow` alone. */
export interface LayerPolicy {
  readonly allow?: readonly string[]
  readonly deny?: readonly string[]
  readonly allowFromAlsoAllow?: true
}

/** One step of the pipeline: its policy, the label its warnings name, and whether it warns. */
export interface PolicyStep {
  readonly label: string
  readonly policy: LayerPolicy
  /** Only the config's own layers (not the sandbox) report unknown allowlist entries. */
  readonly warns: boolean
  /** Entries a profile step never warns about: the profile's own list. */
  readonly quietEntries?: readonly string[]
}

export interface ResolvedLayers {
  /** Whether the roster names the agent (a config without a roster has the implicit `main`); false without an agent. */
  readonly agentKnown: boolean
  readonly steps: readonly PolicyStep[]
  /** Every allow entry of the layers, as OpenClaw hands them to plugin tool loading. */
  readonly explicitAllow: readonly string[]
  /** Every deny entry of the layers (MCP servers and plugins are skipped on these before loading). */
  readonly explicitDeny: readonly string[]
  /** Whether the turn runs sandboxed (`sandbox.mode: "all"`). */
  readonly sandboxed: boolean
}

/** Where the selection of plugin tools reads an `alsoAllow`-only list: "default plugin tools". */
export const DEFAULT_PLUGIN_TOOLS_ENTRY = '__openclaw_default_plugin_tools__'

function record(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined
}

function child(value: unknown, key: string): Record<string, unknown> | undefined {
  return isRecord(value) ? record(ownValue(value, key)) : undefined
}

/** `allow` + `alsoAllow` + `deny` of one scope, as OpenClaw's `pickSandboxToolPolicy` reads them. */
export function pickScopePolicy(scope: Record<string, unknown> | undefined): LayerPolicy | undefined {
  if (scope === undefined) return undefined
  const allow = stringEntries(ownValue(scope, 'allow'))
  const alsoAllow = stringEntries(ownValue(scope, 'alsoAllow'))
  const deny = stringEntries(ownValue(scope, 'deny'))
  const hasAlsoAllow = alsoAllow !== undefined && alsoAllow.length > 0
  // An empty allow means "everything", so adding alsoAllow to it keeps everything.
  const merged = allow !== undefined ? (hasAlsoAllow ? unique(allow.length === 0 ? ['*', ...alsoAllow] : [...allow, ...alsoAllow]) : allow) : hasAlsoAllow ? unique(['*', ...alsoAllow]) : undefined
  if (merged === undefined && deny === undefined) return undefined
  const fromAlsoAllowOnly = allow === undefined && hasAlsoAllow && !alsoAllow.some((entry) => entry.trim() === '*')
  return {...(merged !== undefined ? {allow: merged} : {}), ...(deny !== undefined ? {deny} : {}), ...(fromAlsoAllowOnly ? {allowFromAlsoAllow: true as const} : {})}
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)]
}

/** `alsoAllow` added to a policy that has an allow list (OpenClaw's `mergeAlsoAllowPolicy`). */
function withAlsoAllow(policy: LayerPolicy | undefined, alsoAllow: readonly string[] | undefined): LayerPolicy | undefined {
  if (policy?.allow === undefined || alsoAllow === undefined || alsoAllow.length === 0) return policy
  return {...policy, allow: unique([...policy.allow, ...alsoAllow])}
}

/** A profile's allow list: the core tools listing it, what it adds (`bundle-mcp`), and the plugin tools whose manifests list it. */
export function profilePolicy(names: PolicyNames, profile: unknown): LayerPolicy | undefined {
  if (typeof profile !== 'string' || !Object.hasOwn(names.release.profiles, profile)) return undefined
  const definition = names.release.profiles[profile]
  const allow = definition.all ? ['*'] : [...names.release.coreTools.filter((tool) => tool.profiles.includes(profile)).map((tool) => tool.id), ...definition.extra]
  const fromManifests = names.release.bundledToolPlugins.flatMap((plugin) => (Object.hasOwn(plugin.profileTools, profile) ? plugin.profileTools[profile] : []))
  return withAlsoAllow({allow}, fromManifests)
}

/** A `byProvider` key as OpenClaw compares it: `provider` or `provider/model`, lower-cased. */
function providerKey(value: string): string {
  const normalized = lowerTrimmed(value)
  const slash = normalized.indexOf('/')
  if (slash <= 0) return normalized
  const model = normalized.slice(slash + 1)
  return model === '' ? normalized.slice(0, slash) : `${normalized.slice(0, slash)}/${model}`
}

/** The `byProvider` entry for the model: `provider/model` first, then `provider`; a canonical key wins over a differently spelled one. */
export function providerScope(byProvider: unknown, provider: string | undefined, model: string | undefined): Record<string, unknown> | undefined {
  const trimmedProvider = provider?.trim()
  if (!isRecord(byProvider) || trimmedProvider === undefined || trimmedProvider === '') return undefined
  const lookup = new Map<string, {canonical: boolean; scope: Record<string, unknown>}>()
  for (const [key, scope] of Object.entries(byProvider)) {
    if (!isRecord(scope)) continue
    const normalized = providerKey(key)
    if (normalized === '') continue
    const canonical = lowerTrimmed(key) === normalized && key.trim() === key
    const existing = lookup.get(normalized)
    if (existing === undefined || (canonical && !existing.canonical)) lookup.set(normalized, {canonical, scope})
  }
  const providerId = providerKey(trimmedProvider)
  const modelId = lowerTrimmed(model)
  const candidates = [...(modelId !== '' ? [`${providerId}/${modelId}`] : []), providerId]
  for (const candidate of candidates) {
    const match = lookup.get(candidate)
    if (match !== undefined) return match.scope
  }
  return undefined
}

/** A scope's `profile`; any set value counts (an agent's `""` hides the global profile, as `??` does in OpenClaw). */
function profileOf(scope: Record<string, unknown> | undefined): unknown {
  const value = scope === undefined ? undefined : ownValue(scope, 'profile')
  return value === null ? undefined : value
}

function profileLabel(base: string, profile: unknown): string {
  return typeof profile === 'string' && profile.trim() !== '' ? `${base} (${profile.trim()})` : base
}

function alsoAllowOf(scope: Record<string, unknown> | undefined): string[] | undefined {
  return scope === undefined ? undefined : stringEntries(ownValue(scope, 'alsoAllow'))
}

/** The `"*"` entry of a `toolsBySender` map: a local turn names no sender, so only the wildcard matches. */
function senderScope(toolsBySender: unknown): Record<string, unknown> | undefined {
  return isRecord(toolsBySender) ? record(ownValue(toolsBySender, '*')) : undefined
}

/** `agents.entries.<id>.sandbox.mode`, else `agents.defaults.sandbox.mode`, else `"off"`. */
function sandboxMode(config: unknown, entry: Record<string, unknown> | undefined): string {
  const own = child(entry, 'sandbox')
  const defaults = child(child(child(config, 'agents'), 'defaults'), 'sandbox')
  const mode = ownValue(own ?? {}, 'mode') ?? ownValue(defaults ?? {}, 'mode')
  return typeof mode === 'string' ? mode : 'off'
}

/**
 * The sandbox's tool policy (OpenClaw's `resolveSandboxToolPolicyForAgent`): the agent's
 * `tools.sandbox.tools` list, else the global one, else the defaults; `alsoAllow` extends the allow
 * list; an explicit allow entry lifts a default deny; `view_image` rides along with any allow list.
 */
export function sandboxPolicy(names: PolicyNames, config: unknown, agentTools: Record<string, unknown> | undefined): LayerPolicy {
  const agentScope = child(child(agentTools, 'sandbox'), 'tools')
  const globalScope = child(child(child(config, 'tools'), 'sandbox'), 'tools')
  const pick = (field: string): string[] | undefined => stringEntries(ownValue(agentScope ?? {}, field)) ?? stringEntries(ownValue(globalScope ?? {}, field))
  const allow = pick('allow')
  const alsoAllow = pick('alsoAllow')
  const deny = pick('deny')
  const {sandboxDefaultAllow, sandboxDefaultDeny} = names.release
  let mergedAllow: string[]
  if (allow !== undefined) mergedAllow = allow.length === 0 ? [] : alsoAllow !== undefined && alsoAllow.length > 0 ? unique([...allow, ...alsoAllow]) : [...allow]
  else mergedAllow = alsoAllow !== undefined && alsoAllow.length > 0 ? unique([...sandboxDefaultAllow, ...alsoAllow]) : [...sandboxDefaultAllow]
  const reAllowed = compilePatterns(names, expandToolGroups(names, unique([...(allow ?? []), ...(alsoAllow ?? [])])))
  const mergedDeny = deny !== undefined ? [...deny] : reAllowed.length === 0 ? [...sandboxDefaultDeny] : sandboxDefaultDeny.filter((tool) => !matchesAnyPattern(normalizePolicyName(names, tool), reAllowed))
  let expandedDeny = expandToolGroups(names, mergedDeny)
  let expandedAllow = expandToolGroups(names, mergedAllow)
  const denyPatterns = compilePatterns(names, expandedDeny)
  // `image` was the inspection tool's old name: denying it denies `view_image` too.
  if (matchesAnyPattern('image', denyPatterns) && !matchesAnyPattern('view_image', denyPatterns)) expandedDeny = [...expandedDeny, 'view_image']
  const lowered = (list: string[]): string[] => list.map(lowerTrimmed)
  if (expandedAllow.length > 0 && !lowered(expandedDeny).includes('view_image') && !lowered(expandedAllow).includes('view_image')) expandedAllow = [...expandedAllow, 'view_image']
  return {allow: expandedAllow, deny: expandedDeny}
}

/** The layers for `agentId` (already normalized; undefined: no agent's own layers) and the model. */
export function resolveLayers(names: PolicyNames, config: unknown, agentId: string | undefined, provider: string | undefined, model: string | undefined): ResolvedLayers {
  const {known, settings: entry} = agentId === undefined ? {known: false} : rosterAgent(config, agentId)
  const agentTools = child(entry, 'tools')
  const globalTools = child(config, 'tools')
  const profile = profileOf(agentTools) ?? profileOf(globalTools)
  const globalProvider = providerScope(ownValue(globalTools ?? {}, 'byProvider'), provider, model)
  const agentProvider = providerScope(ownValue(agentTools ?? {}, 'byProvider'), provider, model)
  const providerProfile = profileOf(agentProvider) ?? profileOf(globalProvider)
  const profileAlsoAllow = alsoAllowOf(agentTools) ?? alsoAllowOf(globalTools)
  const providerProfileAlsoAllow = alsoAllowOf(agentProvider) ?? alsoAllowOf(globalProvider)
  const baseProfile = profilePolicy(names, profile)
  const baseProviderProfile = profilePolicy(names, providerProfile)
  const sandboxed = sandboxMode(config, entry) === 'all'
  const agentSender = senderScope(ownValue(agentTools ?? {}, 'toolsBySender'))
  const layers: Array<{label: string; policy: LayerPolicy | undefined; warns: boolean; quietEntries?: readonly string[]; explicit?: LayerPolicy | undefined}> = [
    {label: profileLabel('tools.profile', profile), policy: withAlsoAllow(baseProfile, profileAlsoAllow && unique(profileAlsoAllow)), warns: true, quietEntries: baseProfile?.allow, explicit: baseProfile},
    {label: profileLabel('tools.byProvider.profile', providerProfile), policy: withAlsoAllow(baseProviderProfile, providerProfileAlsoAllow), warns: true, quietEntries: baseProviderProfile?.allow, explicit: baseProviderProfile},
    {label: 'tools.allow', policy: pickScopePolicy(globalTools), warns: true},
    {label: 'tools.byProvider.allow', policy: pickScopePolicy(globalProvider), warns: true},
    {label: `agents.${agentId}.tools.allow`, policy: pickScopePolicy(agentTools), warns: true},
    {label: `agents.${agentId}.tools.byProvider.allow`, policy: pickScopePolicy(agentProvider), warns: true},
    {label: 'tools.toolsBySender', policy: pickScopePolicy(agentSender ?? senderScope(ownValue(globalTools ?? {}, 'toolsBySender'))), warns: true},
    {label: 'sandbox tools.allow', policy: sandboxed ? sandboxPolicy(names, config, agentTools) : undefined, warns: false},
  ]
  const steps: PolicyStep[] = layers.flatMap(({label, policy, warns, quietEntries}) => (policy === undefined ? [] : [{label, policy, warns, ...(quietEntries ? {quietEntries} : {})}]))
  // Plugin tool loading sees the profiles without alsoAllow (the scopes' own policies carry it).
  const explicitPolicies = layers.map((layer) => ('explicit' in layer ? layer.explicit : layer.policy))
  return {agentKnown: known, steps, explicitAllow: collectExplicitAllow(explicitPolicies), explicitDeny: collectExplicitDeny(explicitPolicies), sandboxed}
}

/** OpenClaw's `collectExplicitAllowlist`: every allow entry, an `alsoAllow`-only `*` standing for "the default plugin tools". */
function collectExplicitAllow(policies: ReadonlyArray<LayerPolicy | undefined>): string[] {
  const entries: string[] = []
  for (const policy of policies) {
    if (policy?.allow === undefined) continue
    for (const value of policy.allow) {
      const trimmed = value.trim()
      if (trimmed === '*' && policy.allowFromAlsoAllow) continue
      if (trimmed !== '') entries.push(trimmed)
    }
    if (policy.allowFromAlsoAllow) entries.push(DEFAULT_PLUGIN_TOOLS_ENTRY)
  }
  return unique(entries)
}

function collectExplicitDeny(policies: ReadonlyArray<LayerPolicy | undefined>): string[] {
  return policies.flatMap((policy) => (policy?.deny ?? []).map((value) => value.trim()).filter((value) => value !== ''))
}
