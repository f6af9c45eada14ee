/**
 * `directory --stdin`: several directories of one catalog in one run, e.g. to see how the text
 * degrades from a large context window to a small one, or how the two modes differ. Each line
 * of stdin is a JSON object `{ "contextWindow"?: <tokens> | null, "mode"?: "tools" | "directory" }`;
 * a field left out takes the flag's value (or the config's mode), `null` means no window given.
 */
import {isRecord, ownValue} from '../shared/json.js'
import {usageError} from '../shared/errors.js'
import type {DirectoryMode} from './render.js'

export interface DirectoryRequest {
  /** Tokens; `null` = no window given; undefined = the flag's value. */
  contextWindow?: number | null
  /** Undefined = the mode in force. */
  mode?: DirectoryMode
}

const MODES: readonly string[] = ['tools', 'directory'] satisfies DirectoryMode[]

/** The requests of stdin, one per non-blank line; a bad line is a usage error naming it. */
export function parseDirectoryRequests(text: string): DirectoryRequest[] {
  const requests: DirectoryRequest[] = []
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    if (raw.trim() === '') continue
    const fail = (problem: string): never => {
      throw usageError(`stdin line ${index + 1}: ${problem}`)
    }
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch {
      fail('not JSON; expected {"contextWindow": <tokens> | null, "mode": "tools" | "directory"}.')
    }
    if (!isRecord(value)) return fail('must be a JSON object.')
    const contextWindow = ownValue(value, 'contextWindow')
    const mode = ownValue(value, 'mode')
    if (contextWindow !== undefined && contextWindow !== null && !(Number.isSafeInteger(contextWindow) && (contextWindow as number) >= 0)) {
      fail('contextWindow must be a non-negative integer or null.')
    }
    if (mode !== undefined && (typeof mode !== 'string' || !MODES.includes(mode))) fail('mode must be "tools" or "directory".')
    requests.push({...(contextWindow === undefined ? {} : {contextWindow: contextWindow as number | null}), ...(mode === undefined ? {} : {mode: mode as DirectoryMode})})
  }
  return requests
}
