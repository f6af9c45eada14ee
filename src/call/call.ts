/**
 * One tool call, the way the gateway runs it (SPEC §8.3, §8.4): resolve the target and its
 * arguments, look the tool up, check the schemas, check approval, execute, check the output.
 *
 * Order (each step stops the call; nothing runs before the last check passes):
 * 1. arguments: `--request` repairs (§8.3), or `--args`/`--args-file` plus `key=value` pairs;
 * 2. lookup over the policy-filtered catalog (§8.1): a denied tool gets the unknown-tool message —
 *    the answer the model gets — but exit 3, "blocked by policy" (§8.3), with a note saying so:
 *    the person running toolsearch owns the policy and is debugging it. An id of a tool on an MCP
 *    server that could not be started (`mcp:<server>:<tool>`) is unavailable instead (exit 4);
 * 3. trusted entries: the output schema compiles, then the input schema, then the arguments
 *    validate (exit 1) — OpenClaw's order;
 * 4. an executor exists (exit 4);
 * 5. approval (exit 3 with `{ status: "blocked", reason }` as the result) — asked only for a call
 *    that would otherwise run;
 * 6. execution; a tool error is exit 1, an unavailable executor or a timeout exit 4, Ctrl-C 130;
 * 7. the result against a declared output schema (exit 1).
 */

import {withoutBom} from '../shared/json.js'
import type {Catalog, CatalogEntry, ToolSource} from '../catalog/types.js'
import {isToolsearchError, ToolsearchError, usageError} from '../shared/errors.js'
import {fileErrorReason} from '../fs/errors.js'
import {readRegularFileText} from '../fs/read-file.js'
import {type ApprovalMode, type ApprovalTerminal, type BlockedResult, checkApproval} from './approval.js'
import {assertArgumentDepth, parseArgumentsJson, parseKeyValuePairs} from './arguments.js'
import {executeTool} from './execute.js'
import {lookupCatalogTool, lookupToolForPerson, type PersonLookup} from './lookup.js'
import {safeServerName} from '../mcp/names.js'
import {repairToolCallRequest} from './request.js'
import {assertValidArguments, assertValidOutput, compileToolSchemas} from './validate.js'

function noExecutorMessage(id: string): string {
  return `Tool "${id}" has no executor in this catalog.`
}

/** The `--json` output of a call. */
export interface CallEnvelope {
  tool: {id: string; name: string; source: ToolSource}
  result: unknown
}

/** What the command line says about the call. */
export interface CallInput {
  /** The positional id or name. */
  target?: string
  /** `--request`: a raw model tool_call request (JSON text). */
  request?: string
  /** Names the request in a parse error: `--request`, or `request 3` of a `--request-file`. */
  requestSource?: string
  /** `--args`: JSON text. */
  argsJson?: string
  /** `--args-file`: a path, `-` for stdin. */
  argsFile?: string
  /** `key=value` pairs. */
  pairs: readonly string[]
  /** `--raw`: pair values are JSON. */
  raw?: boolean
}

export interface ResolvedCall {
  entry: CatalogEntry
  /** The tool's input: an object, except that a raw request may pass anything on to validation. */
  args: unknown
  /** Top-level request keys dropped by the `--request` repairs. */
  ignoredKeys: string[]
  /** For the person: the tool was named the old way (`lookupToolForPerson`). */
  note?: string
}

