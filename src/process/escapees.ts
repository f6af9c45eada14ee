/**
 * Processes that left a child's process group: a program can `setsid` (or double-fork) a helper
 * out of the group toolsearch stops, so signalling the group alone would leave it running. On
 * Linux, /proc shows three ways back to a child of ours, and a process matching any of them is
 * stopped with the group:
 * - its environment carries `TOOLSEARCH_PROCESS_OWNER=<owner>.<n>` (every child gets it, and
 *   programs pass their environment on, through setsid and re-parenting alike);
 * - it is in the session our child leads (children start as session leaders; `setpgid` alone
 *   does not leave the session);
 * - its parent is one of the above (a helper that cleared its environment but is still a child).
 * Limits: a process that clears its environment AND leaves the session AND is re-parented before
 * we look, one that changes its user (its /proc entries are not ours to read), or one in another
 * PID namespace (a container started through a daemon) is not found. Without /proc (macOS),
 * only the process group is stopped.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs'

export const OWNER_VARIABLE = 'TOOLSEARCH_PROCESS_OWNER'

export const HAS_PROC = process.platform === 'linux' && existsSync('/proc/self/environ')

/**
 * Live processes (not `self`) whose environment has `<variable>=<marker>` (a value starting with
 * `marker`), or whose session is one of `sessions`, plus their descendants. Self-contained (its
 * source also runs in the watchdog, see watchdog.ts): it uses only the `fs` it is given.
 *
 * `notBefore` (a start time in clock ticks since boot, field 22 of /proc/<pid>/stat): processes
 * started earlier cannot descend from ours and their environment is not read. Reading another
 * process's environment waits for that process's memory lock, which on a busy machine made each
 * scan take hundreds of milliseconds; the start time comes with the stat line already read.
 */
export function markedProcesses(fs: {readdirSync: (path: string) => string[]; readFileSync: (path: string) => Buffer}, variable: string, marker: string, sessions: readonly number[], self: number, notBefore = 0): number[] {
  const needle = Buffer.from(`${variable}=${marker}`)
  const found = new Set<number>()
  const parents = new Map<number, number>()
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const pid = Number(name)
    if (pid === self) continue
    let fields: string[]
    try {
      fields = fs.readFileSync(`/proc/${name}/stat`).toString('utf8').replace(/^.*\) /s, '').split(' ')
    } catch {
      continue
    }
    const [state, ppid, , session] = fields
    if (state === 'Z' || state === 'X') continue
    if (sessions.includes(Number(session))) {
      parents.set(pid, Number(ppid))
      found.add(pid)
      continue
    }
    // Older than what we look for: neither marked by us nor a descendant of what is.
    if (Number(fields[19]) < notBefore) continue
    parents.set(pid, Number(ppid))
    try {
      const environ = fs.readFileSync(`/proc/${name}/environ`)
      const at = environ.indexOf(needle)
      if (at === 0 || (at > 0 && environ[at - 1] === 0)) found.add(pid)
    } catch {
      // Another user's process, or gone.
    }
  }
  // Descendants of what was found (a helper that cleared its environment).
  for (let grew = true; grew; ) {
    grew = false
    for (const [pid, ppid] of parents) {
      if (!found.has(pid) && found.has(ppid)) {
        found.add(pid)
        grew = true
      }
    }
  }
  return [...found]
}

/** When this process started, in clock ticks since boot: every process of ours started later. */
let selfStart: number | undefined

function ownStartTime(): number {
  try {
    selfStart ??= Number(readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /s, '').split(' ')[19]) || 0
  } catch {
    selfStart = 0
  }
  return selfStart
}

/** Processes of ours that escaped the group `leader` leads, found through `marker` (see above). */
export function escapedProcesses(marker: string, leader: number): number[] {
  if (!HAS_PROC) return []
  return markedProcesses({readdirSync, readFileSync}, OWNER_VARIABLE, marker, [leader], process.pid, ownStartTime())
}
