/**
 * Every write (`config set`, `config unset`, `doctor --fix`) goes through `changeConfig`: under the
 * lock, read the file as it is now, plan edits against that text, apply them, validate the result,
 * then hand the text to the atomic writer. A dry run does the same without the lock and the write
 * and returns the diff.
 *
 * Validation rule: a write may not introduce a problem the file did not already have (a new
 * schema violation or a retired setting). Problems that were already there are not the edit's
 * fault, and refusing every write to an invalid file would leave no way to repair it one key at a
 * time; `config validate` and `doctor` report them.
 */
import {isToolsearchError, ToolsearchError} from '../shared/errors.js'
import {type WriteOptions, updateFileAtomically} from '../fs/atomic-write.js'
import {unifiedDiff} from './diff.js'
import {keepReferences} from './env.js'
import {type Edit, applyEdits} from './edit.js'
import type {ConfigLocation} from './types.js'
import {ConfigAnalyzer} from './analyzer.js'
import {type IncludeOwner, describeIncludeBlock, includeOwnerOf} from './include-owner.js'
import {type ConfigDocument, nearestOrigin} from './load.js'
import {type ConfigPath, formatConfigPath} from './path.js'
import {assertWritablePath, assertWritableValue, planRemove, planSet} from './plan.js'
import {redactConfigAt, redactConfigText} from './redact.js'
import {valueAtPath} from './query.js'
import type {ConfigSource} from './source.js'
import {decodeEditableConfig, readConfigText, readEditableConfigText} from './read.js'
import {displayPath} from './render.js'
import {type ConfigProblem, introducedProblems} from './validate.js'

export interface PlannedChange<T> {
  edits: Edit[]
  /** Whatever the caller wants back (what changed, previous values…). */
  summary: T
  /**
   * The text `edits` make of the text they were planned against, when the planner has built it
   * already (the fix loop has, and has loaded it): that very string is then written and checked,
   * instead of a copy built again, loaded by comparing every character, and written.
   */
  text?: string
}

/** Plans edits against `document.source`, the top-level file as it is now. */
export type ChangePlanner<T> = (document: ConfigDocument) => PlannedChange<T> | Promise<PlannedChange<T>>

/**
 * The mode of a config file after every write, included files too: OpenClaw's writer makes its
 * config 0600 whatever mode it had (it may hold secrets), and so does toolsearch's.
 */
export const CONFIG_FILE_MODE = 0o600

/** The writer's options for a config: what is written is always "config". */
export type ConfigWriteOptions = Omit<WriteOptions, 'what' | 'mode'>

export interface ChangeOptions extends ConfigWriteOptions {
  env: NodeJS.ProcessEnv
  dryRun?: boolean
  /** Base directory for the file names shown in the diff header. */
  cwd?: string
  /** The run's loaded documents, when the caller has loaded this config already (see analyzer.ts). */
  analyzer?: ConfigAnalyzer
  /** A dry run's diff shows secret values as written (default: OpenClaw's marker, see redact.ts). */
  showSecrets?: boolean
}

export interface ChangeOutcome<T> {
  status: 'written' | 'unchanged' | 'dry-run'
  /** The file written or that would be written (a symlink's real target). */
  file: string
  created: boolean
  backup?: string
  /** Dry run only: the unified diff of the change ('' when nothing changes). */
  diff?: string
  /** The text the change was planned against (undefined: the file did not exist). */
  before: string | undefined
  /** The new text, when there is one. */
  after: string | undefined
  /**
   * The whole config as authored before and after the change (after: as before when nothing
   * changed), for saying what changed at a path without printing a secret (see redact.ts). A
   * function: the run has loaded both texts already, and only a caller that asks looks them up.
   */
  authored(): {before: unknown; after: unknown}
  summary: T
}

function describeProblems(problems: ConfigProblem[]): string {
  return problems.map((problem) => `- ${formatConfigPath(problem.path)}: ${problem.refusal ?? problem.message}`).join('\n')
}

