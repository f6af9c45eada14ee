/**
 * Loading a config document: locate the file, read and parse it, resolve `$include`, substitute
 * `${VAR}`. The document keeps both views — the authored value (what `config get` prints and what
 * writes start from) and the resolved value (what validation and effective settings see) — plus
 * where every value came from.
 */
import type {ConfigLocation, ConfigWarning} from './index.js'
import {type ResolvedConfig, isPlainObject, resolveIncludes} from './include.js'
import {substituteEnv} from './env.js'
import {formatConfigPath} from './path.js'
import {readConfigText, readExistingConfigText} from './read.js'
import {type ConfigSource, type Origin, originKey, parseSource, sourceError} from './source.js'

export interface ConfigDocument {
  location: ConfigLocation
  /** The top-level file, parsed; undefined when the file does not exist. */
  source: ConfigSource | undefined
  /** Includes merged, `${VAR}` kept as written. */
  authored: Record<string, unknown>
  /** Includes merged and `${VAR}` substituted. */
  resolved: Record<string, unknown>
  origins: ResolvedConfig['origins']
  sources: ResolvedConfig['sources']
  warnings: ConfigWarning[]
}

/** Parses the text of the top-level file at `location` (JSON for package.json). */
export function parseLocated(location: ConfigLocation, text: string): ConfigSource {
  return parseSource(location.path, text, location.packageKey === undefined ? 'json5' : 'json', location.packageKey)
}

function readIncluded(file: string): ConfigSource {
  return parseSource(file, readExistingConfigText(file))
}

/** Builds a document from already-read text (or undefined for a missing file). */
export function documentFromText(location: ConfigLocation, text: string | undefined, env: NodeJS.ProcessEnv): ConfigDocument {
  if (text === undefined) return {location, source: undefined, authored: {}, resolved: {}, origins: new Map(), sources: new Map(), warnings: []}
  const source = parseLocated(location, text)
  const resolved = resolveIncludes(source, readIncluded)
  if (!isPlainObject(resolved.value)) {
    throw sourceError('config-shape', 'The config must be an object', source, source.root?.start ?? 0)
  }
  const substituted = substituteEnv(resolved.value, env)
  const warnings: ConfigWarning[] = substituted.missing.map(({path, name}) => {
    const where = locateOrigin(resolved, path)
    const shown = formatConfigPath(path)
    return {code: 'config.env', message: `Environment variable ${name} is not set (referenced by ${shown}); the reference is kept as written.`, path: shown, variable: name, ...where}
  })
  return {
    location,
    source,
    authored: resolved.value,
    resolved: substituted.value as Record<string, unknown>,
    origins: resolved.origins,
    sources: resolved.sources,
    warnings,
  }
}

/** Reads and resolves the config at `location`. Throws ToolsearchError (exit 2) on a bad file. */
export function loadDocument(location: ConfigLocation, env: NodeJS.ProcessEnv): ConfigDocument {
  return documentFromText(location, readConfigText(location.path), env)
}

/** The origin of `path`, or of its nearest ancestor that has one. */
export function nearestOrigin(document: Pick<ResolvedConfig, 'origins'>, path: readonly string[]): {origin: Origin; depth: number} | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const origin = document.origins.get(originKey(path.slice(0, depth)))
    if (origin !== undefined) return {origin, depth}
  }
  return undefined
}

/** File, line and column of the value at `path` (its key, for object members, when `at` says so). */
export function locateOrigin(document: Pick<ResolvedConfig, 'origins' | 'sources'>, path: readonly string[], at: 'key' | 'value' = 'value'): {file?: string; line?: number; column?: number} {
  const found = nearestOrigin(document, path)
  if (found === undefined) return {}
  const {origin} = found
  const source = document.sources.get(origin.file)
  const offset = at === 'key' && origin.keyOffset !== undefined ? origin.keyOffset : origin.valueOffset
  if (source === undefined) return {file: origin.file}
  return {file: origin.file, ...source.position(offset)}
}
