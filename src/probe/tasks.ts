/**
 * The probe's tasks: what to ask the model, and what counts as success.
 *
 * A tasks file holds one JSON object a line:
 *   {"prompt": "...", "expect": "<tool id>" | ["<tool id>", ...], "args"?: {...}, "name"?: "..."}
 * `expect` lists the tools any of which answers the task; `args`, when given, is a subset of the
 * arguments the call must carry (a deep subset, as a fixture case's `when`). A labelled `eval`
 * query file (`{"query": "...", "relevant": [...]}` a line) works as tasks too: the query is the
 * prompt and the relevant tools are expected. Blank lines are skipped; anything else wrong is an
 * error naming the line, before any request is sent.
 */
import {resolve} from 'node:path'

import {parseLabelledQueries} from '../eval/evaluate.js'
import {readRegularFileText} from '../fs/read-file.js'
import {fileErrorReason} from '../fs/errors.js'
import {isRecord, withoutBom} from '../shared/json.js'
import {ToolsearchError, usageError} from '../shared/errors.js'

export interface ProbeTask {
  /** 1-based, in file order. */
  number: number
  /** A short name for tables: `name`, else the prompt's start. */
  name: string
  prompt: string
  /** Tool ids any of which answers the task. */
  expect: string[]
  /** Arguments the successful call must carry (a deep subset), when the task says. */
  args?: Record<string, unknown>
  /** Line in the file, for messages. */
  line: number
}

const NAME_CHARS = 40

function shortName(prompt: string): string {
  const oneLine = prompt.replace(/\s+/g, ' ').trim()
  return oneLine.length <= NAME_CHARS ? oneLine : `${oneLine.slice(0, NAME_CHARS - 1)}…`
}

/** Whether a line is a labelled eval query rather than a task. */
function isEvalLine(value: unknown): boolean {
  return isRecord(value) && 'query' in value && 'relevant' in value && !('prompt' in value)
}

/** Parses a tasks file or a labelled eval query file (told apart by their first line). */
export function parseProbeTasks(text: string, file: string): ProbeTask[] {
  const lines = withoutBom(text).split(/\r?\n/)
  const first = lines.find((line) => line.trim() !== '')
  if (first === undefined) throw new ToolsearchError('invalid-probe-tasks', `${file}: no tasks found.`, {file})
  let firstValue: unknown
  try {
    firstValue = JSON.parse(first)
  } catch {
    firstValue = undefined
  }
  if (isEvalLine(firstValue)) {
    return parseLabelledQueries(lines.join('\n'), file).map((query, index) => ({number: index + 1, name: shortName(query.query), prompt: query.query, expect: query.relevant, line: query.line}))
  }
  const tasks: ProbeTask[] = []
  lines.forEach((raw, index) => {
    const line = index + 1
    if (raw.trim() === '') return
    const fail = (problem: string) => new ToolsearchError('invalid-probe-tasks', `${file}:${line}: ${problem}`, {file, line})
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch {
      throw fail('not valid JSON (expected {"prompt": "...", "expect": ["<tool id>", ...], "args"?: {...}}).')
    }
    if (!isRecord(value)) throw fail('must be a JSON object.')
    const {prompt, expect, args, name} = value
    if (typeof prompt !== 'string' || prompt.trim() === '') throw fail('prompt must be a non-empty string.')
    const expected = typeof expect === 'string' ? [expect] : expect
    if (!Array.isArray(expected) || expected.length === 0) throw fail('expect must be a tool id or a non-empty array of tool ids.')
    const bad = expected.findIndex((id) => typeof id !== 'string' || id === '')
    if (bad !== -1) throw fail(`expect[${bad}] must be a non-empty string.`)
    if (args !== undefined && !isRecord(args)) throw fail('args must be a JSON object (the arguments the call must carry).')
    if (name !== undefined && (typeof name !== 'string' || name.trim() === '')) throw fail('name must be a non-empty string.')
    tasks.push({
      number: tasks.length + 1,
      name: typeof name === 'string' ? shortName(name) : shortName(prompt),
      prompt,
      expect: [...new Set(expected as string[])],
      ...(args === undefined ? {} : {args}),
      line,
    })
  })
  return tasks
}

/** Reads and parses `--tasks`; an unreadable file is a usage error (exit 2). */
export function readProbeTasks(file: string, cwd: string = process.cwd()): ProbeTask[] {
  let text: string
  try {
    text = readRegularFileText(resolve(cwd, file))
  } catch (error) {
    throw usageError(`Cannot read tasks file ${file}: ${fileErrorReason(error)}`, {file, cause: error})
  }
  try {
    return parseProbeTasks(text, file)
  } catch (error) {
    // A labelled query file's own errors name it as queries; here it is the tasks file.
    if (error instanceof ToolsearchError && error.code === 'invalid-eval-queries') throw new ToolsearchError('invalid-probe-tasks', error.message, {file, line: error.line})
    throw error
  }
}

/**
 * The expected ids no tool of the catalog has, by task: a task that cannot succeed is refused
 * before any model request is paid for.
 */
export function unknownExpectedTools(tasks: readonly ProbeTask[], ids: ReadonlySet<string>): Array<{task: ProbeTask; missing: string[]}> {
  return tasks.flatMap((task) => {
    const missing = task.expect.filter((id) => !ids.has(id))
    return missing.length === task.expect.length ? [{task, missing}] : []
  })
}
