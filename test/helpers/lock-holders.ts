/** Processes that stand for a lock's holder: one that lives until the test file ends, one that is gone. */
import {spawn} from 'node:child_process'

import {atFileEnd} from './file-end.js'

const children: Array<ReturnType<typeof spawn>> = []
atFileEnd(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

/** The pid of a process that stays alive until the test file ends: a live lock holder. */
export function liveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], {stdio: 'ignore'})
  children.push(child)
  return child.pid as number
}

/** The pid of a process that has already exited. */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], {stdio: 'ignore'})
  await new Promise((done) => child.on('exit', done))
  return child.pid as number
}
