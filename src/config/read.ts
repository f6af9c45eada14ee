/**
 * Reading config files from disk: a missing file is "no file" (an empty config for reads), while a
 * directory, a permission problem or any other read failure is a clear error (exit 2) naming the
 * file — never a stack trace.
 */
import {readFileSync} from 'node:fs'

import {ExitCode, ToolsearchError} from '../errors.js'

export function readFailure(file: string, error: unknown): ToolsearchError {
  const code = (error as NodeJS.ErrnoException).code
  const why =
    code === 'EISDIR' ? 'it is a directory, not a file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOENT' ? 'no such file' : ((error as Error).message ?? String(error))
  return new ToolsearchError('config-unreadable', `Cannot read config ${file}: ${why}`, {exitCode: ExitCode.usage, file, cause: error})
}

/** The file's text, or undefined when it does not exist. BOM and line endings are kept as they are. */
export function readConfigText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw readFailure(file, error)
  }
}

/** Like readConfigText, but a missing file is an error too (for included files). */
export function readExistingConfigText(file: string): string {
  const text = readConfigText(file)
  if (text === undefined) throw new ToolsearchError('config-unreadable', `Cannot read config ${file}: no such file`, {exitCode: ExitCode.usage, file})
  return text
}
