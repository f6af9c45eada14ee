/**
 * Which model the probe talks to, and how: an OpenAI-compatible Chat Completions endpoint, found
 * as OpenClaw finds the model of a turn (src/config/agent-model.ts). `--model <provider/model>`
 * names it, else the model of the agent the turn runs as. The provider's `models.providers.<id>`
 * entry gives the base URL, the key and, from its `models[]` row, the context window and output
 * limit; flags override each. `--model mock` is the built-in scripted model (src/probe/mock/).
 *
 * The key is read from the environment: the variable a `${VAR}` reference or an env SecretRef
 * (`{source: "env", id}`) names, a literal `apiKey` as written, or `--api-key-env`. It is kept in
 * this value only, never printed: messages name where it came from (`keySource`), not what it is.
 */
import {agentModelRef, configuredContextWindow, type ModelRef, parseModelRef} from '../config/agent-model.js'
import {rosterDefaultAgentId} from '../config/agent-roster.js'
import {isRecord} from '../shared/json.js'
import {usageError} from '../shared/errors.js'

/** The built-in scripted model's name on the command line. */
export const MOCK_MODEL = 'mock'

/** What the probe sends as `max_completion_tokens` when the config names no limit (OpenClaw's mock model row). */
export const DEFAULT_MAX_TOKENS = 4096

/** The context window the mock model declares when the config gives the agent's model none (the mock model row of OpenClaw's recordings). */
export const MOCK_CONTEXT_WINDOW = 128_000

/** Base URLs of well-known OpenAI-compatible providers, for a provider the config does not describe. */
export const KNOWN_PROVIDERS: Readonly<Record<string, {baseUrl: string; keyVariable?: string}>> = {
  openai: {baseUrl: 'https://api.openai.com/v1', keyVariable: 'OPENAI_API_KEY'},
  openrouter: {baseUrl: 'https://openrouter.ai/api/v1', keyVariable: 'OPENROUTER_API_KEY'},
  ollama: {baseUrl: 'http://127.0.0.1:11434/v1'},
  lmstudio: {baseUrl: 'http://127.0.0.1:1234/v1'},
}

/** The one API adapter the probe speaks (OpenClaw's name for Chat Completions). */
export const CHAT_COMPLETIONS_API = 'openai-completions'

export interface ModelEndpoint {
  provider: string
  model: string
  /** Without a trailing slash; requests go to `<baseUrl>/chat/completions`. */
  baseUrl: string
  /** Never printed, logged or written. */
  apiKey?: string
  /** Where the key comes from, for messages: `OPENAI_API_KEY (models.providers.openai.apiKey)`. */
  keySource?: string
  contextWindow?: number
  maxTokens: number
  /** The built-in scripted model. */
  mock: boolean
}

export interface EndpointFlags {
  model?: string
  'base-url'?: string
  'api-key-env'?: string
  'context-window'?: number
  agent?: string
}

/** `provider/model` as OpenClaw reads it, or a usage error saying what is expected. */
export function splitModelRef(ref: string): ModelRef {
  const parsed = parseModelRef(ref)
  if (parsed === undefined) throw usageError(`--model ${JSON.stringify(ref)} is not <provider>/<model> (for example openai/gpt-4.1-mini), nor "mock".`)
  return parsed
}

function providerEntry(config: unknown, provider: string): {id: string; value: Record<string, unknown>} | undefined {
  const providers = isRecord(config) && isRecord(config.models) && isRecord(config.models.providers) ? config.models.providers : {}
  const id = Object.keys(providers).find((key) => key.toLowerCase() === provider.toLowerCase())
  return id !== undefined && isRecord(providers[id]) ? {id, value: providers[id]} : undefined
}

const positive = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined)

/**
 * The endpoint for a real model (not the mock). `resolved` is the config with `${VAR}` expanded,
 * `authored` the same as written (to name the variable a key came from).
 */
