/**
 * The `run` field of a native entry (SPEC §8.4) → the `RunSpec` union. Pure: the catalog file's
 * directory comes in as an argument.
 *
 * Decisions where the spec is silent:
 * - A command's `cwd` defaults to the catalog file's directory (so `["node", "tools/x.js"]` works
 *   from anywhere); a relative `cwd` is resolved against that directory.
 * - Exactly one of `command`, `cases` or a bare `result` fixture; `cases` may carry a default
 *   `result`. `timeoutMs` must be a positive integer; `env` values must be strings.
 */
import {isAbsolute, resolve} from 'node:path'

import {catalogError, childPath} from './errors.js'
import type {JsonPath} from '../shared/json-path.js'
import {hasOwn, isRecord} from '../shared/json.js'
import type {McpOperation, RunSpec} from './types.js'

export interface RunContext {
  file: string
  /** Absolute directory of the catalog file. */
  directory: string
}

export function parseRunSpec(raw: unknown, path: JsonPath, context: RunContext): RunSpec {
  const fail = (where: JsonPath, problem: string): never => {
    throw catalogError(context.file, where, problem)
  }
  if (!isRecord(raw)) return fail(path, 'must be an object with "result", "cases" or "command"')
  const kinds = ['command', 'cases'].filter((key) => hasOwn(raw, key))
  if (kinds.length > 1 || (kinds[0] === 'command' && hasOwn(raw, 'result'))) {
    return fail(path, 'must have exactly one of "result", "cases" or "command" ("cases" may add a default "result")')
  }
  if (hasOwn(raw, 'mcpServer')) return parseMcpRun(raw, path, fail)
  if (hasOwn(raw, 'command')) return parseCommand(raw, path, context, fail)
  if (hasOwn(raw, 'cases')) return parseCases(raw, path, fail)
  if (hasOwn(raw, 'result')) return {kind: 'fixture', result: raw.result}
  return fail(path, 'must have "result", "cases" or "command"')
}

type Fail = (where: JsonPath, problem: string) => never

const MCP_OPERATIONS: readonly McpOperation[] = ['resources_list', 'resources_read', 'prompts_list', 'prompts_get']

/**
 * `{ "mcpServer": "<server>", "mcpTool": "<tool>" }` — the tool's own name on the server — or
 * `{ "mcpServer": "<server>", "mcpOperation": "resources_list" }` (`resources_read`,
 * `prompts_list`, `prompts_get`): what `catalog import` writes, so the entry keeps its server and
 * tool. It calls only where the loaded catalogs declare that server.
 */
function parseMcpRun(raw: Record<string, unknown>, path: JsonPath, fail: Fail): RunSpec {
  const text = (key: string): string | undefined => {
    if (!hasOwn(raw, key)) return undefined
    const value = raw[key]
    if (typeof value !== 'string' || value.trim() === '') return fail(childPath(path, key), 'must be a non-empty string')
    return value as string
  }
  if (['command', 'cases', 'result'].some((key) => hasOwn(raw, key))) return fail(path, 'an MCP run ("mcpServer") has no "result", "cases" or "command"')
  const server = text('mcpServer')!
  const tool = text('mcpTool')
  const operation = text('mcpOperation')
  if ((tool === undefined) === (operation === undefined)) return fail(path, 'an MCP run has exactly one of "mcpTool" or "mcpOperation" beside "mcpServer"')
  if (operation === undefined) return {kind: 'mcp', server, tool: tool!}
  if (!(MCP_OPERATIONS as readonly string[]).includes(operation)) return fail(childPath(path, 'mcpOperation'), `must be one of ${MCP_OPERATIONS.map((item) => `"${item}"`).join(', ')}`)
  return {kind: 'mcp', server, tool: operation, operation: operation as McpOperation}
}

function parseCases(raw: Record<string, unknown>, path: JsonPath, fail: Fail): RunSpec {
  const casesPath = childPath(path, 'cases')
  if (!Array.isArray(raw.cases)) return fail(casesPath, 'must be an array of { when, result }')
  const cases = raw.cases.map((item, i) => {
    const itemPath = childPath(casesPath, i)
    if (!isRecord(item)) return fail(itemPath, 'must be an object with "when" and "result"')
    if (!hasOwn(item, 'when')) return fail(childPath(itemPath, 'when'), 'is required (the partial arguments this case answers)')
    if (!hasOwn(item, 'result')) return fail(childPath(itemPath, 'result'), 'is required')
    return {when: item.when, result: item.result}
  })
  const hasDefault = hasOwn(raw, 'result')
  return hasDefault ? {kind: 'cases', cases, result: raw.result, hasDefault} : {kind: 'cases', cases, hasDefault}
}

function parseCommand(raw: Record<string, unknown>, path: JsonPath, context: RunContext, fail: Fail): RunSpec {
  const command = raw.command
  const commandPath = childPath(path, 'command')
  if (!Array.isArray(command) || command.length === 0) return fail(commandPath, 'must be a non-empty array of strings ([argv0, ...args])')
  command.forEach((part, i) => {
    if (typeof part !== 'string') fail(childPath(commandPath, i), 'must be a string')
  })
  if (command[0] === '') fail(childPath(commandPath, 0), 'must not be empty')
  const spec: RunSpec = {kind: 'command', command: command as string[], cwd: context.directory}
  if (hasOwn(raw, 'timeoutMs')) {
    const timeout = raw.timeoutMs
    if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout <= 0) fail(childPath(path, 'timeoutMs'), 'must be a positive integer (milliseconds)')
    spec.timeoutMs = timeout as number
  }
  if (hasOwn(raw, 'cwd')) {
    if (typeof raw.cwd !== 'string' || raw.cwd === '') fail(childPath(path, 'cwd'), 'must be a non-empty string')
    const cwd = raw.cwd as string
    spec.cwd = isAbsolute(cwd) ? cwd : resolve(context.directory, cwd)
  }
  if (hasOwn(raw, 'env')) spec.env = parseEnv(raw.env, childPath(path, 'env'), fail)
  return spec
}

function parseEnv(raw: unknown, path: JsonPath, fail: Fail): Record<string, string> {
  if (!isRecord(raw)) return fail(path, 'must be an object of strings')
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') fail(childPath(path, key), 'must be a string')
    env[key] = value as string
  }
  return env
}
