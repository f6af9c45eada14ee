/**
 * Effective Tool Search settings (SPEC §1.3): pure functions from a resolved config (and the model
 * in use) to what the runtime does, with one sentence of reason per value.
 */
import {isRecord} from '../shared/json.js'
import type {EffectiveToolSearchSettings, ModelContext, ToolPolicy} from './types.js'
import {toolSearchValue} from './legacy.js'
import {agentExperimental} from './agents.js'
import {formatConfigPath} from './path.js'

export const TOOL_SEARCH_DEFAULTS = {searchDefaultLimit: 8, maxSearchLimit: 20} as const
/** Hard caps the runtime applies whatever the config says. */
export const MAX_SEARCH_LIMIT_CAP = 50
/** Limits of the local-model overlay. */
export const LOCAL_MODEL_LIMITS = {searchDefaultLimit: 5, maxSearchLimit: 10} as const

export const OLLAMA_CLOUD_BASE_URL = 'https://ollama.com/v1'

/** A limit counts only when it is a number, an integer and greater than zero. */
export function isUsableLimit(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0
}

function normalizeUrl(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '')
  try {
    const parsed = new URL(trimmed)
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`.toLowerCase()
  } catch {
    return trimmed.toLowerCase()
  }
}

/** The `models.providers` entry of `provider` (ids compare case-insensitively) and its key as written. */
function providerEntry(config: unknown, provider: string): {key: string; entry: Record<string, unknown>} | undefined {
  if (!isRecord(config) || !isRecord(config.models) || !isRecord(config.models.providers)) return undefined
  const providers = config.models.providers
  const key = Object.keys(providers).find((candidate) => candidate.toLowerCase() === provider.toLowerCase())
  const entry = key === undefined ? undefined : providers[key]
  return key !== undefined && isRecord(entry) ? {key, entry} : undefined
}

/**
 * Why the model in use is local, or undefined when it is not. LM Studio always is; Ollama is
 * unless the model or endpoint is Ollama's cloud; any provider is when its `models.providers`
 * entry says `localService: true` and its `baseUrl` is the endpoint in use. A model name or a
 * loopback URL alone never makes a provider local.
 */
export function localModelReason(config: unknown, model: ModelContext, written: unknown = config): string | undefined {
  const provider = model.provider?.trim()
  if (provider === undefined || provider === '') return undefined
  const id = provider.toLowerCase()
  const found = providerEntry(config, provider)
  const entry = found?.entry
  const configuredUrl = typeof entry?.baseUrl === 'string' ? entry.baseUrl : undefined
  const endpoint = model.baseUrl ?? configuredUrl
  if (id === 'lmstudio' || id === 'lm-studio') return `provider ${provider} (LM Studio) is local`
  if (id === 'ollama') {
    const modelId = model.model ?? ''
    const cloudModel = /:cloud$/i.test(modelId) || /-cloud$/i.test(modelId)
    const cloudUrl = endpoint !== undefined && normalizeUrl(endpoint) === normalizeUrl(OLLAMA_CLOUD_BASE_URL)
    if (!cloudModel && !cloudUrl) return `provider ${provider} (Ollama) is local`
  }
  if (found !== undefined && found.entry.localService === true && configuredUrl !== undefined && (model.baseUrl === undefined || normalizeUrl(model.baseUrl) === normalizeUrl(configuredUrl))) {
    // Quoted as written: a ${VAR} reference, never the value the environment gave it.
    const writtenUrl = providerEntry(written, found.key)?.entry.baseUrl
    return `${formatConfigPath(['models', 'providers', found.key])} has localService: true and its baseUrl ${typeof writtenUrl === 'string' ? writtenUrl : configuredUrl} is the endpoint in use`
  }
  return undefined
}

/** Why the agent's lean flag applies, or undefined when it does not (OpenClaw reads it as truthy). */
function localModelLeanReason(config: unknown, agent: string | undefined): string | undefined {
  const scope = agentExperimental(config, agent)
  if (!scope.experimental?.localModelLean) return undefined
  const whose = agent === undefined ? `the default agent (${scope.agentId})` : `agent ${scope.agentId}`
  return `${scope.leanSource} is true for ${whose}`
}

/** Code Mode is on with `tools.codeMode: true` or `{enabled: true}`; it takes precedence over Tool Search. */
export function isCodeModeOn(config: unknown): boolean {
  if (!isRecord(config) || !isRecord(config.tools)) return false
  const codeMode = config.tools.codeMode
  return codeMode === true || (isRecord(codeMode) && codeMode.enabled === true)
}

const CODE_MODE_REASON = 'tools.codeMode is on: Code Mode takes precedence, so no Tool Search controls are offered.'

/**
 * Effective settings (SPEC §1.3) of a resolved config for the default agent (or `model.agent`).
 * With Code Mode on the controls are off; mode and limits are still what Tool Search would use.
 */
export function computeEffectiveSettings(config: unknown, model: ModelContext = {}, written: unknown = config): EffectiveToolSearchSettings {
  const settings = toolSearchSettings(config, model, written)
  if (!isCodeModeOn(config)) return settings
  return {...settings, enabled: false, reasons: {...settings.reasons, enabled: CODE_MODE_REASON}}
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' ? 'an object' : String(value)
}

/**
 * The settings `tools.toolSearch` and the local-model overlay give. Reasons quote values from
 * `written` (the config as authored): a `${VAR}` reference, never the value the environment gave it.
 */
function toolSearchSettings(config: unknown, model: ModelContext, written: unknown): EffectiveToolSearchSettings {
  const value = toolSearchValue(config)
  const writtenValue = toolSearchValue(written)
  const writtenObject = isRecord(writtenValue) ? writtenValue : {}
  if (value === undefined) {
    const why = localModelReason(config, model, written) ?? localModelLeanReason(config, model.agent)
    if (why !== undefined) {
      return {
        enabled: true,
        mode: 'tools',
        ...LOCAL_MODEL_LIMITS,
        localModelOverlay: true,
        reasons: {
          enabled: `tools.toolSearch is unset and ${why}: the local-model overlay turns Tool Search on.`,
          mode: 'The local-model overlay uses mode "tools".',
          searchDefaultLimit: `The local-model overlay sets ${LOCAL_MODEL_LIMITS.searchDefaultLimit}.`,
          maxSearchLimit: `The local-model overlay sets ${LOCAL_MODEL_LIMITS.maxSearchLimit}.`,
        },
      }
    }
    return settings(true, 'tools', {}, 'tools.toolSearch is unset: Tool Search is on by default.', 'tools.toolSearch is unset: the default mode is "tools".')
  }
  if (value === true) return settings(true, 'tools', {}, 'tools.toolSearch is true.', 'tools.toolSearch is true: the default mode is "tools".')
  if (value === false) return settings(false, 'tools', {}, 'tools.toolSearch is false.', 'tools.toolSearch is false: the default mode is "tools".')
  const object = isRecord(value) ? value : {}
  const shape = isRecord(value) ? '' : `tools.toolSearch is ${describeValue(writtenValue)}, which behaves as {}. `
  let enabledReason: string
  let enabled: boolean
  if (typeof object.enabled === 'boolean') {
    enabled = object.enabled
    enabledReason = `tools.toolSearch.enabled is ${object.enabled}.`
  } else {
    const others = Object.keys(object).filter((key) => key !== 'enabled')
    enabled = others.length > 0
    const enabledNote = Object.hasOwn(object, 'enabled') ? ` (enabled is ${describeValue(writtenObject.enabled)}, not a boolean)` : ''
    enabledReason = enabled
      ? `tools.toolSearch has settings (${others.join(', ')})${enabledNote}: an object with any key besides enabled turns Tool Search on.`
      : `${shape}tools.toolSearch has no key besides enabled${enabledNote}: Tool Search is off.`
  }
  const mode = object.mode === 'directory' ? 'directory' : 'tools'
  const modeReason =
    object.mode === 'directory'
      ? 'tools.toolSearch.mode is "directory".'
      : object.mode === undefined
        ? 'tools.toolSearch.mode is unset: the default is "tools".'
        : object.mode === 'tools'
          ? 'tools.toolSearch.mode is "tools".'
          : `tools.toolSearch.mode is ${describeValue(writtenObject.mode)}: anything but "directory" means "tools".`
  return settings(enabled, mode, object, enabledReason, modeReason, writtenObject)
}

function settings(enabled: boolean, mode: 'tools' | 'directory', object: Record<string, unknown>, enabledReason: string, modeReason: string, written = object): EffectiveToolSearchSettings {
  const limits = effectiveLimits(object, written)
  return {enabled, mode, searchDefaultLimit: limits.searchDefaultLimit.value, maxSearchLimit: limits.maxSearchLimit.value, localModelOverlay: false, reasons: {enabled: enabledReason, mode: modeReason, searchDefaultLimit: limits.searchDefaultLimit.reason, maxSearchLimit: limits.maxSearchLimit.reason}}
}

/**
 * The two limits with reasons: max = min(50, value or 20); default = min(max, value or 8).
 * `written` is the same object as authored, for quoting ignored values.
 */
export function effectiveLimits(object: Record<string, unknown>, written: Record<string, unknown> = object): Record<'searchDefaultLimit' | 'maxSearchLimit', {value: number; reason: string}> {
  const rawMax = object.maxSearchLimit
  const rawDefault = object.searchDefaultLimit
  const ignored = (key: 'searchDefaultLimit' | 'maxSearchLimit', fallback: number) => `tools.toolSearch.${key} is ${describeValue(written[key])}, not a positive integer: ignored, the default ${fallback} applies.`
  let max: {value: number; reason: string}
  if (isUsableLimit(rawMax)) {
    max = rawMax > MAX_SEARCH_LIMIT_CAP ? {value: MAX_SEARCH_LIMIT_CAP, reason: `tools.toolSearch.maxSearchLimit is ${rawMax}, clamped to ${MAX_SEARCH_LIMIT_CAP}.`} : {value: rawMax, reason: `tools.toolSearch.maxSearchLimit is ${rawMax}.`}
  } else {
    max = {value: TOOL_SEARCH_DEFAULTS.maxSearchLimit, reason: rawMax === undefined ? `Default ${TOOL_SEARCH_DEFAULTS.maxSearchLimit}.` : ignored('maxSearchLimit', TOOL_SEARCH_DEFAULTS.maxSearchLimit)}
  }
  let fallback: {value: number; reason: string}
  if (isUsableLimit(rawDefault)) {
    fallback = rawDefault > max.value ? {value: max.value, reason: `tools.toolSearch.searchDefaultLimit is ${rawDefault}, clamped to maxSearchLimit ${max.value}.`} : {value: rawDefault, reason: `tools.toolSearch.searchDefaultLimit is ${rawDefault}.`}
  } else {
    const value = Math.min(max.value, TOOL_SEARCH_DEFAULTS.searchDefaultLimit)
    const clamp = value < TOOL_SEARCH_DEFAULTS.searchDefaultLimit ? ` clamped to maxSearchLimit ${value}` : ''
    fallback = {value, reason: rawDefault === undefined ? `Default ${TOOL_SEARCH_DEFAULTS.searchDefaultLimit}${clamp}.` : ignored('searchDefaultLimit', TOOL_SEARCH_DEFAULTS.searchDefaultLimit) + (clamp === '' ? '' : ` (then${clamp})`)}
  }
  return {searchDefaultLimit: fallback, maxSearchLimit: max}
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/**
 * `tools.allow` / `tools.deny` (SPEC §4.2). An absent or empty `tools.allow` means no allow
 * filtering (every tool passes); a non-empty one lets only matching tools through. `tools.deny`
 * always wins. Non-string entries are ignored here (`config validate` reports them).
 */
export function policyFromConfig(config: unknown): ToolPolicy {
  if (!isRecord(config) || !isRecord(config.tools)) return {allow: [], deny: []}
  return {allow: stringList(config.tools.allow), deny: stringList(config.tools.deny)}
}
