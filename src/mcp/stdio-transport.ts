/**
 * An MCP stdio client transport that owns its server process completely:
 * - the server leads its own process group (`src/process/process-group.ts`), so wrappers such as
 *   `sh -c` or package runners are stopped together with the server they start, and nothing is
 *   left running when toolsearch exits or is interrupted;
 * - the server's stderr never reaches our terminal: its last lines are kept to quote in failure
 *   reasons (and shown live with DEBUG=toolsearch*);
 * - lines on its stdout that are not JSON-RPC are skipped and remembered (a banner printed by a
 *   careless server should not make it unusable, but a server that prints only noise is named);
 * - every line kept from the server (stderr, a stray stdout line) is redacted before it is cut to
 *   length, so no prefix of a secret survives the cut;
 * - `close()` follows the MCP shutdown sequence — close stdin, wait briefly, then SIGTERM and
 *   SIGKILL to the group — and resolves only once the process has exited; `kill()` skips the
 *   polite part;
 * - the server is spawned before the MCP SDK is loaded: the SDK's message codec (and, in
 *   session.ts, its client) load while the server boots, instead of before it starts.
 * The SDK's StdioClientTransport cannot start a process group, lets stderr through (or hands it
 * over unread), and does not wait for a kill to take effect.
 */
import type {Transport} from '@modelcontextprotocol/sdk/shared/transport.js'
import type {JSONRPCMessage} from '@modelcontextprotocol/sdk/types.js'

import {isErrorLine} from '../shared/stderr-excerpt.js'
import {spawnProcessGroup, type ProcessExit, type ProcessGroup} from '../process/process-group.js'
import {MAX_MESSAGE_BYTES, McpMessageTooLargeError} from './message-limit.js'

/** Lines of stderr kept for failure reasons, and how much of each. */
const STDERR_LINES_KEPT = 20
const MAX_LINE_CHARS = 500
/** A stderr line longer than this is dropped unread (a progress bar without newlines). */
const MAX_STDERR_LINE_BYTES = 64 * 1024
/**
 * MCP shutdown: how long a server gets to exit after its stdin is closed before it gets SIGTERM
 * (and `KILL_GRACE_MS` more before SIGKILL). The spec leaves "a reasonable time" open; a server
 * that exits on end of input does so within a few milliseconds, and one that keeps a timer
 * running (server-everything does) would otherwise hold every command up for the whole wait.
 * SIGTERM is still a polite stop: a server that needs time to clean up can handle it.
 */
export const STDIN_CLOSE_GRACE_MS = 200

/**
 * The variables a stdio server inherits — the MCP SDK's `DEFAULT_INHERITED_ENV_VARS`, kept here
 * so that starting a server does not wait for the SDK to load (a test pins it to the SDK's list).
 */
export const INHERITED_ENV_VARS: readonly string[] =
  process.platform === 'win32'
    ? ['APPDATA', 'HOMEDRIVE', 'HOMEPATH', 'LOCALAPPDATA', 'PATH', 'PROCESSOR_ARCHITECTURE', 'SYSTEMDRIVE', 'SYSTEMROOT', 'TEMP', 'USERNAME', 'USERPROFILE', 'PROGRAMFILES']
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER']

/** The environment a stdio server gets: the SDK's safe subset of ours, plus its config's `env`. */
export function serverEnvironment(parent: NodeJS.ProcessEnv, own: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const key of INHERITED_ENV_VARS) {
    const value = parent[key]
    // A value starting with "()" is an exported shell function: never pass it on.
    if (value !== undefined && !value.startsWith('()')) env[key] = value
  }
  return {...env, ...own}
}

export interface StdioServerParams {
  command: string
  args: string[]
  env: Record<string, string>
  cwd?: string
  /** Receives each stderr line as it arrives (debug output), redacted. */
  onStderrLine?: (line: string) => void
  /** Removes secrets from a line the server wrote; applied before any line is shortened or kept. */
  redact?: (text: string) => string
  /** A message passed `MAX_MESSAGE_BYTES` (the server is being stopped). */
  onTooLarge?: (error: Error) => void
}

export type {ProcessExit}

/**
 * Splits a byte stream into lines. Bytes are copied once, when a line is complete, so a
 * multi-megabyte message arriving in small chunks costs linear time.
 */
class LineSplitter {
  private pending: Buffer[] = []
  private pendingBytes = 0

  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: (line: string) => void,
    /** The current line grew past `maxLineBytes`; it is dropped. */
    private readonly onOverflow: () => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      const tail = chunk.subarray(start, newline)
      const line = this.pending.length === 0 ? tail : Buffer.concat([...this.pending, tail])
      this.pending = []
      this.pendingBytes = 0
      this.onLine(line.toString('utf8').replace(/\r$/, ''))
      start = newline + 1
    }
    if (start === chunk.length) return
    this.pending.push(chunk.subarray(start))
    this.pendingBytes += chunk.length - start
    if (this.pendingBytes > this.maxLineBytes) {
      this.pending = []
      this.pendingBytes = 0
      this.onOverflow()
    }
  }

  /** The stream ended: a last line without a newline still counts. */
  end(): void {
    if (this.pending.length > 0) this.push(Buffer.from('\n'))
  }
}

