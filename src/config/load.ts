/**
 * Loading a config document: read and parse the file, resolve `$include`, substitute `${VAR}`.
 * The document keeps both views — the authored value (what `config get` prints and what writes
 * start from) and the resolved value (what validation and effective settings see) — plus where
 * every value came from.
 */
import {isRecord} from '../shared/json.js'
import {substituteEnv} from './env.js'
import {type ResolvedConfig, realPathOr, resolveIncludes} from './include.js'
import type {ConfigLocation, ConfigWarning} from './types.js'
import {formatConfigPath} from './path.js'
import {valueAtPath} from './query.js'
import {readConfigText, readExistingConfigText} from './read.js'
import type {Edit} from './edit.js'
import {type ConfigSource, type Origin, type SourceFormat, TreeOrigins, absentSource, editedPlainSource, parseSource, plainSource, sourceError} from './source.js'

/** The merged, authored config and where each of its values was written. */
export type OriginIndex = Pick<ConfigDocument, 'authored' | 'origins' | 'sources'>

export interface ConfigDocument {
  location: ConfigLocation
  /** The top-level file, parsed (empty text when the file does not exist yet). */
  source: ConfigSource
  /** Includes merged, `${VAR}` kept as written. */
  authored: Record<string, unknown>
  /** Includes merged and `${VAR}` substituted. */
  resolved: Record<string, unknown>
  origins: ResolvedConfig['origins']
  sources: ResolvedConfig['sources']
  /** Every `$include` of the config, as written. */
  includes: ResolvedConfig['includes']
  warnings: ConfigWarning[]
}

/** An included file's text to use instead of what is on disk (a write planned into it). */
export interface IncludedText {
  file: string
  text: string
}

/**
 * Parses a file that exists. One with no value at all (empty, or only whitespace and comments) is
 * a parse error, as it is to OpenClaw's JSON5 reader: it is never silently an empty config.
 */
function parseExisting(file: string, text: string, format: SourceFormat = 'json5', packageKey?: string): ConfigSource {
  const source = parseSource(file, text, format, packageKey)
  if (source.top === undefined) throw sourceError('config-parse', 'Unexpected end of input; expected a value (the file is empty: write {} for an empty config)', source, text.length)
  return source
}

/** An included file, parsed; `override`'s text when it is that file (under any name: links too). */
function readIncluded(file: string, override?: IncludedText): ConfigSource {
  const overridden = override !== undefined && (override.file === file || realPathOr(override.file) === realPathOr(file))
  return parseExisting(file, overridden ? override.text : readExistingConfigText(file))
}

function describeType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'string' ? 'a string' : typeof value === 'number' ? 'a number' : typeof value === 'boolean' ? 'a boolean' : typeof value
}

/**
 * The top-level file parsed and its includes resolved. A config in one file with nothing to
 * resolve (the common case) takes the plain parser: its values without a syntax tree or an origin
 * tree, which are read off the tree when first asked for (`plainSource`, `TreeOrigins`).
 */
function loadSources(location: ConfigLocation, text: string | undefined, included?: IncludedText): ResolvedConfig & {source: ConfigSource} {
  if (text !== undefined && location.packageKey === undefined) {
    const plain = plainSource(location.path, text)
    if (plain !== undefined) return {source: plain.source, value: plain.value, origins: new TreeOrigins(plain.source), sources: new Map([[plain.source.file, plain.source]]), includes: []}
  }
  const format = location.packageKey === undefined ? 'json5' : 'json'
  const source = text === undefined ? absentSource(location.path, format, location.packageKey) : parseExisting(location.path, text, format, location.packageKey)
  return {source, ...resolveIncludes(source, (file) => readIncluded(file, included))}
}

/**
 * Builds a document from already-read text (undefined: the file does not exist, which reads as
 * `{}`; an existing file without a value is a parse error). package.json is plain JSON and its `openclaw` key is the config. Throws a
 * ToolsearchError (exit 2) naming the file, line and column on a bad file. `included` stands in
 * for one included file's text on disk (how a write into that file is planned and checked).
 */
