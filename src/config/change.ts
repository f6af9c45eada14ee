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
import {relative} from 'node:path'

import {ExitCode, ToolsearchError} from '../errors.js'
import {type Edit, applyEdits} from './edit.js'
import type {ConfigLocation} from './index.js'
import {type ConfigDocument, documentFromText, nearestOrigin} from './load.js'
import {type ConfigPath, formatConfigPath} from './path.js'
import type {EditableSource} from './plan.js'
import {readConfigText} from './read.js'
import {type ConfigProblem, findConfigProblems, introducedProblems} from './validate.js'
import {type WriteOptions, updateFileAtomically} from '../fs/atomic-write.js'
import {unifiedDiff} from './diff.js'

export interface PlannedChange<T> {
  edits: Edit[]
  /** Whatever the caller wants back (what changed, previous values…). */
  summary: T
}

export type ChangePlanner<T> = (document: ConfigDocument, source: EditableSource) => PlannedChange<T> | Promise<PlannedChange<T>>

/** The writer's options for a config: what is written is always "config". */
export type ConfigWriteOptions = Omit<WriteOptions, 'what'>

export interface ChangeOptions extends ConfigWriteOptions {
  env: NodeJS.ProcessEnv
  dryRun?: boolean
  /** Base directory for the file names shown in the diff header. */
  cwd?: string
}

export interface ChangeOutcome<T> {
  status: 'written' | 'unchanged' | 'dry-run'
  /** The file written or that would be written (a symlink's real target). */
  file: string
  created: boolean
  backup?: string
  /** Unified diff of the change ('' when nothing changes). */
  diff: string
  before: string | undefined
  after: string | undefined
  summary: T
}

export function editableSource(document: ConfigDocument): EditableSource {
  if (document.source !== undefined) return document.source
  return {file: document.location.path, text: '', format: 'json5', rootPrefix: [], top: undefined}
}

function describeProblems(problems: ConfigProblem[]): string {
  return problems.map((problem) => `- ${formatConfigPath(problem.path)}: ${problem.refusal ?? problem.message}`).join('\n')
}

/**
 * Refuses to edit `path` when its value (or the nearest existing container on the way to it)
 * comes from an included file: the write would have to flatten the include or edit another file.
 */
export function assertWritableInTopFile(document: ConfigDocument, path: ConfigPath): void {
  const keys = path.map((segment) => segment.key)
  const found = nearestOrigin(document, keys)
  if (found === undefined || document.source === undefined || found.origin.file === document.source.file) return
  const where = formatConfigPath(keys.slice(0, found.depth))
  throw new ToolsearchError(
    'config-included',
    `Cannot change ${formatConfigPath(path)}: ${where === '' ? 'the config' : where} comes from the included file ${found.origin.file}. Edit that file instead (toolsearch never flattens $include).`,
    {exitCode: ExitCode.failure, file: found.origin.file},
  )
}

async function computeChange<T>(location: ConfigLocation, before: string | undefined, planner: ChangePlanner<T>, env: NodeJS.ProcessEnv): Promise<{after: string | undefined; summary: T}> {
  const document = documentFromText(location, before, env)
  const source = editableSource(document)
  const {edits, summary} = await planner(document, source)
  if (edits.length === 0) return {after: undefined, summary}
  const after = applyEdits(source.text, edits)
  if (after === (before ?? '')) return {after: undefined, summary}
  let updated: ConfigDocument
  try {
    updated = documentFromText(location, after, env)
  } catch (error) {
    throw new ToolsearchError('internal', `The planned edit of ${location.path} would not parse; nothing was written. ${(error as Error).message}`, {cause: error})
  }
  const introduced = introducedProblems(await findConfigProblems(document.resolved), await findConfigProblems(updated.resolved))
  if (introduced.length > 0) {
    const retiredOnly = introduced.every((problem) => problem.kind === 'retired')
    throw new ToolsearchError(retiredOnly ? 'config-retired' : 'config-invalid', `Refusing to write ${location.path}: ${retiredOnly ? 'that is a retired setting' : 'the result would be invalid'}:\n${describeProblems(introduced)}`, {
      exitCode: ExitCode.failure,
      details: {problems: introduced.map((problem) => ({path: formatConfigPath(problem.path), message: problem.refusal ?? problem.message}))},
    })
  }
  return {after, summary}
}

function displayName(file: string, cwd: string | undefined): string {
  if (cwd === undefined) return file
  const rel = relative(cwd, file)
  return rel !== '' && !rel.startsWith('..') ? rel : file
}

/** Plans, validates and (unless dry-run) writes one change to the config at `location`. */
export async function changeConfig<T>(location: ConfigLocation, planner: ChangePlanner<T>, options: ChangeOptions): Promise<ChangeOutcome<T>> {
  if (options.dryRun === true) {
    const before = readConfigText(location.path)
    const {after, summary} = await computeChange(location, before, planner, options.env)
    const name = displayName(location.path, options.cwd)
    const diff = after === undefined ? '' : unifiedDiff(before ?? '', after, before === undefined ? '/dev/null' : `a/${name}`, `b/${name}`)
    return {status: after === undefined ? 'unchanged' : 'dry-run', file: location.path, created: false, diff, before, after, summary}
  }
  let before: string | undefined
  let after: string | undefined
  const outcome = await updateFileAtomically(
    location.path,
    async (current) => {
      before = current
      const computed = await computeChange(location, current, planner, options.env)
      after = computed.after
      return {text: computed.after, result: computed.summary}
    },
    {...options, what: 'config'},
  )
  const name = displayName(outcome.file, options.cwd)
  const diff = after === undefined ? '' : unifiedDiff(before ?? '', after, before === undefined ? '/dev/null' : `a/${name}`, `b/${name}`)
  return {status: outcome.status, file: outcome.file, created: outcome.created, backup: outcome.backup, diff, before, after, summary: outcome.result}
}