function includedError(path: ConfigPath, where: readonly string[], file: string): ToolsearchError {
  const shown = formatConfigPath(where)
  return new ToolsearchError('config-included', `Cannot change ${formatConfigPath(path)}: ${shown === '' ? 'the config' : shown} comes from the included file ${file}. Edit that file instead (toolsearch never flattens $include).`, {
    file,
  })
}

/** The first value at or below `path` (which exists) that was written in another file than `top`. */
function includedBelow(document: ConfigDocument, path: string[], value: unknown): {path: string[]; file: string} | undefined {
  const origin = document.origins.get(path)
  if (origin !== undefined && origin.file !== document.source.file) return {path, file: origin.file}
  const children: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : value !== null && typeof value === 'object' ? Object.entries(value) : []
  for (const [key, child] of children) {
    const found = includedBelow(document, [...path, key], child)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * Refuses to edit `path` when its value, anything inside it, or the nearest existing container on
 * the way to it comes from an included file: the write would have to edit another file, or drop
 * or flatten the include.
 */
export function assertWritableInTopFile(document: ConfigDocument, path: ConfigPath): void {
  const keys = path.map((segment) => segment.key)
  const nearest = nearestOrigin(document, keys)
  if (nearest === undefined) return
  if (nearest.origin.file !== document.source.file) throw includedError(path, keys.slice(0, nearest.depth), nearest.origin.file)
  if (nearest.depth < keys.length) return
  const lookup = valueAtPath(document.authored, keys)
  const below = lookup.found ? includedBelow(document, keys, lookup.value) : undefined
  if (below !== undefined) throw includedError(path, below.path, below.file)
}

/** How a change loads the config with one file's text in place: the top file's, or an included file's. */
type DocumentWith = (text: string | undefined) => ConfigDocument

async function computeChange<T>(file: string, before: string | undefined, planner: ChangePlanner<T>, load: DocumentWith, analyzer: ConfigAnalyzer): Promise<{after: string | undefined; summary: T}> {
  const document = load(before)
  const {edits, summary, text} = await planner(document)
  const after = text ?? applyEdits(before ?? '', edits)
  if (after === (before ?? '')) return {after: undefined, summary}
  let updated: ConfigDocument
  try {
    updated = load(after)
  } catch (error) {
    // A planned edit always parses; what can fail is what it points to (a new $include target).
    const why = isToolsearchError(error) ? error.message : String(error)
    throw new ToolsearchError('config-invalid', `Refusing to write ${file}: the result could not be loaded: ${why}`, {cause: error})
  }
  const introduced = introducedProblems(await analyzer.problems(document), await analyzer.problems(updated))
  if (introduced.length > 0) {
    const retiredOnly = introduced.every((problem) => problem.kind === 'retired')
    throw new ToolsearchError(retiredOnly ? 'config-retired' : 'config-invalid', `Refusing to write ${file}: ${retiredOnly ? 'that is a retired setting' : 'the result would be invalid'}:\n${describeProblems(introduced)}`, {
      details: {problems: introduced.map((problem) => ({path: formatConfigPath(problem.path), message: problem.refusal ?? problem.message}))},
    })
  }
  return {after, summary}
}

/** The config as authored with the file's text before and after a change, looked up on the first call (the run has loaded both already). */
function authoredAround(load: DocumentWith, before: string | undefined, after: string | undefined): () => {before: unknown; after: unknown} {
  let found: {before: unknown; after: unknown} | undefined
  return () => {
    if (found === undefined) {
      const previous = before === undefined ? {} : load(before).authored
      found = {before: previous, after: after === undefined ? previous : load(after).authored}
    }
    return found
  }
}

/** Plans, validates and (unless dry-run) writes `file` (the config or a file it includes) through the one writer. */
async function changeFile<T>(file: string, planner: ChangePlanner<T>, load: DocumentWith, analyzer: ConfigAnalyzer, options: ChangeOptions): Promise<ChangeOutcome<T>> {
  if (options.dryRun === true) {
    const before = readEditableConfigText(file)
    const {after, summary} = await computeChange(file, before, planner, load, analyzer)
    const name = options.cwd === undefined ? file : displayPath(file, options.cwd)
    const authored = authoredAround(load, before, after)
    if (after === undefined) return {status: 'unchanged', file, created: false, diff: '', before, after, authored, summary}
    const diff = unifiedDiff(before ?? '', after, before === undefined ? '/dev/null' : `a/${name}`, `b/${name}`)
    // The lines around the change may quote a secret as much as the change itself.
    const shown = options.showSecrets === true ? diff : redactConfigText(diff, Object.values(authored()))
    return {status: 'dry-run', file, created: false, diff: shown, before, after, authored, summary}
  }
  let before: string | undefined
  let after: string | undefined
  const outcome = await updateFileAtomically(
    file,
    async (current) => {
      before = current
      const computed = await computeChange(file, current, planner, load, analyzer)
      after = computed.after
      return {text: computed.after, result: computed.summary}
    },
    {...options, what: 'config', mode: CONFIG_FILE_MODE, expected: analyzer.lastRead()?.bytes, decode: (bytes, name) => decodeEditableConfig(bytes, name, analyzer.lastRead())},
  )
  return {status: outcome.status, file: outcome.file, created: outcome.created, backup: outcome.backup, before, after, authored: authoredAround(load, before, after), summary: outcome.result}
}

/** Plans, validates and (unless dry-run) writes one change to the config at `location`. */
export async function changeConfig<T>(location: ConfigLocation, planner: ChangePlanner<T>, options: ChangeOptions): Promise<ChangeOutcome<T>> {
  const analyzer = options.analyzer ?? new ConfigAnalyzer(location, options.env)
  return changeFile(location.path, planner, (text) => analyzer.document(text), analyzer, options)
}

/**
 * Plans, validates and (unless dry-run) writes one change to `file`, a file the config at
 * `location` includes; the top-level file is read, never written. The planner gets the whole
 * config with the included file as it is now (read under that file's lock) and plans edits
 * against that file's text (`document.sources.get(file)`). The write is the same as for the
 * config itself: the included file's lock, a re-read and conflict check, its backup ring, mode
 * 0600 (`CONFIG_FILE_MODE`), comments and formatting kept.
 */
export async function changeIncludedFile<T>(location: ConfigLocation, file: string, planner: ChangePlanner<T>, options: ChangeOptions): Promise<ChangeOutcome<T>> {
  const analyzer = options.analyzer ?? new ConfigAnalyzer(location, options.env)
  // The top-level file is only read: it keeps its bytes whatever their encoding.
  const top = readConfigText(location.path)
  const load: DocumentWith = (text) => {
    if (text === undefined) throw new ToolsearchError('config-unreadable', `Cannot read config ${file}: it no longer exists`, {file})
    return analyzer.document(top, {file, text})
  }
  return changeFile(file, planner, load, analyzer, options)
}

/** Where a change at a path is planned: the source of the file it is written in, and the path inside that file. */
type PathPlanner<T> = (source: ConfigSource, at: ConfigPath, document: ConfigDocument) => PlannedChange<T>

function blockedError(path: ConfigPath, block: Extract<IncludeOwner, {kind: 'blocked'}>): ToolsearchError {
  return new ToolsearchError('config-included', `Cannot change ${formatConfigPath(path)} in ${block.file}: ${describeIncludeBlock(block, (file) => file)}. Edit it there by hand (toolsearch never flattens $include).`, {
    file: block.file,
  })
}

/**
 * Where a change at `path` is written, by the rule `doctor --fix` follows (include-owner.ts):
 * the top file; or the single-file `$include` that alone owns the value (the path inside that
 * file is what is below the include); or, when an include shape stands in the way, an error
 * naming the file and why.
 */
function ownerOfChange(document: ConfigDocument, path: ConfigPath): Exclude<IncludeOwner, {kind: 'blocked'}> {
  const owner = includeOwnerOf(document, path.map((segment) => segment.key))
  if (owner.kind === 'blocked') throw blockedError(path, owner)
  return owner
}

/**
 * Thrown by the top file's planner when the value belongs to an included file: the change is
 * planned there instead. A ToolsearchError, so the writer passes it through as it is; it never
 * reaches a person.
 */
class OwnedByInclude extends ToolsearchError {
  constructor(readonly owner: Extract<IncludeOwner, {kind: 'include'}>) {
    super('config-included', `Written in ${owner.file}.`, {file: owner.file})
  }
}

/**
 * `config set` and `config unset`: plans the change in the file that holds the value — the top
 * file, or, as OpenClaw does, the one `$include`d file that alone owns it (its own lock, backup
 * ring and mode; the top file untouched). The top file's planner finds out which (under the top
 * file's lock, from the text it read there); for an included file the change starts again with
 * that file's lock, and its planner checks the owner once more: a config whose includes changed
 * meanwhile is a conflict, and nothing is written.
 */
async function changeAtPath<T>(location: ConfigLocation, path: ConfigPath, plan: PathPlanner<T>, options: ChangeOptions): Promise<ChangeOutcome<T>> {
  const analyzer = options.analyzer ?? new ConfigAnalyzer(location, options.env)
  const withAnalyzer = {...options, analyzer}
  try {
    return await changeConfig(
      location,
      (document) => {
        const owner = ownerOfChange(document, path)
        if (owner.kind === 'include') throw new OwnedByInclude(owner)
        assertWritableInTopFile(document, path)
        return plan(document.source, path, document)
      },
      withAnalyzer,
    )
  } catch (error) {
    if (!(error instanceof OwnedByInclude)) throw error
    const {owner} = error
    return changeIncludedFile(
      location,
      owner.file,
      (document) => {
        const now = ownerOfChange(document, path)
        const source = document.sources.get(owner.file)
        if (now.kind !== 'include' || now.file !== owner.file || source === undefined) {
          throw new ToolsearchError('file-conflict', `Config file ${owner.file} no longer holds ${formatConfigPath(path)} alone (its $include changed meanwhile); nothing was written. Run the command again.`, {file: owner.file})
        }
        return plan(source, path.slice(owner.boundary.length), document)
      },
      withAnalyzer,
    )
  }
}

/**
 * `config set`: the previous value (if any) is the summary. Parts of the value equal to what an
 * existing `${VAR}` reference resolves to keep the reference. A value a single `$include`d file
 * alone owns is written in that file (`changeAtPath`).
 */
export async function setConfigValue(location: ConfigLocation, path: ConfigPath, value: unknown, options: ChangeOptions): Promise<ChangeOutcome<{value: unknown} | undefined>> {
  // Before anything reads them: a Date would otherwise be taken apart as an empty object on the way.
  assertWritablePath(path)
  assertWritableValue(
    value,
    path.map((segment) => segment.key),
  )
  return changeAtPath(
    location,
    path,
    (source, at, document) => {
      const keys = path.map((segment) => segment.key)
      const authored = valueAtPath(document.authored, keys)
      const resolved = valueAtPath(document.resolved, keys)
      const written = authored.found && resolved.found ? keepReferences(value, authored.value, resolved.value) : value
      const plan = planSet(source, at, written)
      return {edits: plan.edits, summary: plan.previous}
    },
    options,
  )
}

/** `config unset`: the removed value is the summary; an absent path is an error. Written where `config set` writes. */
export async function unsetConfigValue(location: ConfigLocation, path: ConfigPath, options: ChangeOptions): Promise<ChangeOutcome<unknown>> {
  assertWritablePath(path)
  return changeAtPath(
    location,
    path,
    (source, at) => {
      const plan = planRemove(source, at)
      return {edits: plan.edits, summary: plan.previous}
    },
    options,
  )
}

/**
 * The values a `config set` / `config unset` names in its output (what was there, what is
 * written), as they are shown: a secret is OpenClaw's marker unless `showSecrets` (redact.ts).
 * Each is redacted at the path it has in the config before or after the change.
 */
export function shownChange(outcome: Pick<ChangeOutcome<unknown>, 'authored'>, path: ConfigPath, values: {previous?: unknown; value?: unknown}, showSecrets: boolean): {previous?: unknown; value?: unknown} {
  if (showSecrets) return values
  const keys = path.map((segment) => segment.key)
  const authored = outcome.authored()
  return {previous: redactConfigAt(authored.before, keys, values.previous), value: redactConfigAt(authored.after, keys, values.value)}
}
