/**
 * The config facade (SPEC §1–2). Other modules import only from here: the types, locating and
 * loading the config, the effective Tool Search settings and the tool policy. Reading (CST,
 * includes, `${VAR}`), validation and lossless editing live behind it; files are written by the
 * shared atomic writer (src/fs/atomic-write.ts), `${…}` is expanded by src/env/variables.ts. The
 * public types are declared in `types.ts`, which the modules behind the facade import as well.
 */
import {computeEffectiveSettings, policyFromConfig} from './effective.js'
import {loadDocument} from './load.js'
import {locate} from './locate.js'
import type {ConfigLocateOptions, ConfigLocation, ConfigWarning, EffectiveToolSearchSettings, LoadedConfig, ModelContext, ToolPolicy} from './types.js'

export type {ConfigLocateOptions, ConfigLocation, ConfigNearMiss, ConfigRule, ConfigWarning, EffectiveToolSearchSettings, LoadedConfig, ModelContext, ToolPolicy} from './types.js'

/**
 * The config paths the Tool Search commands read (`*` matches any one key): the setting itself,
 * Code Mode, the tool policy, and what the local-model overlay looks at. A `${VAR}` warning
 * elsewhere (an API key of another provider, a channel token) is not theirs to repeat on every run.
 */
export const TOOL_SEARCH_READS: ReadonlyArray<readonly string[]> = [
  ['tools', 'toolSearch'],
  ['tools', 'codeMode'],
  ['tools', 'allow'],
  ['tools', 'deny'],
  ['agents', 'defaults', 'experimental'],
  ['agents', 'list', '*', 'id'],
  ['agents', 'list', '*', 'default'],
  ['agents', 'list', '*', 'experimental'],
  ['models', 'providers', '*', 'baseUrl'],
  ['models', 'providers', '*', 'localService'],
]

/** The warnings about values at or under one of `reads` (or about no path at all). */
export function warningsFor(warnings: readonly ConfigWarning[], reads: ReadonlyArray<readonly string[]> = TOOL_SEARCH_READS): ConfigWarning[] {
  const under = (path: readonly string[], read: readonly string[]) => read.length <= path.length && read.every((key, index) => key === '*' || key === path[index])
  return warnings.filter((warning) => warning.path === undefined || reads.some((read) => under(warning.path as string[], read)))
}

/** Which config file applies (SPEC §1.1) and why; the file may not exist yet. */
export async function locateConfig(options: ConfigLocateOptions): Promise<ConfigLocation> {
  return locate(options)
}

/** Locates and reads the config; a missing file is `{}`. Throws ToolsearchError on a bad file. */
export async function loadConfig(options: ConfigLocateOptions): Promise<LoadedConfig> {
  const location = await locate(options)
  const document = loadDocument(location, options.env)
  return {location, value: document.resolved, authored: document.authored, warnings: document.warnings}
}

/**
 * Pure: the effective Tool Search settings for a resolved config (SPEC §1.3). Pass `authored`
 * (LoadedConfig.authored) when the reasons are shown: they then quote `${VAR}` references, never
 * the environment's values.
 */
export function effectiveToolSearchSettings(config: unknown, model: ModelContext = {}, authored: unknown = config): EffectiveToolSearchSettings {
  return computeEffectiveSettings(config, model, authored)
}

/**
 * Pure: the allow/deny patterns in a resolved config (`tools.allow`, `tools.deny`).
 * An absent or empty `tools.allow` means no allow filtering: every tool passes it. A non-empty
 * `tools.allow` lets through only tools matching one of its patterns. `tools.deny` always wins.
 * Entries that are not strings are skipped here; `config validate` reports them.
 */
export function toolPolicyFromConfig(config: unknown): ToolPolicy {
  return policyFromConfig(config)
}
