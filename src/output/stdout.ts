/**
 * Where a command's output goes: standard output, written to its file descriptor.
 *
 * `process.stdout` is made on first use, and making it loads Node's stream modules (a file gets a
 * `SyncWriteStream`, a pipe a `net.Socket`): 3–5 ms, about a tenth of a bare Node start, for a
 * command that prints one block of text at its end. The CLI's own process therefore writes to
 * descriptor 1 directly (`writeSync`, as `process.stdout` itself writes to a file or, on Linux,
 * a pipe), from the moment `main` is told it owns the process (`ownProcess`), except on Windows.
 * Everything else — the library, and the tests that run commands in their own process and capture
 * `process.stdout` — writes through `process.stdout` as before.
 *
 * What the stream would have done, done here too:
 * - a descriptor that would block (a non-blocking pipe that is full: `EAGAIN`) hands the rest of
 *   this write and every later one to `process.stdout`, which queues them, in order;
 * - a reader that went away (`EPIPE`, as with `| head`) ends the output silently, as oclif ends it
 *   for its stream.
 */
import {writeSync} from 'node:fs'

type Mode = 'stream' | 'descriptor' | 'closed'

let mode: Mode = 'stream'

/**
 * Called once by the CLI's entry point: from now on output goes to descriptor 1 directly. Not on
 * Windows, where a console takes UTF-16 through its own API (which the stream uses) and shows
 * UTF-8 bytes written to it as something else unless its code page is UTF-8.
 */
export function ownStandardOutput(platform: NodeJS.Platform = process.platform): void {
  if (mode === 'stream' && platform !== 'win32') mode = 'descriptor'
}

/** Writes `text` to standard output. */
export function writeStdout(text: string): void {
  if (mode === 'closed') return
  if (mode === 'stream') {
    process.stdout.write(text)
    return
  }
  const bytes = Buffer.from(text, 'utf8')
  let written = 0
  while (written < bytes.length) {
    try {
      written += writeSync(1, bytes, written, bytes.length - written)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EPIPE') {
        mode = 'closed'
        return
      }
      if (code !== 'EAGAIN') throw error
      handOverToStream()
      process.stdout.write(bytes.subarray(written))
      return
    }
  }
}

/**
 * From now on output goes through `process.stdout`, which ends quietly too when the reader went
 * away: the same `EPIPE` as above, arriving as the stream's error event.
 */
function handOverToStream(): void {
  mode = 'stream'
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
  })
}

/** Resolves once what was written has been taken (at once unless the stream queued some). */
export async function flushStdout(): Promise<void> {
  if (mode !== 'stream') return
  await new Promise<void>((resolve) => {
    if (process.stdout.write('')) resolve()
    else process.stdout.once('drain', () => resolve())
  })
}
