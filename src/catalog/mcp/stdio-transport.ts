/**
 * An MCP stdio client transport that owns its server process completely:
 * - the server runs in its own process group (POSIX), so wrappers such as `sh -c` or package
 *   runners are stopped together with the server they start;
 * - the server's stderr never reaches our terminal: its last lines are kept to quote in failure
 *   reasons (and shown live with DEBUG=toolsearch*);
 * - lines on its stdout that are not JSON-RPC are skipped and remembered (a banner printed by a
 *   careless server should not make it unusable, but a server that prints only noise is named);
 * - `close()` follows the MCP shutdown sequence — close stdin, wait, SIGTERM, wait, SIGKILL — and
 *   resolves only once the process has exited; `kill()` skips the polite part (timeouts, Ctrl-C).
 * The SDK's own StdioClientTransport does not wait for the kill to finish and lets stderr through.
 */
import {spawn, type ChildProcess} from 'node:child_process'

import {deserializeMessage, serializeMessage} from '@modelcontextprotocol/sdk/shared/stdio.js'
import type {Transport} from '@modelcontextprotocol/sdk/shared/transport.js'
import type {JSONRPCMessage} from '@modelcontextprotocol/sdk/types.js'

import {signalServerProcess, trackServerProcess} from './reaper.js'

/** Lines of stderr kept for failure reasons. */
const STDERR_LINES_KEPT = 20
const MAX_LINE_CHARS = 500
/** Largest single message accepted from a server (a tools/list of a big server fits easily). */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024
/** MCP shutdown: time after closing stdin, then after SIGTERM, before escalating. */
const STDIN_CLOSE_GRACE_MS = 1000
const SIGTERM_GRACE_MS = 1000

/** Environment variables a stdio server inherits, as the MCP SDK and desktop clients do. */
const INHERITED_ENV =
  process.platform === 'win32'
    ? ['APPDATA', 'HOMEDRIVE', 'HOMEPATH', 'LOCALAPPDATA', 'PATH', 'PROCESSOR_ARCHITECTURE', 'SYSTEMDRIVE', 'SYSTEMROOT', 'TEMP', 'USERNAME', 'USERPROFILE', 'PROGRAMFILES']
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER']

/** The environment a stdio server gets: a small safe subset of ours, plus its config's `env`. */
export function serverEnvironment(parent: NodeJS.ProcessEnv, own: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const key of INHERITED_ENV) {
    const value = parent[key]
    if (value !== undefined && !value.startsWith('()')) env[key] = value
  }
  return {...env, ...own}
}

export interface StdioServerParams {
  command: string
  args: string[]
  env: Record<string, string>
  cwd?: string
  /** Receives each stderr line as it arrives (debug output). */
  onStderrLine?: (line: string) => void
}

export interface ProcessExit {
  code: number | null
  signal: NodeJS.Signals | null
}

/** Keeps the last `limit` lines of a stream of chunks. */
class LineTail {
  private partial = ''
  readonly lines: string[] = []

  constructor(
    private readonly limit: number,
    private readonly onLine?: (line: string) => void,
  ) {}

  push(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/)
    this.partial = (parts.pop() ?? '').slice(-MAX_LINE_CHARS * 4)
    for (const line of parts) this.add(line)
  }

  flush(): void {
    if (this.partial !== '') this.add(this.partial)
    this.partial = ''
  }

  private add(line: string): void {
    if (line.trim() === '') return
    const kept = line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line
    this.onLine?.(kept)
    this.lines.push(kept)
    if (this.lines.length > this.limit) this.lines.shift()
  }
}

