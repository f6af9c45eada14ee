/**
 * The model an agent's turn runs on, and that model's context window, as OpenClaw 2026.9.6
 * resolves them from its config:
 *
 * - the model is the agent's own `model` (in its roster entry), else `agents.defaults.model`;
 *   either a `"provider/model"` string or `{ primary: "provider/model" }`;
 * - its context window is what the config declares for it under
 *   `models.providers.<provider>.models[]` (the entry whose `id` is the model):
 *   `contextTokens` capped by `contextWindow` when both are there, else whichever is.
 *
 * A model the config does not declare has the window OpenClaw knows from its own model catalog,
 * which toolsearch does not ship: the window is then unknown (`--context-window` gives it).
 */
import {isRecord, ownValue} from '../shared/json.js'
import {rosterAgent} from './agent-roster.js'

export interface ModelRef {
  provider: string
  model: string
}

/** `"provider/model"` (the model id may hold more slashes) or `{ primary: "provider/model" }`. */
export function parseModelRef(value: unknown): ModelRef | undefined {
  const text = isRecord(value) ? ownValue(value, 'primary') : value
  if (typeof text !== 'string') return undefined
  const trimmed = text.trim()
  const slash = trimmed.indexOf('/')
  if (slash <= 0 || slash === trimmed.length - 1) return undefined
  return {provider: trimmed.slice(0, slash).trim(), model: trimmed.slice(slash + 1).trim()}
}

/** The primary model of an agent's turn (`agentId` as the roster names it), or of the defaults. */
export function agentModelRef(config: unknown, agentId: string | undefined): ModelRef | undefined {
  const own = agentId === undefined ? undefined : rosterAgent(config, agentId).settings
  const fromAgent = own === undefined ? undefined : parseModelRef(ownValue(own, 'model'))
  if (fromAgent !== undefined) return fromAgent
  const agents = isRecord(config) ? ownValue(config, 'agents') : undefined
  const defaults = isRecord(agents) ? ownValue(agents, 'defaults') : undefined
  return isRecord(defaults) ? parseModelRef(ownValue(defaults, 'model')) : undefined
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined
}

/** The config's entry for a model under `models.providers.<provider>.models[]` (ids compared as written, then case-insensitively). */
function declaredModel(config: unknown, ref: ModelRef): Record<string, unknown> | undefined {
  const models = isRecord(config) ? ownValue(config, 'models') : undefined
  const providers = isRecord(models) ? ownValue(models, 'providers') : undefined
  if (!isRecord(providers)) return undefined
  const providerKey = Object.keys(providers).find((key) => key === ref.provider) ?? Object.keys(providers).find((key) => key.trim().toLowerCase() === ref.provider.toLowerCase())
  const provider = providerKey === undefined ? undefined : ownValue(providers, providerKey)
  const list = isRecord(provider) ? ownValue(provider, 'models') : undefined
  if (!Array.isArray(list)) return undefined
  const entries = list.filter(isRecord)
  return entries.find((entry) => entry.id === ref.model) ?? entries.find((entry) => typeof entry.id === 'string' && entry.id.trim().toLowerCase() === ref.model.toLowerCase())
}

/** The context window (tokens) the config declares for a model; undefined when it declares none. */
export function configuredContextWindow(config: unknown, ref: ModelRef): number | undefined {
  const model = declaredModel(config, ref)
  if (model === undefined) return undefined
  const tokens = positive(ownValue(model, 'contextTokens'))
  const window = positive(ownValue(model, 'contextWindow'))
  if (tokens !== undefined) return window === undefined ? tokens : Math.min(tokens, window)
  return window
}
