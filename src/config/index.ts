/**
 * The config facade (SPEC §1–2). Other modules import only from here: the types, locating and
 * loading the config, the effective Tool Search settings and the tool policy. Reading (CST,
 * includes, `${VAR}`), validation and lossless editing live behind it; files are written by the
 * shared atomic writer (src/fs/atomic-write.ts), `${…}` is expanded by src/env/variables.ts.
 */
import {computeEffectiveSettings, policyFromConfig} from './effective.js'
import {loadDocument} from './load.js'
import {locate} from './locate.js'

export interface ConfigLocateOptions {
  /** `--config <path>`. */
  configFlag?: string
  /** `--profile <name>`. */
  profile?: string
  /** `--dev`: the profile `dev`. */
  dev?: boolean
  /** `--project`: the project search instead of OpenClaw's locations. */
  project?: boolean
  /** Also look for near misses (costs a few more file checks, and the project search when the file is missing). */
  nearMisses?: boolean
  cwd: string
  env: NodeJS.ProcessEnv
}

/**
 * Which resolution rule of SPEC §1.1 chose the file. `legacy`: the default locations, where the
 * file found is the legacy `~/.clawdbot/` directory or `clawdbot.json` name.
 */
export type ConfigRule = 'flag' | 'env' | 'project' | 'profile' | 'state-dir' | 'home' | 'legacy'

/** A file a person may have meant that the chosen rule passes over, and why. */
export interface ConfigNearMiss {
  path: string
  /** `sibling`: the other of `.json` / `.json5`; `legacy`: a legacy name or directory; `project`: a project config. */
  kind: 'sibling' | 'legacy' | 'project'
  message: string
}

export interface ConfigLocation {
  /** Absolute path of the config file (it may not exist yet). */
  path: string
  rule: ConfigRule
  /** One sentence for `config file`: why this file. */
  reason: string
  exists: boolean
  /** Set when the config is a key of package.json (`openclaw`): the file is plain JSON. */
  packageKey?: string
  /** Filled when asked for (`nearMisses`); empty otherwise. */
  nearMisses: ConfigNearMiss[]
}

export interface ConfigWarning {
  code: string
  message: string
  /** Config path the warning is about (`["tools", "toolSearch", "mode"]`). */
  path?: string[]
  file?: string
  line?: number
  column?: number
  /** For `config.env`: the variable that has no value. */
  variable?: string
}

export interface LoadedConfig {
  location: ConfigLocation
  /** The resolved config: `${VAR}` substituted, `$include` merged. `{}` when the file is missing. */
  value: Record<string, unknown>
  /** The same config as written: `$include` merged, `${VAR}` references kept (safe to quote). */
  authored: Record<string, unknown>
  warnings: ConfigWarning[]
}

/** The model in use, for the local-model overlay (SPEC §1.3). */
export interface ModelContext {
  provider?: string
  model?: string
  baseUrl?: string
  /** The agent the run is for (default: the default agent). */
  agent?: string
}

export interface EffectiveToolSearchSettings {
  enabled: boolean
  mode: 'tools' | 'directory'
  searchDefaultLimit: number
  maxSearchLimit: number
  /** True when the local-model overlay (limits 5 / 10) applied. */
  localModelOverlay: boolean
  /** Why each value is what it is, one sentence each. */
  reasons: Record<'enabled' | 'mode' | 'searchDefaultLimit' | 'maxSearchLimit', string>
}

/** `tools.allow` / `tools.deny`: glob patterns over tool names and ids. */
export interface ToolPolicy {
  allow: string[]
  deny: string[]
}

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
