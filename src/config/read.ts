/**
 * Reading config files from disk: a missing file is "no file" (an empty config for reads), while a
 * directory, a FIFO or device, a file over the read cap, a permission problem, a symlink loop or
 * any other read failure is a clear error (exit 2) naming the file — never a stack trace or a hang
 * (`readRegularFile`).
 */
import {isUtf8} from 'node:buffer'

import {ToolsearchError} from '../shared/errors.js'
import {fileErrorReason} from '../fs/errors.js'
import {readRegularFile} from '../fs/read-file.js'

/** `Cannot read config <file>: <why>` (exit 2). */
export function readFailure(file: string, error: unknown): ToolsearchError {
  return new ToolsearchError('config-unreadable', `Cannot read config ${file}: ${fileErrorReason(error)}`, {file, cause: error})
}

/** The file's text, or undefined when it does not exist. BOM and line endings are kept as they are. */
export function readConfigText(file: string): string | undefined {
  return readConfigBytes(file)?.toString('utf8')
}

/** A config file as read: its bytes and their text (as `readConfigText` gives it). */
export interface ConfigRead {
  bytes: Buffer
  text: string
}

/** Like readConfigText, with the bytes the text was decoded from. */
export function readConfigFile(file: string): ConfigRead | undefined {
  const bytes = readConfigBytes(file)
  return bytes === undefined ? undefined : {bytes, text: bytes.toString('utf8')}
}

function readConfigBytes(file: string): Buffer | undefined {
  try {
    return readRegularFile(file)?.bytes
  } catch (error) {
    throw readFailure(file, error)
  }
}

/** Byte offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const lead = bytes[i]!
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0
    if (length === 0 || i + length > bytes.length) return i
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf
    for (let k = 1; k < length; k++) {
      const byte = bytes[i + k]!
      if (byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return i
    }
    i += length
  }
  return -1
}

/**
 * Decodes a config file that is about to be edited. Edits are spliced into the decoded text, so a
 * file that is not valid UTF-8 (a Latin-1 comment, say) would come back with its stray bytes
 * replaced by U+FFFD outside the edited value: refuse instead, naming where the first bad byte is.
 * `earlier`: a read whose text is used again when `bytes` is its very buffer.
 */
export function decodeEditableConfig(bytes: Uint8Array, file: string, earlier?: ConfigRead): string {
  // The engine's own check first (a large file is checked at memory speed); the walk above only
  // finds where a bad byte is.
  const bad = isUtf8(bytes) ? -1 : firstInvalidUtf8(bytes)
  // Valid UTF-8 decodes the same either way, so the text of these very bytes is used again.
  if (bad === -1 && earlier !== undefined && earlier.bytes === bytes) return earlier.text
  if (bad === -1) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
  const before = Buffer.from(bytes.buffer, bytes.byteOffset, bad).toString('utf8')
  const line = before.split('\n').length
  const column = before.length - before.lastIndexOf('\n')
  const byte = `0x${bytes[bad]!.toString(16).padStart(2, '0')}`
  throw new ToolsearchError('config-not-utf8', `Refusing to edit ${file}: it is not valid UTF-8 (byte ${byte} at line ${line}, column ${column}), so rewriting it would change bytes outside the edited value. Save it as UTF-8 and retry.`, {
    file,
  })
}

/** Like readConfigText, for a file about to be edited: undefined when missing, refused when not UTF-8. */
export function readEditableConfigText(file: string): string | undefined {
  const bytes = readConfigBytes(file)
  return bytes === undefined ? undefined : decodeEditableConfig(bytes, file)
}

/** Like readConfigText, but a missing file is an error too (for included files). */
export function readExistingConfigText(file: string): string {
  const text = readConfigText(file)
  if (text === undefined) throw readFailure(file, {code: 'ENOENT'})
  return text
}
