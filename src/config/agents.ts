/**
 * Agents as OpenClaw scopes them (SPEC §1.3): the default agent is the `agents.list[]` entry
 * marked `default`, else the first entry, else `main`; ids compare normalized (trimmed,
 * lower-cased, odd characters collapsed to "-"). An agent's own `experimental` object is merged
 * over `agents.defaults.experimental`; an agent without an entry uses the defaults.
 */
import {isRecord} from '../shared/json.js'

export const DEFAULT_AGENT_ID = 'main'

const VALID_AGENT_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/i

/** An agent id as OpenClaw compares it. */
export function normalizeAgentId(value: unknown): string {
  const trimmed = typeof value === 'string' ? value.trim() : ''
  if (trimmed === '') return DEFAULT_AGENT_ID
  if (VALID_AGENT_ID.test(trimmed)) return trimmed.toLowerCase()
  const collapsed = trimmed
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+/, '')
    .replace(/-+$/, '')
    .slice(0, 64)
  return collapsed === '' ? DEFAULT_AGENT_ID : collapsed
}

/** The object entries of `agents.list` (anything else in the list is ignored, as in OpenClaw). */
function agentEntries(config: unknown): Array<Record<string, unknown>> {
  const list = isRecord(config) && isRecord(config.agents) ? config.agents.list : undefined
  return Array.isArray(list) ? list.filter(isRecord) : []
}

/** The default agent's id: marked `default`, else the first entry, else `main`. */
export function defaultAgentId(config: unknown): string {
  const entries = agentEntries(config)
  const chosen = entries.find((entry) => Boolean(entry.default)) ?? entries[0]
  return normalizeAgentId(chosen?.id)
}

export interface AgentExperimental {
  /** The agent the settings are for (normalized id). */
  agentId: string
  /** Whether `agents.list[]` has an entry for it. */
  listed: boolean
  /** Its resolved `experimental` object, if any. */
  experimental: Record<string, unknown> | undefined
  /** Where `localModelLean` was read: the agent's entry or `agents.defaults`. */
  leanSource: string
}

/** The resolved `experimental` settings of an agent (the default agent when `agentId` is absent). */
export function agentExperimental(config: unknown, agentId?: string): AgentExperimental {
  const id = agentId === undefined ? defaultAgentId(config) : normalizeAgentId(agentId)
  const defaults = isRecord(config) && isRecord(config.agents) && isRecord(config.agents.defaults) && isRecord(config.agents.defaults.experimental) ? config.agents.defaults.experimental : undefined
  const entries = agentEntries(config)
  const index = entries.findIndex((entry) => normalizeAgentId(entry.id) === id)
  if (index === -1) return {agentId: id, listed: false, experimental: defaults, leanSource: 'agents.defaults.experimental.localModelLean'}
  const own = entries[index].experimental
  if (!isRecord(own)) return {agentId: id, listed: true, experimental: defaults, leanSource: 'agents.defaults.experimental.localModelLean'}
  const merged = {...defaults, ...own}
  const listIndex = (isRecord(config) && isRecord(config.agents) && Array.isArray(config.agents.list) ? config.agents.list : []).indexOf(entries[index])
  const leanSource = Object.hasOwn(own, 'localModelLean') ? `agents.list[${listIndex}].experimental.localModelLean` : 'agents.defaults.experimental.localModelLean'
  return {agentId: id, listed: true, experimental: merged, leanSource}
}
