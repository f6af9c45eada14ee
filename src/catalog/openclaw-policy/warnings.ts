/**
 * The warnings OpenClaw logs about allowlist entries that can match nothing (its
 * `applyToolPolicyPipeline`), one pass over its own tools, then one over the MCP tools:
 *
 * `tools: <layer> allowlist contains unknown entries (<entries>). <why>`
 *
 * Per layer with an allow list (not the sandbox's), an entry is unknown when it is not `*`, does
 * not name (or, as a group, contain) a core tool present in the pass, and is not `group:plugins`,
 * a plugin id or plugin tool name present in the pass or declared by an enabled, undenied plugin,
 * nor `bundle-mcp` or a `<safeServer>__…` name of a configured MCP server that is not skipped.
 * Entries the profile itself lists are not reported; in the MCP pass, names of shipped core tools
 * are not either. Entries are listed shipped core tools first, in config order; the same text is
 * logged once per run (OpenClaw remembers them process-wide). The MCP pass runs, and so warns,
 * only when some MCP tool was discovered. OpenClaw's logger prints the first pass's lines as
 * `[tools] <text without "tools: ">` and the MCP pass's as `[agent/embedded] <text>`.
 */
import type {ResolvedLayers} from './layers.js'
import {compilePatterns, expandShippedNames, expandToolGroups, lowerTrimmed, matchesAnyPattern, normalizePolicyName, type PolicyNames} from './names.js'

/** A tool as seen here: name and owner (undefined for a core tool). */
interface ToolRef {
  readonly name: string
  readonly pluginId?: string
}

export interface WarningInput {
  readonly names: PolicyNames
  readonly layers: ResolvedLayers
  /** The tools present before the layers filter them (plugins enabled and selected). */
  readonly tools: readonly ToolRef[]
  /** Every tool that could exist; plugin-owned ones tell which tools each plugin declares. */
  readonly candidates: readonly ToolRef[]
  /** Safe names of the enabled `mcp.servers` entries. */
  readonly mcpServers: readonly string[]
  readonly pluginEnabled: (pluginId: string) => boolean
  readonly deniesMcpServer: (safeServerName: string) => boolean
}

/** What a pass knows of plugins and MCP servers beyond the tools in it. */
interface Declared {
  pluginIds: Set<string>
  pluginToolNames: Set<string>
  mcpPrefixes: Set<string>
}

function declaredOutsideThePass(input: WarningInput): Declared {
  const {names, layers, candidates, mcpServers, pluginEnabled, deniesMcpServer} = input
  const mcpPrefixes = new Set(mcpServers.filter((server) => server.trim() !== '' && !deniesMcpServer(server)).map((server) => normalizePolicyName(names, `${server}__`)))
  const pluginIds = new Set<string>()
  const pluginToolNames = new Set<string>()
  const deny = compilePatterns(names, layers.explicitDeny)
  const denied = (value: string): boolean => matchesAnyPattern(normalizePolicyName(names, value), deny)
  if (!matchesAnyPattern('group:plugins', deny)) {
    for (const tool of candidates) {
      const pluginId = tool.pluginId
      if (pluginId === undefined || pluginId === names.release.mcpPluginId || !pluginEnabled(pluginId) || denied(pluginId) || denied(tool.name)) continue
      pluginIds.add(lowerTrimmed(pluginId))
      pluginToolNames.add(normalizePolicyName(names, tool.name))
    }
  }
  return {pluginIds, pluginToolNames, mcpPrefixes}
}

function isDeclaredMcpEntry(entry: string, prefixes: ReadonlySet<string>, mcpPluginId: string): boolean {
  if (prefixes.size === 0) return false
  if (entry === mcpPluginId) return true
  return [...prefixes].some((prefix) => entry.length > prefix.length && entry.startsWith(prefix))
}

function unknownSuffix(hasCoreEntries: boolean, hasOtherEntries: boolean): string {
  if (hasCoreEntries && hasOtherEntries) return "Some entries are shipped core tools but unavailable in the current runtime/provider/model/config; other entries won't match any tool unless the plugin is enabled."
  if (hasCoreEntries) return 'These entries are shipped core tools but unavailable in the current runtime/provider/model/config.'
  return "These entries won't match any tool unless the plugin is enabled."
}

/** One pass's warnings over `tools` (a pass holds either OpenClaw's own tools or the MCP tools). */
function passWarnings(input: WarningInput, declared: Declared, tools: readonly ToolRef[], mcpPass: boolean): string[] {
  const {names, layers} = input
  const coreNames = new Set(tools.filter((tool) => tool.pluginId === undefined).map((tool) => normalizePolicyName(names, tool.name)))
  const pluginIds = new Set([...declared.pluginIds, ...tools.flatMap((tool) => (tool.pluginId === undefined ? [] : [lowerTrimmed(tool.pluginId)]))])
  const pluginToolNames = new Set([...declared.pluginToolNames, ...tools.filter((tool) => tool.pluginId !== undefined).map((tool) => normalizePolicyName(names, tool.name))])
  const warnings: string[] = []
  for (const step of layers.steps) {
    if (!step.warns || step.policy.allow === undefined || step.policy.allow.length === 0) continue
    const entries = expandShippedNames(names, step.policy.allow)
      .map((entry) => normalizePolicyName(names, entry))
      .filter((entry) => entry !== '')
    const unknown = [
      ...new Set(
        entries.filter((entry) => {
          if (entry === '*') return false
          const pluginEntry = entry === 'group:plugins' || pluginIds.has(entry) || pluginToolNames.has(entry) || isDeclaredMcpEntry(entry, declared.mcpPrefixes, names.release.mcpPluginId)
          return !pluginEntry && !expandToolGroups(names, [entry]).some((tool) => coreNames.has(tool))
        }),
      ),
    ]
    if (unknown.length === 0) continue
    const quiet = new Set((step.quietEntries ?? []).map((entry) => normalizePolicyName(names, entry)))
    const coreEntries = mcpPass ? [] : unknown.filter((entry) => names.coreToolIds.has(entry) && !quiet.has(entry))
    const otherEntries = unknown.filter((entry) => !names.coreToolIds.has(entry) && !quiet.has(entry))
    const reported = [...coreEntries, ...otherEntries]
    if (reported.length === 0) continue
    warnings.push(`tools: ${step.label} allowlist contains unknown entries (${reported.join(', ')}). ${unknownSuffix(coreEntries.length > 0, otherEntries.length > 0)}`)
  }
  return warnings
}

/** The single tools OpenClaw's silent passes ask about, before it builds any tool. */
const SILENT_PASS_TOOLS = ['computer', 'read']

/** The printed warnings of both passes, in order, each text once. */
export function policyWarnings(input: WarningInput): string[] {
  const nothingDeclared: Declared = {pluginIds: new Set(), pluginToolNames: new Set(), mcpPrefixes: new Set()}
  const silent = new Set(SILENT_PASS_TOOLS.flatMap((name) => passWarnings(input, nothingDeclared, [{name}], false)))
  const declared = declaredOutsideThePass(input)
  const mcpPluginId = input.names.release.mcpPluginId
  const ownTools = input.tools.filter((tool) => tool.pluginId !== mcpPluginId)
  const mcpTools = input.tools.filter((tool) => tool.pluginId === mcpPluginId && !input.mcpServers.some((server) => input.deniesMcpServer(server) && tool.name.startsWith(`${server}__`)))
  const all = [...passWarnings(input, declared, ownTools, false), ...(mcpTools.length > 0 ? passWarnings(input, declared, mcpTools, true) : [])]
  return [...new Set(all)].filter((text) => !silent.has(text))
}
