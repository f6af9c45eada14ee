/**
 * Servers and tools die with toolsearch even when it is killed with SIGKILL (no exit handler
 * runs then). While any child runs, a small watchdog process — plain Node, started once with
 * `node -e` — holds a pipe from toolsearch: the pipe closes when toolsearch ends, however it
 * ends, and the watchdog then stops every process of ours still running (found as escapees.ts
 * finds them: the owner marker in the environment, the sessions our children lead), SIGTERM
 * first and SIGKILL after a grace period, and exits. Toolsearch tells it each child's session as
 * it starts and ends; after a normal exit there is nothing left and it exits at once.
 * The watchdog runs in its own session, so a Ctrl-C in the terminal does not reach it. Without
 * /proc it stops the sessions' process groups only; on Windows there is no watchdog.
 */
import {spawn, type ChildProcess} from 'node:child_process'

import {OWNER_VARIABLE, markedProcesses} from './escapees.js'

const GRACE_MS = 1000

/** The watchdog's program: reads "+<pid>" / "-<pid>" lines, acts when stdin ends. */
function watchdogMain(variable: string, owner: string, find: typeof markedProcesses, graceMs: number): void {
  const fs = require('node:fs') as typeof import('node:fs')
  const sessions = new Set<number>()
  const hasProc = fs.existsSync('/proc/self/environ')
  let buffer = ''
  const ours = (): number[] => (hasProc ? find(fs as never, variable, `${owner}.`, [...sessions], process.pid) : [])
  const signalAll = (signal: NodeJS.Signals): number => {
    let left = 0
    for (const sid of sessions) {
      try {
        process.kill(-sid, signal)
        left += 1
      } catch {
        // group gone
      }
    }
    for (const pid of ours()) {
      try {
        process.kill(pid, signal)
        left += 1
      } catch {
        // gone
      }
    }
    return left
  }
  process.on('SIGINT', () => undefined)
  process.on('SIGHUP', () => undefined)
  process.stdin.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk
    const lines = buffer.split('\n')
    buffer = lines.pop() ?? ''
    for (const line of lines) {
      const pid = Number(line.slice(1))
      if (line.startsWith('+')) sessions.add(pid)
      else sessions.delete(pid)
    }
  })
  process.stdin.on('end', () => {
    if (signalAll('SIGTERM') === 0) process.exit(0)
    const started = Date.now()
    const poll = setInterval(() => {
      if (signalAll(0 as never) > 0 && Date.now() - started < graceMs) return
      clearInterval(poll)
      signalAll('SIGKILL')
      process.exit(0)
    }, 50)
  })
}

let watchdog: ChildProcess | undefined

function startWatchdog(owner: string): ChildProcess | undefined {
  // The functions' compiled source runs as the watchdog's script (they use nothing from outside).
  const script = `(${watchdogMain.toString()})(${JSON.stringify(OWNER_VARIABLE)}, ${JSON.stringify(owner)}, ${markedProcesses.toString()}, ${GRACE_MS})`
  try {
    const child = spawn(process.execPath, ['-e', script], {detached: true, stdio: ['pipe', 'ignore', 'ignore'], env: {}, windowsHide: true})
    child.on('error', () => undefined)
    child.stdin!.on('error', () => undefined)
    child.unref()
    ;(child.stdin as unknown as {unref?: () => void}).unref?.()
    return child
  } catch {
    return undefined
  }
}

/** Tells the watchdog (started on first use) that a child leading session `pid` runs. */
export function watchSession(owner: string, pid: number): void {
  if (process.platform === 'win32') return
  watchdog ??= startWatchdog(owner)
  watchdog?.stdin?.write(`+${pid}\n`)
}

/** The child leading session `pid` and everything in it is gone. */
export function unwatchSession(pid: number): void {
  watchdog?.stdin?.write(`-${pid}\n`)
}
