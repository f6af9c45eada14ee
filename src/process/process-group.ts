/**
 * Child processes that lead their own process group, so a program and everything it starts
 * (a `sh -c` wrapper, a package runner and the server behind it, a tool's helpers) are stopped
 * together, and nothing outlives toolsearch:
 * - `stop()` sends the group SIGTERM, then SIGKILL after `KILL_GRACE_MS`;
 * - when the leader exits, whatever it left in its group is stopped the same way;
 * - when toolsearch exits, every group still running gets SIGKILL (synchronously, so it works
 *   from `process.exit()` too);
 * - on SIGINT, SIGTERM or SIGHUP every group is stopped. When no other part of the program
 *   handles the signal, toolsearch then exits with 128 + the signal number as soon as the groups
 *   are gone (at the latest after the grace period; a second signal exits at once), before
 *   anything could report the stopped children as failures.
 * - a process that left the group (`setsid`, a double fork) is found and stopped with it
 *   (escapees.ts: the owner marker every child's environment carries, the child's session);
 * - when toolsearch is killed outright (SIGKILL: no handler runs), a watchdog process stops
 *   whatever is left (watchdog.ts).
 * The exit and signal handlers exist only while a group is running, so a command that starts no
 * process keeps Node's default behaviour. Windows has no process groups: signals go to the child.
 */
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process'
import {randomUUID} from 'node:crypto'
import {statSync} from 'node:fs'

import {errno} from '../fs/errors.js'
import {OWNER_VARIABLE, escapedProcesses} from './escapees.js'
import {unwatchSession, watchSession} from './watchdog.js'

/** How long a group gets between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 1000

const POSIX = process.platform !== 'win32'
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
type HandledSignal = (typeof SIGNALS)[number]
const SIGNAL_NUMBERS: Record<HandledSignal, number> = {SIGHUP: 1, SIGINT: 2, SIGTERM: 15}
/** This toolsearch process, in every child's OWNER_VARIABLE (`<owner>.<group number>`). */
const OWNER = randomUUID()
let groupsStarted = 0

export interface ProcessExit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ProcessGroupOptions {
  cwd?: string
  env?: NodeJS.ProcessEnv
}

export class ProcessGroup {
  /** The leader, with piped stdin, stdout and stderr. */
  readonly child: ChildProcessWithoutNullStreams
  /**
   * Settles once the leader has exited and its output has been read to the end. A process that
   * left the group (`setsid`) may keep the pipes open: then it settles `KILL_GRACE_MS` after the
   * exit and the pipes are closed on our side.
   */
  readonly closed: Promise<ProcessExit>
  /** Why the program could not be started (ENOENT, EACCES); `closed` still settles. */
  spawnError?: Error
  private escalation?: NodeJS.Timeout
  /** Nothing is left to signal: the group is known to be empty, or it was killed. */
  private gone = false
  /** The value of OWNER_VARIABLE in this group's environment (and its escapees'). */
  private readonly marker = `${OWNER}.${(groupsStarted += 1)}`

