/**
 * Reading config files from disk: a missing file is "no file" (an empty config for reads), while a
 * directory, a permission problem, a symlink loop or any other read failure is a clear error
 * (exit 2) naming the file — never a stack trace.
 */
import {readFileSync} from 'node:fs'

import {ExitCode, ToolsearchError} from '../errors.js'
import {fileErrorReason} from '../fs/errors.js'

function readFailure(file: string, error: unknown): ToolsearchError {
  return new ToolsearchError('config-unreadable', `Cannot read config ${file}: ${fileErrorReason(error)}`, {exitCode: ExitCode.usage, file, cause: error})
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
  if (text === undefined) throw readFailure(file, {code: 'ENOENT'})
  return text
}
