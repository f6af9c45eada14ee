/**
 * The words of the writer's failures, in one place: every message names what is written
 * ("config", "catalog") and the file, and says that nothing was written.
 */
import {type ErrorCode, ToolsearchError} from '../shared/errors.js'
import {fileErrorReason} from './errors.js'
import {LockAccessError, LockBusyError} from './lock.js'

export function failure(code: ErrorCode, message: string, file: string, cause?: unknown): ToolsearchError {
  return new ToolsearchError(code, message, {file, cause})
}

export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function conflict(what: string, file: string, why: string): ToolsearchError {
  return failure('file-conflict', `${capitalized(what)} file ${file} ${why}; nothing was written. Run the command again.`, file)
}

export const changedMeanwhile = (what: string, file: string) => conflict(what, file, `changed while it was being written (by a program that does not use ${file}.lock)`)

/** A lock that could not be taken, as the person who ran the command needs to hear it. */
export function lockError(error: unknown, file: string, what: string): ToolsearchError {
  if (error instanceof LockBusyError) {
    const {holder} = error
    const since = holder?.createdAt === undefined ? '' : `, since ${new Date(holder.createdAt).toISOString()}`
    const by = holder?.pid === undefined ? '' : ` by process ${holder.pid}${since}`
    return failure('file-locked', `${capitalized(what)} file ${file} is locked${by}; nothing was written. Retry when the other writer is done (the lock is ${error.lockPath}).`, file)
  }
  if (error instanceof LockAccessError) {
    const verb = error.operation === 'create' ? 'cannot create' : 'cannot read'
    return failure('file-unwritable', `Cannot write ${what} ${file}: ${verb} the lock file ${error.lockPath} (${fileErrorReason(error.cause)}); nothing was written.`, file, error.cause)
  }
  return failure('file-unwritable', `Cannot write ${what} ${file}: ${fileErrorReason(error)}; nothing was written.`, file, error)
}
