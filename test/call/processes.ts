/** Process checks for tests that prove no tool process outlives a call. */
import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {setTimeout as sleep} from 'node:timers/promises'

/** Whether `pid` is a live process; a zombie (dead, waiting to be reaped by init) is not. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  // Without /proc, the signal is all there is to go by.
  if (!existsSync('/proc/self/stat')) return true
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    // Reaped between the signal and the read: gone.
    return false
  }
  const state = stat.replace(/^.*\) /s, '')[0]
  return state !== 'Z' && state !== 'X'
}

/**
 * Live (non-zombie) processes in process group `pgid`, read from /proc; without /proc, whether
 * signalling the group still succeeds.
 */
export function liveGroupMembers(pgid: number): number[] {
  if (!existsSync('/proc/self/stat')) {
    try {
      process.kill(-pgid, 0)
      return [pgid]
    } catch {
      return []
    }
  }
  const members: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue
    }
    const [state, , pgrp] = stat.replace(/^.*\) /s, '').split(' ')
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') members.push(Number(name))
  }
  return members
}

/** Polls until every pid is gone; returns the ones still alive after `ms` (a deadline, not a timing assertion). */
export async function survivors(pids: number[], ms = 5000): Promise<number[]> {
  const deadline = Date.now() + ms
  for (;;) {
    const alive = pids.filter(isAlive)
    if (alive.length === 0 || Date.now() > deadline) return alive
    await sleep(50)
  }
}

/** Live processes whose command line holds `marker` (read from /proc). */
export function markedProcesses(marker: string): number[] {
  const found: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue
    let commandLine: string
    try {
      commandLine = readFileSync(`/proc/${name}/cmdline`, 'utf8')
    } catch {
      continue
    }
    if (commandLine.includes(marker) && isAlive(Number(name))) found.push(Number(name))
  }
  return found
}

/**
 * A marker for the processes of one test: a test that stops a tool early (a short timeout on a
 * loaded machine may stop it before it wrote its pids) still finds every process it started.
 */
export function processMarker(): string {
  return `toolsearch-test-${process.pid}-${Math.random().toString(36).slice(2)}`
}

/** Polls until no process carries `marker`; returns those still alive after `ms`. */
export async function markedSurvivors(marker: string, ms = 5000): Promise<number[]> {
  const deadline = Date.now() + ms
  for (;;) {
    const alive = markedProcesses(marker)
    if (alive.length === 0 || Date.now() > deadline) return alive
    await sleep(50)
  }
}

/** Waits for a file to appear (a child writing its pids), up to `ms`. */
export async function waitForFile(path: string, ms = 10_000): Promise<string> {
  const deadline = Date.now() + ms
  while (!existsSync(path) || readFileSync(path, 'utf8') === '') {
    if (Date.now() > deadline) throw new Error(`${path} never appeared`)
    await sleep(25)
  }
  await sleep(25)
  return readFileSync(path, 'utf8')
}

/** Kills leftovers so a failing test never leaks processes into the next one. */
export function cleanup(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}
