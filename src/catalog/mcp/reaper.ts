/**
 * The last line of defence for stdio servers: every live server process is registered here, and
 * while any is registered,
 * - on process exit, each one's process group is sent SIGKILL (synchronously, so it works from
 *   `process.exit()` too);
 * - on SIGINT / SIGTERM / SIGHUP (Ctrl-C), each one is sent SIGTERM, then SIGKILL shortly after;
 *   when no other part of the program listens for the signal, toolsearch then exits with
 *   128 + signal number, as it would have without these handlers.
 * The handlers are installed with the first server and removed with the last, so a command that
 * starts no server keeps Node's default signal behaviour.
 */
import type {ChildProcess} from 'node:child_process'

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
const SIGNAL_NUMBERS: Record<(typeof SIGNALS)[number], number> = {SIGINT: 2, SIGTERM: 15, SIGHUP: 1}
/** How long children get between SIGTERM and SIGKILL after a signal. */
const SIGNAL_GRACE_MS = 500

const live = new Set<ChildProcess>()
let installed = false

/** Sends `signal` to the child's process group (it is spawned detached), else to the child alone. */
export function signalServerProcess(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    if (process.platform !== 'win32') {
      process.kill(-child.pid, signal)
      return
    }
  } catch {
    // The group is gone or was never created: fall back to the process itself.
  }
  try {
    child.kill(signal)
  } catch {
    // Already gone.
  }
}

function killAllNow(): void {
  for (const child of live) signalServerProcess(child, 'SIGKILL')
}

function onSignal(signal: (typeof SIGNALS)[number]): void {
  const children = [...live]
  for (const child of children) signalServerProcess(child, 'SIGTERM')
  const othersListen = process.listenerCount(signal) > 1
  const timer = setTimeout(() => {
    for (const child of children) signalServerProcess(child, 'SIGKILL')
    if (!othersListen) process.exit(128 + SIGNAL_NUMBERS[signal])
  }, SIGNAL_GRACE_MS)
  if (othersListen) timer.unref()
}

const signalHandlers = new Map(SIGNALS.map((signal) => [signal, () => onSignal(signal)]))

function install(): void {
  if (installed) return
  installed = true
  process.on('exit', killAllNow)
  for (const [signal, handler] of signalHandlers) process.on(signal, handler)
}

function uninstall(): void {
  if (!installed) return
  installed = false
  process.off('exit', killAllNow)
  for (const [signal, handler] of signalHandlers) process.off(signal, handler)
}

/** Registers a server process until it exits. */
export function trackServerProcess(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null) return
  live.add(child)
  install()
  child.once('exit', () => {
    live.delete(child)
    if (live.size === 0) uninstall()
  })
}

/** Server processes still running (for tests and diagnostics). */
export function liveServerProcessCount(): number {
  return live.size
}