  constructor(command: string, args: readonly string[], options: ProcessGroupOptions = {}) {
    const env = {...(options.env ?? process.env), [OWNER_VARIABLE]: this.marker}
    const child = spawn(command, args, {cwd: options.cwd, env, stdio: 'pipe', detached: POSIX, windowsHide: true})
    this.child = child
    child.on('error', (error) => {
      // Only a failed spawn matters here; a later error (a failed kill) changes nothing.
      if (child.pid === undefined) this.spawnError = error
    })
    this.closed = new Promise((resolve) => {
      let drainWait: NodeJS.Timeout | undefined
      child.once('exit', (code, signal) => {
        this.leaderExited()
        drainWait = setTimeout(() => {
          child.stdout.destroy()
          child.stderr.destroy()
          resolve({code, signal})
        }, KILL_GRACE_MS).unref()
      })
      child.once('close', (code, signal) => {
        clearTimeout(drainWait)
        resolve({code, signal})
      })
    })
    if (child.pid === undefined) this.gone = true
    else track(this)
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  /** Sends `name` to every process in the group and to those that left it; gone ones are no error. */
  signal(name: NodeJS.Signals): void {
    const pid = this.child.pid
    if (this.gone || pid === undefined) return
    try {
      if (POSIX) process.kill(-pid, name)
      else this.child.kill(name)
    } catch {
      // ESRCH: nothing left in the group.
    }
    for (const escapee of escapedProcesses(this.marker, pid)) {
      try {
        process.kill(escapee, name)
      } catch {
        // gone meanwhile
      }
    }
  }

  /** SIGTERM now, SIGKILL after the grace period; calling it again changes nothing. */
  stop(): void {
    if (this.gone || this.escalation !== undefined) return
    this.signal('SIGTERM')
    // Unref'd: if toolsearch exits first, the exit handler sends the SIGKILL.
    this.escalation = setTimeout(() => this.kill(), KILL_GRACE_MS).unref()
  }

  /** SIGKILL to the whole group, now. */
  kill(): void {
    this.signal('SIGKILL')
    this.finish()
  }

  /** What the leader left in its group is stopped too; an empty group needs nothing more. */
  private leaderExited(): void {
    // While toolsearch is being interrupted, leftovers go at once: the exit waits for them.
    if (exitWhenGone !== undefined) this.kill()
    else if (POSIX && (groupHasMembers(this.child.pid!) || escapedProcesses(this.marker, this.child.pid!).length > 0)) this.stop()
    else this.finish()
  }

  private finish(): void {
    this.gone = true
    clearTimeout(this.escalation)
    untrack(this)
  }
}

function groupHasMembers(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Why a program cannot be started in `cwd` before trying: a missing working directory makes spawn
 * fail with ENOENT, which would read as if the program were missing. undefined when it is fine.
 */
export function workingDirectoryProblem(cwd: string | undefined): string | undefined {
  if (cwd === undefined) return undefined
  try {
    if (statSync(cwd).isDirectory()) return undefined
  } catch {
    // Missing, or not reachable: both mean the program cannot run there.
  }
  return `working directory ${cwd} does not exist`
}

/** Why spawn failed, in words: `command not found`, `permission denied`, else the system's message. */
export function spawnErrorReason(error: Error): string {
  const code = errno(error)
  if (code === 'ENOENT') return 'command not found'
  if (code === 'EACCES') return 'permission denied'
  return error.message
}

/** Spawns `command` (no shell) as the leader of a new process group. */
export function spawnProcessGroup(command: string, args: readonly string[], options: ProcessGroupOptions = {}): ProcessGroup {
  return new ProcessGroup(command, args, options)
}

// Every group that may still have a process, and the handlers that stop them.
const live = new Set<ProcessGroup>()
/** Exit code to leave with once every group is gone (a signal nobody else handles arrived). */
let exitWhenGone: number | undefined

function killAllOnExit(): void {
  for (const group of live) group.signal('SIGKILL')
}

function onSignal(signal: HandledSignal): void {
  if (exitWhenGone !== undefined) process.exit(exitWhenGone)
  for (const group of live) group.stop()
  // Each group leaves the set when its leader has exited or the grace period has passed.
  if (process.listenerCount(signal) === 1) exitWhenGone = 128 + SIGNAL_NUMBERS[signal]
}

const signalHandlers = new Map(SIGNALS.map((signal) => [signal, () => onSignal(signal)]))

function track(group: ProcessGroup): void {
  if (POSIX) watchSession(OWNER, group.pid!)
  if (live.size === 0) {
    process.on('exit', killAllOnExit)
    for (const [signal, handler] of signalHandlers) process.on(signal, handler)
  }
  live.add(group)
}

function untrack(group: ProcessGroup): void {
  if (!live.delete(group)) return
  if (POSIX) unwatchSession(group.pid!)
  if (live.size > 0) return
  process.off('exit', killAllOnExit)
  for (const [signal, handler] of signalHandlers) process.off(signal, handler)
  if (exitWhenGone !== undefined) process.exit(exitWhenGone)
}

/** Groups that may still have a running process (for tests and diagnostics). */
export function liveProcessGroupCount(): number {
  return live.size
}