export class ServerProcessTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  private child?: ChildProcess
  private buffer: Buffer = Buffer.alloc(0)
  private readonly stderrTail: LineTail
  /** The first few stdout lines that were not JSON-RPC messages. */
  readonly strayOutput: string[] = []
  private exitInfo?: ProcessExit
  private exitPromise?: Promise<ProcessExit>
  private closing = false

  constructor(private readonly params: StdioServerParams) {
    this.stderrTail = new LineTail(STDERR_LINES_KEPT, params.onStderrLine)
  }

  /** Process id once started (for tests and diagnostics). */
  get pid(): number | undefined {
    return this.child?.pid
  }

  /** How the process ended, once it has. */
  get exit(): ProcessExit | undefined {
    return this.exitInfo
  }

  /** The last lines the server wrote to stderr. */
  stderrLines(): string[] {
    return [...this.stderrTail.lines]
  }

  /** Spawns the server; calling it again returns the same promise (the SDK client calls it on connect). */
  start(): Promise<void> {
    this.started ??= this.spawnServer()
    return this.started
  }

  private started?: Promise<void>

  private spawnServer(): Promise<void> {
    return new Promise((resolveStart, rejectStart) => {
      const child = spawn(this.params.command, this.params.args, {
        env: this.params.env,
        cwd: this.params.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        // Its own process group, so the whole tree can be stopped together.
        detached: process.platform !== 'win32',
      })
      this.child = child
      this.exitPromise = new Promise((resolveExit) => {
        child.once('close', (code, signal) => {
          this.stderrTail.flush()
          this.exitInfo = {code, signal}
          resolveExit(this.exitInfo)
          this.onclose?.()
        })
      })
      child.once('error', (error) => {
        // A failed spawn emits 'error' and 'close' but never 'spawn'.
        if (this.exitInfo === undefined && child.pid === undefined) this.exitInfo = {code: null, signal: null}
        rejectStart(error)
        this.onerror?.(error)
      })
      child.once('spawn', () => {
        trackServerProcess(child)
        resolveStart()
      })
      child.stdin?.on('error', () => {
        // EPIPE after the server died; its exit is reported through 'close'.
      })
      child.stdout?.on('data', (chunk: Buffer) => this.onStdout(chunk))
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.stderrTail.push(chunk))
    })
  }

  private onStdout(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
    let newline: number
    while ((newline = this.buffer.indexOf(0x0a)) !== -1) {
      const line = this.buffer.toString('utf8', 0, newline).replace(/\r$/, '')
      this.buffer = this.buffer.subarray(newline + 1)
      this.onLine(line)
    }
    if (this.buffer.length > MAX_MESSAGE_BYTES) {
      this.buffer = Buffer.alloc(0)
      this.onerror?.(new Error(`a message from the server exceeded ${MAX_MESSAGE_BYTES} bytes`))
      void this.kill()
    }
  }

  private onLine(line: string): void {
    if (line.trim() === '') return
    let message: JSONRPCMessage
    try {
      message = deserializeMessage(line)
    } catch {
      if (this.strayOutput.length < 3) this.strayOutput.push(line.length > 200 ? `${line.slice(0, 200)}…` : line)
      return
    }
    this.onmessage?.(message)
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolveSend, rejectSend) => {
      const stdin = this.child?.stdin
      if (!stdin || !stdin.writable || this.exitInfo !== undefined) {
        rejectSend(new Error('the server process is not running'))
        return
      }
      if (stdin.write(serializeMessage(message))) resolveSend()
      else stdin.once('drain', () => resolveSend())
    })
  }

  /** Waits for the process to exit, at most `ms`; true when it has. */
  async exitedWithin(ms: number): Promise<boolean> {
    if (this.exitInfo !== undefined || this.exitPromise === undefined) return true
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<false>((resolveTimeout) => {
      timer = setTimeout(() => resolveTimeout(false), ms)
    })
    const exited = await Promise.race([this.exitPromise.then(() => true as const), timeout])
    clearTimeout(timer)
    return exited
  }

  /** Graceful MCP shutdown; resolves once the process is gone. */
  async close(): Promise<void> {
    const child = this.child
    if (child === undefined || this.closing) return this.waitForExit()
    this.closing = true
    child.stdin?.end()
    if (!(await this.exitedWithin(STDIN_CLOSE_GRACE_MS))) {
      signalServerProcess(child, 'SIGTERM')
      if (!(await this.exitedWithin(SIGTERM_GRACE_MS))) signalServerProcess(child, 'SIGKILL')
    }
    await this.waitForExit()
  }

  /** Stops the server now (timeout, interruption): SIGTERM, then SIGKILL if it lingers. */
  async kill(): Promise<void> {
    const child = this.child
    if (child === undefined) return
    this.closing = true
    child.stdin?.end()
    signalServerProcess(child, 'SIGTERM')
    if (!(await this.exitedWithin(SIGTERM_GRACE_MS / 2))) signalServerProcess(child, 'SIGKILL')
    await this.waitForExit()
  }

  private async waitForExit(): Promise<void> {
    if (this.exitPromise !== undefined && this.child?.pid !== undefined) await this.exitPromise
    this.stopGroup()
  }

  /** After the leader has exited, stop anything it left behind in its group. */
  private stopGroup(): void {
    const pid = this.child?.pid
    if (pid === undefined || process.platform === 'win32') return
    try {
      process.kill(-pid, 'SIGTERM')
    } catch {
      // No process left in the group: the usual case.
    }
  }
}