/** Steps 1–2: the tool and its arguments. Throws usage errors (2), lookup errors (1) and unavailable servers (4). */
export async function resolveCall(input: CallInput, catalog: Catalog, readStdin: () => Promise<string>): Promise<ResolvedCall> {
  if (input.request !== undefined) {
    if (input.target !== undefined || input.argsJson !== undefined || input.argsFile !== undefined || input.pairs.length > 0) {
      throw usageError('--request carries the tool and its arguments: do not combine it with an id, --args, --args-file or key=value pairs.')
    }
    let request: unknown
    try {
      request = JSON.parse(input.request)
    } catch (error) {
      throw usageError(`${input.requestSource ?? '--request'} is not valid JSON: ${(error as Error).message}`)
    }
    return resolveModelToolCall(request, catalog)
  }
  if (input.target === undefined) throw usageError('Name the tool to call: toolsearch call <id|name> (or pass --request).')
  if (input.argsJson !== undefined && input.argsFile !== undefined) throw usageError('Use either --args or --args-file, not both.')
  const {entry, note} = await findTool(catalog, input.target, true)
  let base: Record<string, unknown> = {}
  if (input.argsJson !== undefined) base = parseArgumentsJson(input.argsJson, '--args')
  if (input.argsFile !== undefined) base = parseArgumentsJson(await readInputFile(input.argsFile, readStdin), input.argsFile === '-' ? 'stdin' : input.argsFile)
  // Pairs override the same keys of --args; spreading keeps a `__proto__` key a plain argument.
  const args = {...base, ...parseKeyValuePairs(input.pairs, entry.parameters, {raw: input.raw})}
  assertArgumentDepth(args)
  return {entry, args, ignoredKeys: [], ...(note === undefined ? {} : {note})}
}

/**
 * A model's `tool_call` arguments (already parsed) → the tool and its input: OpenClaw's repairs
 * (§8.3), then the lookup by the names OpenClaw gives the tools. What `call --request` and the
 * probe's `tool_call` both run.
 */
export async function resolveModelToolCall(request: unknown, catalog: Catalog): Promise<ResolvedCall> {
  assertArgumentDepth(request)
  const repaired = repairToolCallRequest(request, catalog.entries)
  return {entry: (await findTool(catalog, repaired.target, false)).entry, args: repaired.input, ignoredKeys: repaired.ignoredKeys}
}

/**
 * The lookup of §8.1, except that an unknown tool the policy denied is blocked (exit 3), and an
 * unknown id of the form `mcp:<server>:<tool>` (the server's name or its safe name), where that
 * server could not be started, reached or listed, is an unavailable executor (exit 4). What a
 * person typed may name a live MCP tool the old way (`lookupToolForPerson`).
 */
async function findTool(catalog: Catalog, target: string, typedByPerson: boolean): Promise<PersonLookup> {
  try {
    return typedByPerson ? lookupToolForPerson(catalog, target) : {entry: lookupCatalogTool(catalog, target)}
  } catch (error) {
    const down = catalog.unavailableMcpServers.find(({server}) => [server, safeServerName(server)].some((name) => target.startsWith(`mcp:${name}:`)))
    if (down === undefined || !isToolsearchError(error) || error.code !== 'unknown-tool') throw error
    const {formatUnavailableMcpServer} = await import('../catalog/mcp/index.js')
    throw new ToolsearchError('tool-unavailable', `${formatUnavailableMcpServer(down)}; tool "${target}" cannot be called.`)
  }
}

/** The text of `--args-file` / `--request-file` (`flag`), or stdin for `-`, without a BOM. */
async function readInputFile(path: string, readStdin: () => Promise<string>, flag = '--args-file'): Promise<string> {
  if (path === '-') return withoutBom(await readStdin())
  try {
    return withoutBom(readRegularFileText(path))
  } catch (error) {
    throw usageError(`Cannot read ${flag} ${path}: ${fileErrorReason(error)}`, {file: path})
  }
}

export interface RunCallOptions {
  catalog: Catalog
  approval: ApprovalMode
  terminal: ApprovalTerminal
  /** `--timeout` in milliseconds. */
  timeoutMs?: number
  signal?: AbortSignal
  env?: NodeJS.ProcessEnv
}

function interrupted(tool: CallEnvelope['tool']): ToolsearchError {
  return new ToolsearchError('interrupted', 'Interrupted: the call was stopped.', {details: {tool}})
}

function envelopeTool(entry: CatalogEntry): CallEnvelope['tool'] {
  return {id: entry.id, name: entry.name, source: entry.source}
}