export function documentFromText(location: ConfigLocation, text: string | undefined, env: NodeJS.ProcessEnv, included?: IncludedText): ConfigDocument {
  return completeDocument(location, env, loadSources(location, text, included))
}

/**
 * The document of `text`, which is `base`'s top-level text with `edits` applied, read without
 * reading all of it again when `base` took the plain parser and its syntax tree is built (see
 * `editedPlainSource`); undefined when it cannot be, and the caller loads `text` whole. The
 * same document either way.
 */
export function documentFromEdit(base: ConfigDocument, edits: readonly Edit[], text: string, env: NodeJS.ProcessEnv): ConfigDocument | undefined {
  if (!(base.origins instanceof TreeOrigins)) return undefined
  const edited = editedPlainSource(base.source, base.authored, edits, text)
  if (edited === undefined) return undefined
  const {source, value} = edited
  return completeDocument(base.location, env, {source, value, origins: new TreeOrigins(source), sources: new Map([[source.file, source]]), includes: []})
}

/**
 * Whether a string of the config could hold a `${VAR}` reference: only when a file's text has a
 * `$`, or a backslash (an escape can stand for `$` or `{`). Without either, substitution finds
 * nothing and gives the value back as it is, so a large config skips walking every value.
 */
function mayHoldVariables(sources: ReadonlyMap<string, ConfigSource>): boolean {
  for (const source of sources.values()) if (source.text.includes('$') || source.text.includes('\\')) return true
  return false
}

function completeDocument(location: ConfigLocation, env: NodeJS.ProcessEnv, loaded: ResolvedConfig & {source: ConfigSource}): ConfigDocument {
  const {source, value: authored, origins, sources, includes} = loaded
  if (!isRecord(authored)) {
    const where = location.packageKey === undefined ? 'The config' : `The "${location.packageKey}" key of package.json`
    throw sourceError('config-shape', `${where} must be an object, not ${describeType(authored)}`, source, source.root?.start ?? 0)
  }
  const substituted = mayHoldVariables(sources) ? substituteEnv(authored, env) : {value: authored, missing: []}
  const warnings: ConfigWarning[] = substituted.missing.map(({path, name}) => ({
    code: 'config.env',
    message: `Environment variable ${name} is not set (referenced by ${formatConfigPath(path)}); the reference is kept as written.`,
    path,
    variable: name,
    ...locateOrigin({authored, origins, sources}, path),
  }))
  return {
    location,
    source,
    authored,
    resolved: substituted.value as Record<string, unknown>,
    origins,
    sources,
    includes,
    warnings,
  }
}

/** Reads and resolves the config at `location`. Throws ToolsearchError (exit 2) on a bad file. */
export function loadDocument(location: ConfigLocation, env: NodeJS.ProcessEnv): ConfigDocument {
  return documentFromText(location, readConfigText(location.path), env)
}

/**
 * Where the value at `path` was written: the deepest prefix of `path` that exists in the merged
 * config (`depth` segments long) and its origin. Only existing values count, so a value that a
 * sibling key replaced never points into the included file it came from.
 */
export function nearestOrigin(document: Omit<OriginIndex, 'sources'>, path: readonly string[]): {origin: Origin; depth: number} | undefined {
  let depth = 0
  while (depth < path.length && valueAtPath(document.authored, path.slice(0, depth + 1)).found) depth++
  const origin = document.origins.get(path.slice(0, depth))
  return origin === undefined ? undefined : {origin, depth}
}

/** File, line and column of the value at `path` (its key, for object members, when `at` says so). */
export function locateOrigin(document: OriginIndex, path: readonly string[], at: 'key' | 'value' = 'value'): {file?: string; line?: number; column?: number} {
  const found = nearestOrigin(document, path)
  if (found === undefined) return {}
  const {origin} = found
  const source = document.sources.get(origin.file)
  const offset = at === 'key' && origin.keyOffset !== undefined ? origin.keyOffset : origin.valueOffset
  if (source === undefined) return {file: origin.file}
  return {file: origin.file, ...source.position(offset)}
}