/** `text` cut to `max` characters, with an ellipsis when something was cut. */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

export class ServerProcessTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  /** The first stdout line that was not a JSON-RPC message. */
  strayLine?: string
  private readonly stderrTail: string[] = []
  private group?: ProcessGroup
  private started?: Promise<void>
  private exitInfo?: ProcessExit
  private closing = false
  /** The SDK's line codec, loaded while the server starts. */
  private codec?: typeof import('@modelcontextprotocol/sdk/shared/stdio.js')

  constructor(private readonly params: StdioServerParams) {}

  private redact(text: string): string {
    return this.params.redact === undefined ? text : this.params.redact(text)
  }

  /** How the process ended, once it has. */
  get exit(): ProcessExit | undefined {
    return this.exitInfo
  }

  /** The last lines the server wrote to stderr. */
  stderrLines(): string[] {
    return [...this.stderrTail]
  }

  /** The first stderr line that says what went wrong (`Error: Cannot find module …`), kept however much follows it. */
  firstErrorLine?: string

  /**
   * Spawns the server at once and resolves when it runs and the SDK's message codec has loaded;
   * calling it again returns the same promise (the SDK client calls it on connect). Its stdout is
   * read only once the codec is there: until then the pipe holds what the server writes.
   */
  start(): Promise<void> {
    this.started ??= new Promise((resolveStart, rejectStart) => {
      const group = spawnProcessGroup(this.params.command, this.params.args, {env: this.params.env, cwd: this.params.cwd})
      const {child} = group
      this.group = group
      const stderr = new LineSplitter(MAX_STDERR_LINE_BYTES, (line) => this.onStderrLine(line), () => undefined)
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
      // EPIPE after the server died; its exit is reported through `exit`.
      child.stdin.on('error', () => undefined)
      const spawned = new Promise<void>((resolveSpawn, rejectSpawn) => {
        child.once('spawn', () => resolveSpawn())
        child.once('error', (error) => {
          rejectSpawn(error)
          this.onerror?.(error)
        })
      })
      const codec = import('@modelcontextprotocol/sdk/shared/stdio.js').then((sdk) => {
        this.codec = sdk
        const stdout = new LineSplitter(MAX_MESSAGE_BYTES, (line) => this.onStdoutLine(line), () => {
          const error = new McpMessageTooLargeError()
          this.params.onTooLarge?.(error)
          this.onerror?.(error)
          void this.kill()
        })
        child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
      })
      void group.closed.then((exit) => {
        stderr.end()
        this.exitInfo = exit
        this.onclose?.()
      })
      Promise.all([spawned, codec]).then(() => resolveStart(), rejectStart)
    })
    return this.started
  }

  private onStdoutLine(line: string): void {
    if (line.trim() === '') return
    let message: JSONRPCMessage
    try {
      message = this.codec!.deserializeMessage(line)
    } catch {
      this.strayLine ??= shorten(this.redact(line), 200)
      return
    }
    this.onmessage?.(message)
  }

  private onStderrLine(line: string): void {
    if (line.trim() === '') return
    const kept = shorten(this.redact(line), MAX_LINE_CHARS)
    this.params.onStderrLine?.(kept)
    if (this.firstErrorLine === undefined && isErrorLine(kept)) this.firstErrorLine = kept
    this.stderrTail.push(kept)
    if (this.stderrTail.length > STDERR_LINES_KEPT) this.stderrTail.shift()
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolveSend, rejectSend) => {
      const stdin = this.group?.child.stdin
      if (stdin === undefined || !stdin.writable || this.exitInfo !== undefined) {
        rejectSend(new Error('the server process is not running'))
        return
      }
      if (stdin.write(this.codec!.serializeMessage(message))) resolveSend()
      else stdin.once('drain', () => resolveSend())
    })
  }

  /** Waits for the process to exit, at most `ms`; true when it has. */
  async exitedWithin(ms: number): Promise<boolean> {
    const group = this.group
    if (group === undefined || this.exitInfo !== undefined) return true
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<false>((resolveTimeout) => {
      timer = setTimeout(() => resolveTimeout(false), ms)
    })
    const exited = await Promise.race([group.closed.then(() => true as const), timeout])
    clearTimeout(timer)
    return exited
  }

  /** Graceful MCP shutdown; resolves once the process is gone. */
  async close(): Promise<void> {
    const group = this.group
    if (group === undefined) return
    if (!this.closing) {
      this.closing = true
      group.child.stdin.end()
      if (!(await this.exitedWithin(STDIN_CLOSE_GRACE_MS))) group.stop()
    }
    await group.closed
  }

  /** Stops the server now (timeout, interruption): SIGTERM to its group, then SIGKILL. */
  async kill(): Promise<void> {
    const group = this.group
    if (group === undefined) return
    this.closing = true
    group.child.stdin.end()
    group.stop()
    await group.closed
  }
}
