/**
 * Raw catalog entries → `CatalogEntry` (SPEC §4.2): validation with paths in the errors, ids,
 * trust, visibility. One builder per accepted shape; they all end in `makeEntry`, so trust and
 * visibility rules live in one place.
 */
import {catalogError, childPath} from './errors.js'
import type {JsonPath} from '../shared/json-path.js'
import {hasOwn, isRecord, ownValue} from '../shared/json.js'
import {type RunContext, parseRunSpec} from './run.js'
import type {CatalogEntry, JsonSchema, ToolSource, Visibility} from './types.js'

export const TOOL_SOURCES: readonly ToolSource[] = ['openclaw', 'mcp', 'client']

/** Core coding primitives: cataloged and still directly visible (with sourceName `core`). */
export const CORE_PRIMITIVES: ReadonlySet<string> = new Set(['read', 'write', 'edit', 'ls', 'apply_patch', 'exec', 'process'])

/** `<source>:<sourceName>:<name>`. */
export function toolId(source: ToolSource, sourceName: string, name: string): string {
  return `${source}:${sourceName}:${name}`
}

export function visibilityOf(source: ToolSource, sourceName: string, name: string, directOnly: boolean): Visibility {
  if (directOnly) return 'direct-only'
  if (source === 'openclaw' && sourceName === 'core' && CORE_PRIMITIVES.has(name)) return 'direct-and-cataloged'
  return 'deferred'
}

/** Entries the catalog holds for search, describe and call: everything but `direct-only` tools. */
export function catalogedEntries(entries: readonly CatalogEntry[]): CatalogEntry[] {
  return entries.filter((entry) => entry.visibility !== 'direct-only')
}

/**
 * How every command counts a catalog's tools (`payload`, `catalog list`, `lint`, `eval`, the
 * session log), so that one catalog gives one set of numbers.
 */
export interface ToolCounts {
  /** The tools in the catalog: every loaded tool the policy lets through, direct-only ones included. */
  tools: number
  /** Those Tool Search indexes and can find (`catalogedEntries`): all but the direct-only ones. */
  searchable: number
  /** Those the model is given directly: direct-only tools and the core primitives. */
  directlyVisible: number
  /** Those reachable only through the controls. */
  deferred: number
}

/** `entries` are the tools in the catalog (policy applied), never a subset of them. */
export function countTools(entries: readonly CatalogEntry[]): ToolCounts {
  let directOnly = 0
  let directlyVisible = 0
  for (const entry of entries) {
    if (entry.visibility === 'direct-only') directOnly += 1
    if (entry.visibility !== 'deferred') directlyVisible += 1
  }
  return {tools: entries.length, searchable: entries.length - directOnly, directlyVisible, deferred: entries.length - directlyVisible}
}

/** What a loader knows about an entry; `makeEntry` derives id, trust and visibility. */
type EntryFields = Pick<CatalogEntry, 'name' | 'source' | 'sourceName' | 'description' | 'origin'> &
  Partial<Pick<CatalogEntry, 'label' | 'parameters' | 'outputSchema' | 'requiresApproval' | 'run'>> & {directOnly?: boolean}

/** The one place trust and visibility are decided: only openclaw entries keep an output schema. */
export function makeEntry(fields: EntryFields): CatalogEntry {
  const trusted = fields.source === 'openclaw'
  const entry: CatalogEntry = {
    id: toolId(fields.source, fields.sourceName, fields.name),
    name: fields.name,
    source: fields.source,
    sourceName: fields.sourceName,
    description: fields.description,
    trusted,
    visibility: visibilityOf(fields.source, fields.sourceName, fields.name, fields.directOnly === true),
    requiresApproval: fields.requiresApproval === true,
    origin: fields.origin,
  }
  if (fields.label !== undefined) entry.label = fields.label
  if (fields.parameters !== undefined) entry.parameters = fields.parameters
  if (trusted && fields.outputSchema !== undefined) entry.outputSchema = fields.outputSchema
  if (fields.run !== undefined) entry.run = fields.run
  return entry
}

/** Field readers that fail with the file and path of the field. */
class FieldReader {
  constructor(
    readonly file: string,
    readonly path: JsonPath,
    readonly raw: Record<string, unknown>,
  ) {}

  fail(key: string, problem: string): never {
    throw catalogError(this.file, childPath(this.path, key), problem)
  }

  requiredString(key: string): string {
    const value = ownValue(this.raw, key)
    if (typeof value !== 'string') return this.fail(key, 'must be a string')
    if (value.trim() === '') return this.fail(key, 'must not be empty')
    return value
  }

  optionalString(key: string): string | undefined {
    const value = ownValue(this.raw, key)
    if (value === undefined) return undefined
    if (typeof value !== 'string') return this.fail(key, 'must be a string')
    return value
  }

  optionalSchema(key: string): JsonSchema | undefined {
    const value = ownValue(this.raw, key)
    if (value === undefined) return undefined
    if (!isRecord(value)) return this.fail(key, 'must be an object (a JSON Schema)')
    return value
  }

  optionalBoolean(key: string): boolean | undefined {
    const value = ownValue(this.raw, key)
    if (value === undefined) return undefined
    if (typeof value !== 'boolean') return this.fail(key, 'must be a boolean')
    return value
  }
}

function requireObject(raw: unknown, file: string, path: JsonPath, shape: string): Record<string, unknown> {
  if (!isRecord(raw)) throw catalogError(file, path, `must be an object (${shape})`)
  return raw
}

