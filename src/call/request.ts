/**
 * The model-side repairs of a raw `tool_call` request (SPEC §8.3), as OpenClaw applies them before
 * the lookup: models do not always nest the target arguments under `args`.
 *
 * 0. Hoisting (OpenClaw's argument preparation): a request with no top-level `id` / `toolId` /
 *    `name` key whose `args` (else `input`) object carries a selector (`id ?? toolId ?? name`, a
 *    non-blank string) is flattened: the wrapper's keys move to the top level and the selector
 *    becomes `id`. `{args: {id: "read", path: "a"}}` is `{id: "read", path: "a"}`.
 * 1. Nested mode: `args ?? input` that is present and not `{}` holds the arguments. The tool is
 *    `id ?? toolId ?? name` (a non-blank string, trimmed). An object wrapper is merged over the
 *    dotted `args.x` keys; anything else (a string, an array, a number) is passed on as it is, so
 *    validation reports it. Every other top-level key is ignored (and reported to the person).
 * 2. Flattened mode (no wrapper, `null`, or `{}`): the selector keys whose string value names a
 *    catalog tool exactly (id or name, untrimmed) are removed; when they name more than one tool
 *    the request is ambiguous. Without such a key, the first selector key that is present names
 *    the tool and is removed. Every other key is a target argument, `args.x` keys as `x` (a
 *    flattened `x` beats a dotted `args.x`); `args` and `input` themselves are dropped.
 * A request that is not an object has no selector. Failures are `invalid-request` (exit 1).
 * Keys are copied as own data properties, so a `__proto__` key stays a plain argument.
 */
import {isRecord} from '../shared/json.js'
import type {CatalogEntry} from '../catalog/types.js'
import {ToolsearchError} from '../shared/errors.js'

export const SELECTOR_KEYS = ['id', 'toolId', 'name'] as const
const DOTTED_PREFIX = 'args.'

export const AMBIGUOUS_SELECTORS_MESSAGE = 'Ambiguous tool selectors: pass the target tool id and nest target arguments under args.'
export const MISSING_ID_MESSAGE = 'id must be a non-empty string.'

export interface RepairedToolCall {
  /** The id or name to look up, trimmed. */
  target: string
  /** The target tool's input: usually an object, but a non-object wrapper is passed on as it is. */
  input: unknown
  /** Top-level keys dropped because a nested `args`/`input` won. */
  ignoredKeys: string[]
}

export function repairToolCallRequest(request: unknown, allEntries: readonly CatalogEntry[]): RepairedToolCall {
  // A direct-only tool is not in the catalog OpenClaw matches selectors against.
  const entries = allEntries.filter((entry) => entry.visibility !== 'direct-only')
  const params = hoistNestedSelector(isRecord(request) ? request : {})
  const dotted = dottedArguments(params)
  const nested = params.args ?? params.input
  if (nested !== undefined && nested !== null && !isEmptyObject(nested)) {
    const wrapperKey = params.args === undefined || params.args === null ? 'input' : 'args'
    return {
      target: selectorValue(params),
      input: isRecord(nested) ? {...dotted, ...nested} : nested,
      ignoredKeys: ignoredBesideWrapper(params, wrapperKey, entries),
    }
  }

  const naming = SELECTOR_KEYS.flatMap((key) => {
    const value = params[key]
    return typeof value === 'string' && namesATool(entries, value) ? [key] : []
  })
  const namedIds = new Set(naming.flatMap((key) => toolsNamedBy(entries, params[key] as string)))
  if (namedIds.size > 1) throw invalidRequest(AMBIGUOUS_SELECTORS_MESSAGE)
  const selectorKey = naming[0] ?? SELECTOR_KEYS.find((key) => params[key] !== undefined && params[key] !== null)
  const target = selectorValue(selectorKey === undefined ? params : {[selectorKey]: params[selectorKey]})
  const removed = new Set<string>(['args', 'input', ...naming, ...(naming.length > 0 ? [] : [selectorKey ?? 'id'])])
  const flattened = Object.entries(params).filter(([key]) => !removed.has(key) && dottedName(key) === undefined)
  return {target, input: {...dotted, ...Object.fromEntries(flattened)}, ignoredKeys: []}
}

/**
 * Step 0: `{args: {id, ...rest}}` → `{...outer, id, ...rest}` when the request has no top-level
 * selector key and its wrapper object carries a usable selector; otherwise the request unchanged.
 */
export function hoistNestedSelector(params: Record<string, unknown>): Record<string, unknown> {
  if (SELECTOR_KEYS.some((key) => Object.hasOwn(params, key))) return params
  const nested = params.args ?? params.input
  if (!isRecord(nested)) return params
  const selector = usableSelector(nested)
  if (selector === undefined) return params
  const outer = Object.entries(params).filter(([key]) => key !== 'args' && key !== 'input')
  return {...Object.fromEntries(outer), ...nested, id: selector}
}

/** `id ?? toolId ?? name` when it is a non-blank string (untrimmed), else undefined. */
function usableSelector(params: Record<string, unknown>): string | undefined {
  const value = params.id ?? params.toolId ?? params.name
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** The trimmed selector, or the model-facing `id must be a non-empty string.` */
export function selectorValue(params: Record<string, unknown>): string {
  const value = usableSelector(params)
  if (value === undefined) throw invalidRequest(MISSING_ID_MESSAGE)
  return value.trim()
}

/** `args.path` → `path` for every dotted key (a bare `args.` is an ordinary key). */
function dottedArguments(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).flatMap(([key, value]) => {
    const name = dottedName(key)
    return name === undefined ? [] : [[name, value] as const]
  }))
}

function dottedName(key: string): string | undefined {
  return key.startsWith(DOTTED_PREFIX) && key.length > DOTTED_PREFIX.length ? key.slice(DOTTED_PREFIX.length) : undefined
}

function isEmptyObject(value: unknown): boolean {
  return isRecord(value) && Object.keys(value).length === 0
}

/** Top-level keys a winning wrapper leaves unused: all but the selectors, dotted keys and empty wrappers. */
function ignoredBesideWrapper(params: Record<string, unknown>, wrapperKey: string, entries: readonly CatalogEntry[]): string[] {
  const selectorKey = SELECTOR_KEYS.find((key) => params[key] !== undefined && params[key] !== null)
  const selected = selectorKey === undefined ? '' : namedToolsKey(entries, params[selectorKey])
  return Object.keys(params).filter((key) => {
    if (key === wrapperKey || key === selectorKey || dottedName(key) !== undefined) return false
    if (key === 'args' || key === 'input') return !(params[key] === null || isEmptyObject(params[key]))
    // A second selector naming the same tool as the one used is not worth a note.
    return !(SELECTOR_KEYS as readonly string[]).includes(key) || selected === '' || namedToolsKey(entries, params[key]) !== selected
  })
}

function namedToolsKey(entries: readonly CatalogEntry[], value: unknown): string {
  return typeof value === 'string' ? toolsNamedBy(entries, value.trim()).sort().join('\n') : ''
}

function namesATool(entries: readonly CatalogEntry[], value: string): boolean {
  return entries.some((entry) => entry.id === value || entry.name === value)
}

/** Ids of the entries a selector names: exact id or exact name, untrimmed. */
function toolsNamedBy(entries: readonly CatalogEntry[], value: string): string[] {
  return entries.filter((entry) => entry.id === value || entry.name === value).map((entry) => entry.id)
}

function invalidRequest(message: string): ToolsearchError {
  return new ToolsearchError('invalid-request', message)
}
