/**
 * OpenClaw's tool policy, as OpenClaw 2026.9.6 applies it to the tools of one agent's turn: which
 * of OpenClaw's own tools (core and bundled plugins) and which MCP tools reach the model, which MCP
 * servers are skipped before they are asked for tools, and the warnings OpenClaw logs about
 * allowlist entries that match nothing. Pure: a config object in, predicates and strings out.
 *
 * The rules, in OpenClaw's order:
 * - **Presence.** A plugin's tools exist only while the plugin is enabled (`plugins.ts`), and only
 *   if plugin tool loading selects them: a tool denied by name or by its plugin id (a glob over the
 *   raw deny entries of every layer, or `group:plugins`) is not built, nor one that no allow entry
 *   of any layer names (by `*`, `group:plugins`, its plugin id or a glob over its name) when some
 *   layer has an allow list. Groups are not expanded there: `allow: ["group:memory"]` leaves
 *   `memory_search` (owned by `memory-core`) unbuilt.
 * - **Layers** (`layers.ts`): each layer with a policy filters what the previous one left. Deny
 *   wins; an empty allow list allows everything; entries are case-insensitive, `*` is the only
 *   wildcard; `bash`, `apply-patch` and `cron` are aliases; `group:<section>` and `group:openclaw`
 *   name core tools; `group:plugins` names every plugin-owned tool, a plugin id names its tools
 *   (`bundle-mcp`: the MCP tools); `update_plan` means `progress_card`; an allowed `write` allows
 *   `apply_patch` too (a denied `write` does not deny it).
 * - **MCP.** OpenClaw filters its own tools and the MCP tools in two separate passes; a pass's
 *   plugin ids and `group:plugins` reach only the tools of that pass, which for a single tool is the
 *   same as matching its own owner. A server whose every tool is denied before discovery
 *   (`bundle-mcp` or `group:plugins` denied, or a deny glob ending in `*` that matches
 *   `<safeServer>__`) is not started.
 * - **Warnings**: per layer, the allow entries that name no tool present in that pass, no known
 *   plugin or plugin tool, and no configured MCP server's tools; see `warnings.ts`.
 */
import {rosterDefaultAgentId} from '../../config/agent-roster.js'
import {normalizeAgentId} from '../../config/agents.js'
import {resolveLayers, DEFAULT_PLUGIN_TOOLS_ENTRY, type LayerPolicy, type ResolvedLayers} from './layers.js'
import {compilePatterns, expandShippedNames, expandToolGroups, lowerTrimmed, matchesAnyPattern, normalizePolicyName, policyNames, type PolicyNames} from './names.js'
import {pluginEnablement} from './plugins.js'
import {OPENCLAW_POLICY_2026_9_6, type OpenClawPolicyRelease} from './release-2026.9.6.js'
import {policyWarnings} from './warnings.js'

export {OPENCLAW_POLICY_2026_9_6, type OpenClawPolicyRelease} from './release-2026.9.6.js'

/** A tool as the policy sees it: its name, and its owner — undefined for a core tool, a plugin id, or `bundle-mcp` for an MCP tool. */
export interface OpenClawToolRef {
  readonly name: string
  readonly pluginId?: string
}

export interface OpenClawToolPolicyOptions {
  /** The agent of the turn; the roster's default agent when absent or blank. */
  agentId?: string
  /** The model's provider and id, for `tools.byProvider` (`provider/model` before `provider`). */
  modelProvider?: string
  modelId?: string
  /** The OpenClaw release whose rules apply; the one this data comes from by default. */
  release?: OpenClawPolicyRelease
}

export interface OpenClawToolPolicy {
  /** The OpenClaw release whose rules these are. */
  readonly release: string
  /** The agent the policy is for (normalized); undefined when no agent was named and the roster decides none. */
  readonly agentId?: string
  /**
   * Why OpenClaw would refuse the turn before any tool: the named agent is not in the roster
   * ("Unknown agent id"), or no agent was named and the roster does not decide one. The policy is
   * then that of the config without an agent's own layers.
   */
  readonly agentProblem?: 'unknown-agent' | 'agent-required'
  /** Whether the turn runs sandboxed (`sandbox.mode: "all"`), so the sandbox's tool policy applies. */
  readonly sandboxed: boolean
  /** Whether the tool reaches the model: present (its plugin enabled and selected) and allowed by every layer. */
  allows(tool: OpenClawToolRef): boolean
  /** Whether a plugin (by id) is enabled; `bundle-mcp` always is. */
  pluginEnabled(pluginId: string): boolean
  /** Whether OpenClaw skips this MCP server (by its safe name) before asking it for tools. */
  deniesMcpServer(safeServerName: string): boolean
  /**
   * The warnings OpenClaw logs for this turn, in order, each once: `tools` is every tool that
   * could exist (OpenClaw's own and the MCP tools discovered), `mcpServers` the safe names of the
   * enabled `mcp.servers` entries.
   */
  warnings(tools: readonly OpenClawToolRef[], mcpServers: readonly string[]): string[]
}

