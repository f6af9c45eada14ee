/**
 * Retired Tool Search settings (SPEC §3.1, §3.2): `mode: "code"` and any `codeTimeoutMs`. The
 * gateway refuses them; `doctor --fix` migrates them; writes refuse to add them. The wording lives
 * here, once, because doctor, `config validate` and the writer all say it.
 */
import {isRecord} from '../shared/json.js'

export const TOOL_SEARCH_PATH = ['tools', 'toolSearch'] as const

export const RETIRED_MODE_MESSAGE = 'Tool Search code mode (tool_search_code) is retired; use structured Tool Search. Run "toolsearch doctor --fix".'
export const RETIRED_TIMEOUT_MESSAGE = 'tools.toolSearch.codeTimeoutMs is retired. Run "toolsearch doctor --fix".'
export const MODE_MIGRATED_CHANGE = 'Tool Search code mode (tool_search_code) is retired; using structured Tool Search.'
export const TIMEOUT_REMOVED_CHANGE = 'Removed tools.toolSearch.codeTimeoutMs; Tool Search no longer executes code.'

/**
 * Which OpenClaw migrates code mode, for advice toolsearch gives in its own words (the gateway's
 * own words are quoted as they are): the released 2026.9.6 still accepts code mode (`true` still
 * selects it, as its recorded runs show) and its doctor leaves it; the structured-only generation
 * refuses it and its `openclaw doctor --fix` migrates it. What toolsearch says must hold for both.
 */
export const OPENCLAW_CODE_MODE_NOTE = 'OpenClaw 2026.9.6 still accepts code mode and its doctor leaves it as it is; the structured-only generation refuses it, and its "openclaw doctor --fix" migrates it'

/** What a write says instead of storing a retired value. */
export const RETIRED_MODE_REFUSAL = 'tools.toolSearch.mode "code" is retired: use "tools" (structured Tool Search) or "directory".'
export const RETIRED_TIMEOUT_REFUSAL = 'tools.toolSearch.codeTimeoutMs is retired and has no replacement: Tool Search no longer executes code, so leave it out.'

export type RetiredKey = 'mode' | 'codeTimeoutMs'

export interface RetiredSetting {
  key: RetiredKey
  /** Config path of the retired value. */
  path: string[]
  message: string
  refusal: string
  /** The retired value as written. */
  value: unknown
}

/** The `tools.toolSearch` value of a config, or undefined when unset. */
export function toolSearchValue(config: unknown): unknown {
  if (!isRecord(config) || !isRecord(config.tools)) return undefined
  return Object.hasOwn(config.tools, 'toolSearch') ? config.tools.toolSearch : undefined
}

/** Retired settings in a config, in migration order. Only an object `tools.toolSearch` has any. */
export function findRetiredSettings(config: unknown): RetiredSetting[] {
  const toolSearch = toolSearchValue(config)
  if (!isRecord(toolSearch)) return []
  const found: RetiredSetting[] = []
  if (toolSearch.mode === 'code') found.push({key: 'mode', path: [...TOOL_SEARCH_PATH, 'mode'], message: RETIRED_MODE_MESSAGE, refusal: RETIRED_MODE_REFUSAL, value: 'code'})
  if (Object.hasOwn(toolSearch, 'codeTimeoutMs')) {
    found.push({key: 'codeTimeoutMs', path: [...TOOL_SEARCH_PATH, 'codeTimeoutMs'], message: RETIRED_TIMEOUT_MESSAGE, refusal: RETIRED_TIMEOUT_REFUSAL, value: toolSearch.codeTimeoutMs})
  }
  return found
}
