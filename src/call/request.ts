/**
 * The model-side repairs of a raw `tool_call` request (SPEC §8.3): models do not always nest the
 * target arguments under `args`, so the request is normalised before the lookup.
 *
 * 1. Dotted keys `args.x` (and `input.x`) are moved under the wrapper as `x`.
 * 2. A non-empty nested `args` (else a non-empty `input`) wins: it holds the arguments, merged
 *    over the dotted keys; the selector (`id`, `toolId` or `name`) names the tool, and every other
 *    top-level key is ignored and reported, so a debugging user sees what the tool never got.
 * 3. An empty or missing wrapper means the arguments were flattened: `id` / `toolId` / `name`
 *    values that name a catalog tool (exact id or exact name) are selectors and are removed; every
 *    other key, including a selector key that names no tool, stays as a target argument. When no
 *    key names a tool, the first of `id`, `toolId`, `name` is the target (so the lookup reports it
 *    as unknown) and is removed.
 * Selectors that name different tools are ambiguous. All failures are validation errors (exit 1).
 * Keys are copied as own data properties, so a `__proto__` key stays a plain argument.
 */
import {isRecord} from '../catalog/json.js'
import type {CatalogEntry} from '../catalog/types.js'
import {ToolsearchError} from '../errors.js'

export const SELECTOR_KEYS = ['id', 'toolId', 'name'] as const
export const WRAPPER_KEYS = ['args', 'input'] as const

export const AMBIGUOUS_SELECTORS_MESSAGE = 'Ambiguous tool selectors: pass the target tool id and nest target arguments under args.'
export const MISSING_SELECTOR_MESSAGE = 'Missing tool selector: pass the target tool id in id and nest target arguments under args.'
export const REQUEST_NOT_OBJECT_MESSAGE = 'A tool_call request must be a JSON object.'

export interface RepairedToolCall {
  /** The id or name to look up. */
  target: string
  /** The target tool's arguments. */
  args: Record<string, unknown>
  /** Top-level keys dropped because a nested `args`/`input` won. */
  ignoredKeys: string[]
}

type Selector = (typeof SELECTOR_KEYS)[number]

export function repairToolCallRequest(request: unknown, entries: readonly CatalogEntry[]): RepairedToolCall {
  if (!isRecord(request)) throw invalidRequest(REQUEST_NOT_OBJECT_MESSAGE)
  const {args: nested, wrapperKey} = nestedArguments(request)
  const selectors = SELECTOR_KEYS.filter((key) => typeof request[key] === 'string' && request[key] !== '')
  const naming = selectors.filter((key) => toolsNamedBy(entries, request[key] as string).length > 0)
  assertSameTool(naming.map((key) => toolsNamedBy(entries, request[key] as string)))
  const targetKey: Selector | undefined = naming[0] ?? selectors[0]
  if (targetKey === undefined) throw invalidRequest(MISSING_SELECTOR_MESSAGE)
  const target = request[targetKey] as string

  if (Object.keys(nested).length > 0) {
    const used = new Set<string>([...naming, targetKey, ...(wrapperKey === undefined ? [] : [wrapperKey])])
    const ignoredKeys = Object.keys(request).filter((key) => !used.has(key) && dottedArgument(key) === undefined && !isEmptyWrapper(request, key))
    return {target, args: nested, ignoredKeys}
  }

  const selectorKeys = new Set<string>(naming.length > 0 ? naming : [targetKey])
  const args = Object.fromEntries(Object.entries(request).filter(([key]) => !selectorKeys.has(key) && !isWrapperKey(key)))
  return {target, args, ignoredKeys: []}
}

/** `{...dotted args.x keys, ...args}` (or `input` when `args` is empty); `{}` when there are none. */
function nestedArguments(request: Record<string, unknown>): {args: Record<string, unknown>; wrapperKey?: string} {
  for (const key of WRAPPER_KEYS) {
    const value = request[key]
    if (value !== undefined && value !== null && !isRecord(value)) throw invalidRequest(`${key} must be an object.`)
  }
  const dotted = Object.entries(request).flatMap(([key, value]) => {
    const name = dottedArgument(key)
    return name === undefined ? [] : [[name, value] as const]
  })
  const wrapperKey = WRAPPER_KEYS.find((key) => !isEmptyWrapper(request, key))
  const wrapper = wrapperKey === undefined ? {} : (request[wrapperKey] as Record<string, unknown>)
  return {args: {...Object.fromEntries(dotted), ...wrapper}, wrapperKey}
}

/** `args.path` → `path`; undefined for any other key. */
function dottedArgument(key: string): string | undefined {
  return /^(?:args|input)\.(.+)$/s.exec(key)?.[1]
}

/** Entries a selector names: the entry with that exact id, else every entry with that exact name. */
function toolsNamedBy(entries: readonly CatalogEntry[], selector: string): string[] {
  const byId = entries.filter((entry) => entry.id === selector)
  const named = byId.length > 0 ? byId : entries.filter((entry) => entry.name === selector)
  return named.map((entry) => entry.id).sort()
}

function assertSameTool(named: string[][]): void {
  const first = named[0]?.join('\n')
  if (named.some((ids) => ids.join('\n') !== first)) throw invalidRequest(AMBIGUOUS_SELECTORS_MESSAGE)
}

function isWrapperKey(key: string): boolean {
  return (WRAPPER_KEYS as readonly string[]).includes(key)
}

/** A wrapper key whose value carries no arguments: absent, null or `{}`. Any other key is not one. */
function isEmptyWrapper(request: Record<string, unknown>, key: string): boolean {
  if (!isWrapperKey(key)) return false
  const value = request[key]
  return !isRecord(value) || Object.keys(value).length === 0
}

function invalidRequest(message: string): ToolsearchError {
  return new ToolsearchError('invalid-request', message)
}
