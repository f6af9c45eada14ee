/**
 * OpenClaw 2026.9.6's roster of agents: `agents.entries` (a map from agent id to its settings),
 * or, in a config not yet migrated, the legacy `agents.list` array, read the way OpenClaw reads it
 * before migrating it. Without either, the config has one implicit agent, `main`.
 *
 * The agent a turn runs as when none is named (OpenClaw's session agent resolution): the one entry
 * marked `default: true` (markers are ignored once `agents.ownership` is `"explicit"`, and two
 * markers are no marker), else the only agent, else `main` when there is no roster; a roster of
 * several agents and no marker leaves it undecided (OpenClaw asks for `--agent`). This is not
 * `defaultAgentId` of `agents.ts`, which reads `agents.list` only and falls back to its first
 * entry: the rule of the releases before the keyed roster.
 */
import {isRecord, ownValue} from '../shared/json.js'
import {DEFAULT_AGENT_ID, normalizeAgentId} from './agents.js'

/** One agent of the roster: its id as written and its settings. */
export interface RosterAgent {
  readonly id: string
  readonly settings: Record<string, unknown>
}

/** The roster, or undefined when the config has none (`agents.entries` and `agents.list` both absent). */
export function agentRoster(config: unknown): RosterAgent[] | undefined {
  const agents = isRecord(config) ? ownValue(config, 'agents') : undefined
  if (!isRecord(agents)) return undefined
  const entries = ownValue(agents, 'entries')
  if (entries !== undefined) return isRecord(entries) ? Object.entries(entries).flatMap(([id, settings]) => (isRecord(settings) ? [{id, settings}] : [])) : []
  const list = ownValue(agents, 'list')
  if (list !== undefined) return Array.isArray(list) ? list.filter(isRecord).map((settings) => ({id: typeof settings.id === 'string' ? settings.id : '', settings})) : []
  return undefined
}

/** The settings of an agent (by id, compared normalized); `known` is false when a roster exists and lacks it. */
export function rosterAgent(config: unknown, agentId: string): {known: boolean; settings?: Record<string, unknown>} {
  const roster = agentRoster(config)
  const id = normalizeAgentId(agentId)
  if (roster === undefined) return {known: id === DEFAULT_AGENT_ID}
  const found = roster.find((agent) => normalizeAgentId(agent.id) === id)
  return found === undefined ? {known: false} : {known: true, settings: found.settings}
}

/** The agent a turn runs as when none is named; undefined when OpenClaw would ask which. */
export function rosterDefaultAgentId(config: unknown): string | undefined {
  const roster = agentRoster(config)
  if (roster === undefined || roster.length === 0) return roster === undefined ? DEFAULT_AGENT_ID : undefined
  const agents = isRecord(config) ? ownValue(config, 'agents') : undefined
  const explicitOwnership = isRecord(agents) && ownValue(agents, 'ownership') === 'explicit'
  const marked = explicitOwnership ? [] : roster.filter((agent) => agent.settings.default === true)
  if (marked.length === 1) return normalizeAgentId(marked[0].id)
  return roster.length === 1 ? normalizeAgentId(roster[0].id) : undefined
}
