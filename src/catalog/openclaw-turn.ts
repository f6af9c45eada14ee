/**
 * The catalog OpenClaw builds for one agent's turn from its config: OpenClaw's own tools of a
 * release (`openclaw-tools/`), the tools of the `mcp.servers` it starts, both filtered by its tool
 * policy (`openclaw-policy/`), and the model the turn runs on with its context window
 * (`config/agent-model.ts`). Pure: the caller loads the config and the servers.
 */
import {type ModelRef, agentModelRef, configuredContextWindow} from '../config/agent-model.js'
import {usageError} from '../shared/errors.js'
import {safeInline} from '../output/terminal.js'
import {assignSafeServerNames} from '../mcp/names.js'
import {OPENCLAW_POLICY_2026_9_6, type OpenClawToolPolicy, resolveOpenClawToolPolicy} from './openclaw-policy/index.js'
import {NO_OPENCLAW_TOOLS, openClawToolEntries, pluginIdOf} from './openclaw-tools/index.js'

export {openClawToolEntries}
import type {CatalogEntry} from './types.js'

/** The plugin id OpenClaw's policy gives every MCP tool. */
const MCP_PLUGIN_ID = OPENCLAW_POLICY_2026_9_6.mcpPluginId

export interface OpenClawTurnOptions {
  /** `--agent`: the agent of the turn; the roster's default agent when absent. */
  agentId?: string
  /** `--provider` / `--model`: the model in use, when not the agent's configured one. */
  provider?: string
  model?: string
  /** Whose tools: a release with data, or `none`. */
  openclawTools: string
}

export interface OpenClawTurn {
  policy: OpenClawToolPolicy
  /** OpenClaw's own tools the policy lets through (empty with `--openclaw-tools none`). */
  ownTools: CatalogEntry[]
  /** The model the turn runs on, when the config or the flags name one. */
  model?: ModelRef
  /** That model's context window as the config declares it. */
  contextWindow?: number
}

/**
 * The turn OpenClaw would run with this config. A turn OpenClaw refuses before any tool — an agent
 * not in the roster, or several agents and none named — is a usage error saying so.
 */
export function openClawTurn(config: unknown, options: OpenClawTurnOptions): OpenClawTurn {
  const policy = resolveOpenClawToolPolicy(config, {agentId: options.agentId})
  if (policy.agentProblem === 'unknown-agent') throw usageError(`OpenClaw would refuse this turn: agent "${safeInline(options.agentId ?? '')}" is not one of the config's agents (agents.entries). Pass --agent with one of them.`)
  if (policy.agentProblem === 'agent-required') throw usageError('OpenClaw would refuse this turn: several agents are configured and none is the default. Pass --agent <id>.')
  const configured = agentModelRef(config, policy.agentId)
  const model = options.provider !== undefined && options.model !== undefined ? {provider: options.provider, model: options.model} : configured
  // tools.byProvider is keyed by the model in use: resolve the policy again once it is known.
  const forModel = model === undefined ? policy : resolveOpenClawToolPolicy(config, {agentId: options.agentId, modelProvider: model.provider, modelId: model.model})
  const own = options.openclawTools === NO_OPENCLAW_TOOLS ? [] : openClawToolEntries(options.openclawTools)
  const turn: OpenClawTurn = {policy: forModel, ownTools: own.filter((entry) => forModel.allows({name: entry.name, pluginId: pluginIdOf(entry)}))}
  if (model !== undefined) {
    turn.model = model
    const window = configuredContextWindow(config, model)
    if (window !== undefined) turn.contextWindow = window
  }
  return turn
}

/** The declared servers OpenClaw starts for the turn: those its policy does not deny by safe name. */
export function serversOpenClawStarts(turn: OpenClawTurn, declared: readonly string[]): string[] {
  const safeNames = assignSafeServerNames(declared)
  return declared.filter((server) => !turn.policy.deniesMcpServer(safeNames.get(server) ?? server))
}

/** Whether the policy lets a loaded tool through: OpenClaw's own were filtered already, MCP tools by their materialized name. */
export function turnAllows(turn: OpenClawTurn, entry: CatalogEntry): boolean {
  if (entry.source === 'mcp') return turn.policy.allows({name: entry.name, pluginId: MCP_PLUGIN_ID})
  return true
}

/** The warnings OpenClaw logs for the turn's policy (unknown allow-list entries), given the tools that could exist. */
export function turnWarnings(turn: OpenClawTurn, entries: readonly CatalogEntry[], declared: readonly string[], release: string): string[] {
  const own = release === NO_OPENCLAW_TOOLS ? [] : openClawToolEntries(release).map((entry) => ({name: entry.name, pluginId: pluginIdOf(entry)}))
  const mcp = entries.filter((entry) => entry.source === 'mcp').map((entry) => ({name: entry.name, pluginId: MCP_PLUGIN_ID}))
  const safeNames = assignSafeServerNames(declared)
  return turn.policy.warnings([...own, ...mcp], declared.map((server) => safeNames.get(server) ?? server))
}