export function resolveModelEndpoint(flags: EndpointFlags, resolved: unknown, authored: unknown, env: NodeJS.ProcessEnv): ModelEndpoint {
  const ref = flags.model === undefined ? agentModelRef(resolved, flags.agent ?? rosterDefaultAgentId(resolved)) : splitModelRef(flags.model)
  if (ref === undefined) throw usageError('No model to probe: pass --model <provider>/<model> (or --model mock), or set agents.defaults.model in the config.')
  const {provider, model} = ref
  const entry = providerEntry(resolved, provider)
  const written = providerEntry(authored, provider)
  const path = `models.providers.${entry?.id ?? provider}`
  const api = entry?.value.api
  if (api !== undefined && api !== CHAT_COMPLETIONS_API) {
    throw usageError(`${path}.api is ${JSON.stringify(api)}: the probe speaks OpenAI-compatible Chat Completions only ("${CHAT_COMPLETIONS_API}").`)
  }
  const known = KNOWN_PROVIDERS[provider.toLowerCase()]
  const baseUrl = flags['base-url'] ?? (typeof entry?.value.baseUrl === 'string' ? entry.value.baseUrl : undefined) ?? known?.baseUrl
  if (baseUrl === undefined) throw usageError(`No base URL for provider "${provider}": set ${path}.baseUrl in the config or pass --base-url.`)
  checkBaseUrl(baseUrl)
  const row = Array.isArray(entry?.value.models) ? entry.value.models.find((item) => isRecord(item) && item.id === model) : undefined
  const contextWindow = flags['context-window'] ?? configuredContextWindow(resolved, ref)
  const maxTokens = (isRecord(row) ? positive(row.maxTokens) : undefined) ?? positive(entry?.value.maxTokens) ?? DEFAULT_MAX_TOKENS
  const key = resolveKey(flags['api-key-env'], entry?.value.apiKey, written?.value.apiKey, `${path}.apiKey`, known?.keyVariable, env)
  return {provider: entry?.id ?? provider, model, baseUrl: baseUrl.replace(/\/+$/, ''), ...key, ...(contextWindow === undefined ? {} : {contextWindow}), maxTokens, mock: false}
}

function checkBaseUrl(value: string): void {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw usageError(`The base URL ${JSON.stringify(value)} is not a URL.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`The base URL ${JSON.stringify(value)} is not http or https.`)
  if (url.username !== '' || url.password !== '') throw usageError('The base URL carries credentials: put the key in the provider\'s apiKey (an environment variable) instead.')
}

const REFERENCE = /^\$\{([A-Z_][A-Z0-9_]*)\}$/

function resolveKey(flagVariable: string | undefined, value: unknown, written: unknown, path: string, knownVariable: string | undefined, env: NodeJS.ProcessEnv): Pick<ModelEndpoint, 'apiKey' | 'keySource'> {
  const fromVariable = (name: string, source: string) => {
    const key = env[name]
    return key === undefined || key === '' ? {keySource: `${source} (not set)`} : {apiKey: key, keySource: source}
  }
  if (flagVariable !== undefined) return fromVariable(flagVariable, flagVariable)
  if (isRecord(value)) {
    if (value.source === 'env' && typeof value.id === 'string') return fromVariable(value.id, `${value.id} (${path})`)
    throw usageError(`${path} is a ${JSON.stringify(value.source)} secret reference: the probe reads keys from the environment only; pass --api-key-env <VARIABLE>.`)
  }
  if (typeof value === 'string' && value !== '') {
    const reference = typeof written === 'string' ? REFERENCE.exec(written.trim()) : null
    return {apiKey: value, keySource: reference === null ? `the key written in ${path}` : `${reference[1]} (${path})`}
  }
  if (typeof written === 'string' && REFERENCE.test(written.trim())) return {keySource: `${REFERENCE.exec(written.trim())![1]} (${path}, not set)`}
  if (knownVariable !== undefined) return fromVariable(knownVariable, knownVariable)
  return {}
}

/** The mock's endpoint once its server listens on `baseUrl`. */
export function mockEndpoint(baseUrl: string, contextWindow: number = MOCK_CONTEXT_WINDOW): ModelEndpoint {
  return {provider: MOCK_MODEL, model: MOCK_MODEL, baseUrl, contextWindow, maxTokens: DEFAULT_MAX_TOKENS, mock: true}
}

/** `text` with the endpoint's key replaced, wherever it appears (a tool that echoes the environment, an error that quotes a header). */
export function withoutKey(text: string, endpoint: Pick<ModelEndpoint, 'apiKey'>): string {
  return endpoint.apiKey === undefined || endpoint.apiKey === '' ? text : text.split(endpoint.apiKey).join('<redacted>')
}