/** OpenClaw's tool policy for one agent's turn under `config` (the resolved config object). */
export function resolveOpenClawToolPolicy(config: unknown, options: OpenClawToolPolicyOptions = {}): OpenClawToolPolicy {
  const names = policyNames(options.release ?? OPENCLAW_POLICY_2026_9_6)
  // A blank agent id names no agent, as a blank `--agent` does.
  const named = options.agentId?.trim() ? options.agentId : undefined
  const agentId = named === undefined ? rosterDefaultAgentId(config) : normalizeAgentId(named)
  const layers = resolveLayers(names, config, agentId, options.modelProvider, options.modelId)
  const enabled = pluginEnablement(config, names.release)
  const mcpPluginId = names.release.mcpPluginId
  const pluginEnabled = (pluginId: string): boolean => pluginId === mcpPluginId || enabled(pluginId)
  const selected = pluginToolSelection(names, layers)
  const stepMatchers = layers.steps.map((step) => stepMatcher(names, step.policy))
  const deniesMcpServer = mcpServerDenial(names, layers.explicitDeny)
  const present = (tool: OpenClawToolRef): boolean => tool.pluginId === undefined || tool.pluginId === mcpPluginId || (enabled(tool.pluginId) && selected(tool))
  return {
    release: names.release.release,
    ...(agentId === undefined ? {agentProblem: 'agent-required' as const} : {agentId, ...(layers.agentKnown ? {} : {agentProblem: 'unknown-agent' as const})}),
    sandboxed: layers.sandboxed,
    allows: (tool) => present(tool) && stepMatchers.every((matches) => matches(tool)),
    pluginEnabled,
    deniesMcpServer,
    warnings: (tools, mcpServers) => policyWarnings({names, layers, tools: tools.filter(present), candidates: tools, mcpServers, pluginEnabled: enabled, deniesMcpServer}),
  }
}

/** One policy entry (renamed and normalized) with its group expanded and compiled once. */
interface CompiledEntry {
  readonly entry: string
  readonly patterns: ReturnType<typeof compilePatterns>
}

function compileEntries(names: PolicyNames, entries: readonly string[] | undefined): CompiledEntry[] {
  return expandShippedNames(names, entries ?? [])
    .filter((entry) => entry !== '')
    .map((entry) => ({entry, patterns: compilePatterns(names, expandToolGroups(names, [entry]))}))
}

/** Whether an entry names the tool; `group:plugins` and a plugin id stand for the plugin-owned tools of the pass the tool is in. */
function entryNames({entry, patterns}: CompiledEntry, tool: OpenClawToolRef, normalizedName: string): boolean {
  if (tool.pluginId !== undefined && (entry === 'group:plugins' || lowerTrimmed(tool.pluginId) === entry)) return true
  return matchesAnyPattern(normalizedName, patterns)
}

/** One layer as a predicate: deny wins, an empty allow list allows all, an allowed `write` allows `apply_patch`. */
function stepMatcher(names: PolicyNames, policy: LayerPolicy): (tool: OpenClawToolRef) => boolean {
  const allow = compileEntries(names, policy.allow)
  const deny = compileEntries(names, policy.deny)
  const write: OpenClawToolRef = {name: 'write'}
  const allowsWrite = allow.some((entry) => entryNames(entry, write, 'write'))
  return (tool) => {
    const name = normalizePolicyName(names, tool.name)
    if (deny.some((entry) => entryNames(entry, tool, name))) return false
    if (allow.length === 0) return true
    return allow.some((entry) => entryNames(entry, tool, name)) || (name === 'apply_patch' && allowsWrite)
  }
}

/**
 * Plugin tool loading's selection: the raw allow and deny entries of every layer, not expanded.
 * With no allow entry anywhere (or only `alsoAllow` lists) every plugin tool is selected.
 */
function pluginToolSelection(names: PolicyNames, layers: ResolvedLayers): (tool: OpenClawToolRef) => boolean {
  const deny = compilePatterns(names, layers.explicitDeny)
  const allowEntries = new Set(layers.explicitAllow.map((entry) => normalizePolicyName(names, entry)).filter((entry) => entry !== ''))
  const allowPatterns = compilePatterns(names, [...allowEntries])
  const takesDefaults = allowEntries.size === 0 || allowEntries.has(DEFAULT_PLUGIN_TOOLS_ENTRY)
  const everyPluginDenied = matchesAnyPattern('group:plugins', deny)
  return (tool) => {
    const pluginId = normalizePolicyName(names, tool.pluginId)
    const name = normalizePolicyName(names, tool.name)
    if (everyPluginDenied || matchesAnyPattern(pluginId, deny) || matchesAnyPattern(name, deny)) return false
    if (takesDefaults) return true
    return allowEntries.has('*') || allowEntries.has('group:plugins') || allowEntries.has(pluginId) || matchesAnyPattern(name, allowPatterns)
  }
}

/** OpenClaw's `createMcpServerToolDenyMatcher` over the raw deny entries of every layer. */
function mcpServerDenial(names: PolicyNames, explicitDeny: readonly string[]): (safeServerName: string) => boolean {
  const denials = explicitDeny.map((entry) => normalizePolicyName(names, entry))
  const denyAll = denials.includes(names.release.mcpPluginId) || denials.includes('group:plugins')
  const namespaces = compilePatterns(names, denials.filter((entry) => entry.endsWith('*')))
  return (safeServerName) => denyAll || matchesAnyPattern(normalizePolicyName(names, `${safeServerName}__`), namespaces)
}