/**
 * A native entry: `name` (required), `description`, `label`, `source`, `sourceName`,
 * `parameters` (or `inputSchema`, as MCP spells it), `outputSchema`, `catalogMode`,
 * `requiresApproval`, `run`. Unknown keys are ignored. MCP entries need `sourceName` (the server).
 */
export function nativeEntry(raw: unknown, path: JsonPath, context: RunContext): CatalogEntry {
  const fields = new FieldReader(context.file, path, requireObject(raw, context.file, path, 'a tool entry'))
  const name = fields.requiredString('name')
  const source = ownValue(fields.raw, 'source') ?? 'openclaw'
  if (typeof source !== 'string' || !(TOOL_SOURCES as readonly string[]).includes(source)) {
    fields.fail('source', `must be one of ${TOOL_SOURCES.map((item) => `"${item}"`).join(', ')}`)
  }
  const toolSource = source as ToolSource
  const implicitSourceName = toolSource === 'openclaw' ? 'core' : toolSource === 'client' ? 'client' : undefined
  const sourceName = hasOwn(fields.raw, 'sourceName') || implicitSourceName === undefined ? fields.requiredString('sourceName') : implicitSourceName
  const catalogMode = ownValue(fields.raw, 'catalogMode')
  if (catalogMode !== undefined && catalogMode !== 'direct-only') fields.fail('catalogMode', 'must be "direct-only" (or absent)')
  const parameters = hasOwn(fields.raw, 'parameters') ? fields.optionalSchema('parameters') : fields.optionalSchema('inputSchema')
  const run = hasOwn(fields.raw, 'run') ? parseRunSpec(fields.raw.run, childPath(path, 'run'), context) : undefined
  if (run?.kind === 'mcp' && toolSource !== 'mcp') fields.fail('run', 'names an MCP server, so the tool needs "source": "mcp"')
  const entry = makeEntry({
    name,
    source: toolSource,
    sourceName,
    description: fields.optionalString('description') ?? '',
    label: fields.optionalString('label'),
    parameters,
    outputSchema: fields.optionalSchema('outputSchema'),
    directOnly: catalogMode === 'direct-only',
    requiresApproval: fields.optionalBoolean('requiresApproval'),
    run,
    origin: {file: context.file, path},
  })
  // An MCP run (what `catalog import` writes) keeps the tool's provenance: its server and own name.
  if (run?.kind === 'mcp') entry.mcp = {serverName: run.server, safeServerName: sourceName, toolName: run.tool, operation: run.operation ?? 'tool'}
  return entry
}

/**
 * The name of a tool in any accepted shape (top-level `name`, or `function.name` of a Chat
 * Completions tool), checked as the entry builders check it: for naming a tool that is skipped
 * for a defect, whose other fields are not read.
 */
export function toolEntryName(raw: unknown, path: JsonPath, file: string): string {
  const record = requireObject(raw, file, path, 'a tool entry')
  if (ownValue(record, 'type') !== 'function' || !hasOwn(record, 'function')) return new FieldReader(file, path, record).requiredString('name')
  const nestedPath = childPath(path, 'function')
  return new FieldReader(file, nestedPath, requireObject(record.function, file, nestedPath, '{ name, description, parameters }')).requiredString('name')
}

/** An MCP `tools/list` tool: `{ name, title?, description?, inputSchema, outputSchema? }` → source `mcp`. */
export function mcpToolEntry(raw: unknown, path: JsonPath, file: string, owner: string): CatalogEntry {
  const fields = new FieldReader(file, path, requireObject(raw, file, path, 'an MCP tool'))
  const annotations = ownValue(fields.raw, 'annotations')
  const annotationTitle = isRecord(annotations) && typeof ownValue(annotations, 'title') === 'string' ? (ownValue(annotations, 'title') as string) : undefined
  return makeEntry({
    name: fields.requiredString('name'),
    source: 'mcp',
    sourceName: owner,
    description: fields.optionalString('description') ?? '',
    label: fields.optionalString('title') ?? annotationTitle,
    parameters: fields.optionalSchema('inputSchema'),
    origin: {file, path},
  })
}

/**
 * An OpenAI function tool → source `client`: Chat Completions' `{ type: "function", function:
 * { name, description, parameters } }` or the Responses API's flat `{ type: "function", name, … }`.
 */
export function openAiToolEntry(raw: unknown, path: JsonPath, file: string): CatalogEntry {
  const outer = new FieldReader(file, path, requireObject(raw, file, path, 'an OpenAI function tool'))
  if (ownValue(outer.raw, 'type') !== 'function') outer.fail('type', 'must be "function" (only function tools can be cataloged)')
  const nested = hasOwn(outer.raw, 'function')
  const fields = nested ? new FieldReader(file, childPath(path, 'function'), requireObject(outer.raw.function, file, childPath(path, 'function'), '{ name, description, parameters }')) : outer
  return makeEntry({
    name: fields.requiredString('name'),
    source: 'client',
    sourceName: 'client',
    description: fields.optionalString('description') ?? '',
    parameters: fields.optionalSchema('parameters'),
    origin: {file, path},
  })
}

/** An Anthropic tool `{ name, description, input_schema }` → source `client`. */
export function anthropicToolEntry(raw: unknown, path: JsonPath, file: string): CatalogEntry {
  const fields = new FieldReader(file, path, requireObject(raw, file, path, 'an Anthropic tool'))
  const name = fields.requiredString('name')
  if (!isRecord(ownValue(fields.raw, 'input_schema'))) fields.fail('input_schema', 'must be an object (a JSON Schema)')
  return makeEntry({
    name,
    source: 'client',
    sourceName: 'client',
    description: fields.optionalString('description') ?? '',
    parameters: fields.raw.input_schema,
    origin: {file, path},
  })
}