/** `modelResult`: the result as the model gets it in `tool_call`, where it differs from the envelope's (an MCP tool's `{ content, details }`). */
export type CallOutcome = {status: 'ok'; envelope: CallEnvelope; modelResult?: unknown} | {status: 'blocked'; envelope: CallEnvelope & {result: BlockedResult}}

/** The model's result of a call that failed with a tool error yet reaches the model as a result (an MCP `isError` result). */
const modelResultsOfErrors = new WeakMap<ToolsearchError, CallEnvelope>()

/**
 * What OpenClaw's `tool_call` returns to the model for this call, before it is serialised (and,
 * for MCP tools, wrapped as external content): `{ tool: { id, name, source }, result }`, where
 * an MCP tool's `result` is its agent tool result `{ content, details }`, not the value a person is
 * shown. For a failed call (`error`), the same for an MCP tool that answered `isError: true` —
 * OpenClaw hands that to the model as a result, with `details.status: "error"` — else undefined.
 */
export function modelToolCallResult(outcome: CallOutcome | {error: unknown}): CallEnvelope | undefined {
  if ('error' in outcome) return isToolsearchError(outcome.error) ? modelResultsOfErrors.get(outcome.error) : undefined
  if (outcome.status === 'ok' && outcome.modelResult !== undefined) return {tool: outcome.envelope.tool, result: outcome.modelResult}
  return {tool: outcome.envelope.tool, result: outcome.envelope.result}
}

/** Steps 3–7. Failures throw ToolsearchError with the exit code of SPEC §8.3. */
export async function runCall(entry: CatalogEntry, input: unknown, options: RunCallOptions): Promise<CallOutcome> {
  const tool = envelopeTool(entry)
  const args = input ?? {}
  const schemas = await compileToolSchemas(entry)
  assertValidArguments(entry, schemas, args)
  if (entry.run === undefined) {
    throw new ToolsearchError('no-executor', noExecutorMessage(entry.id), {details: {tool}})
  }
  const blocked = await checkApproval(entry, args, options.approval, options.terminal, options.signal)
  if (options.signal?.aborted) throw interrupted(tool)
  if (blocked !== undefined) return {status: 'blocked', envelope: {tool, result: blocked}}

  const outcome = await executeTool(entry.run, args, {catalog: options.catalog, timeoutMs: options.timeoutMs, signal: options.signal, env: options.env})
  if (options.signal?.aborted) throw interrupted(tool)
  if (outcome.status === 'tool-error') {
    const details = outcome.result === undefined ? {tool} : {tool, result: outcome.result}
    const error = new ToolsearchError('tool-error', outcome.message, {details})
    if (outcome.modelResult !== undefined) modelResultsOfErrors.set(error, {tool, result: outcome.modelResult})
    throw error
  }
  if (outcome.status === 'unavailable') throw new ToolsearchError('tool-unavailable', outcome.message, {details: {tool}})
  assertValidOutput(entry, schemas, outcome.result)
  return {status: 'ok', envelope: {tool, result: outcome.result}, ...(outcome.modelResult === undefined ? {} : {modelResult: outcome.modelResult})}
}

/** Error codes whose message is what the model itself would read from tool_call. */
const MODEL_FACING_CODES = new Set([
  'invalid-request',
  'unknown-tool',
  'ambiguous-tool',
  'direct-only-tool',
  'tool-denied',
  'invalid-arguments',
  'invalid-schema',
  'tool-error',
  'output-mismatch',
])

export function isModelFacingError(error: unknown): error is ToolsearchError {
  return isToolsearchError(error) && MODEL_FACING_CODES.has(error.code)
}

/**
 * The requests of `--request-file`: one JSON value per non-blank line (a trailing `\r` is
 * dropped). The file is read whole, as `--args-file` is; `-` reads stdin.
 */
export async function readRequestFile(path: string, readStdin: () => Promise<string>): Promise<string[]> {
  const text = await readInputFile(path, readStdin, '--request-file')
  return text.split('\n').map((line) => line.replace(/\r$/, '')).filter((line) => line.trim() !== '')
}
