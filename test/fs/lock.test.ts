import {existsSync, lstatSync, readFileSync, readdirSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs'
import {lutimes} from 'node:fs/promises'
import * as fsp from 'node:fs/promises'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {updateFileAtomically} from '../../src/fs/atomic-write.js'
import {DEFAULT_LOCK_WAIT_MS, OPENCLAW_LOCK_RETRY, UNREADABLE_LOCK_GRACE_MS, acquireLock, isStale, parseLockPayload, processStartTime, retryDelayMs} from '../../src/fs/lock.js'
import {tempDir} from '../helpers/cli.js'
import {deadPid, liveProcess} from '../helpers/lock-holders.js'

const replaceWith = (text: string) => () => ({text, result: undefined})
const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000)

function configWithLock(lock: string | undefined): string {
  const file = join(tempDir(), 'openclaw.json')
  writeFileSync(file, 'original')
  if (lock !== undefined) writeFileSync(`${file}.lock`, lock)
  return file
}

describe('the lock payload, in both dialects', () => {
  it('reads OpenClaw’s {pid, createdAt, startTime} and toolsearch’s older {pid, time, nonce}', () => {
    expect(parseLockPayload('{\n  "pid": 12,\n  "createdAt": "2026-01-02T03:04:05.678Z",\n  "startTime": 99\n}')).toEqual({pid: 12, createdAt: Date.parse('2026-01-02T03:04:05.678Z'), startTime: 99})
    expect(parseLockPayload('{"pid":12,"time":1700000000000,"nonce":"ab"}')).toEqual({pid: 12, createdAt: 1_700_000_000_000, startTime: undefined})
    expect(parseLockPayload('{"pid":12,"createdAt":"2026-01-02T03:04:05Z","starttime":7}')?.startTime).toBe(7)
    for (const garbage of ['', '{"pid":', 'null', '[]', '{"createdAt":"2026-01-02T03:04:05Z"}', '{"pid":"12"}']) expect(parseLockPayload(garbage)).toBeUndefined()
  })

  it('judges a live holder by pid, start time and age, exactly as OpenClaw does', async () => {
    const pid = liveProcess()
    const startTime = processStartTime(pid)
    expect(startTime).toEqual(expect.any(Number))
    const now = Date.now()
    const judged = (holder: {pid?: number; createdAt?: number; startTime?: number}) => isStale({holder, mtimeMs: now}, now)
    expect(judged({pid, createdAt: now, startTime})).toBe(false)
    expect(judged({pid, createdAt: now - 29_000, startTime})).toBe(false)
    expect(judged({pid, createdAt: now - 31_000, startTime})).toBe(true)
    // The pid is alive but started at another time: the pid was reused by another process.
    expect(judged({pid, createdAt: now, startTime: startTime! + 1})).toBe(true)
    expect(judged({pid: await deadPid(), createdAt: now})).toBe(true)
    // Without a creation time, the file's mtime is its age.
    expect(judged({pid})).toBe(false)
    expect(isStale({holder: {pid}, mtimeMs: now - 31_000}, now)).toBe(true)
  })

  it('waits at least as long as OpenClaw’s retry budget, with OpenClaw’s backoff', () => {
    let budget = 0
    for (let attempt = 0; attempt < OPENCLAW_LOCK_RETRY.retries; attempt++) budget += retryDelayMs(attempt, 0.999_999)
    expect(DEFAULT_LOCK_WAIT_MS).toBeGreaterThanOrEqual(budget)
    expect([0, 1, 2, 12, 13, 79].map((attempt) => retryDelayMs(attempt, 0))).toEqual([25, 30, 36, 223, 250, 250])
    expect(retryDelayMs(0, 0.5)).toBe(38)
  })
})

describe('a lock without a readable payload', () => {
  it('a dangling symlink lock neither spins nor waits past the deadline; an old one is taken over', async () => {
    const file = configWithLock(undefined)
    symlinkSync(join(tempDir(), 'nowhere'), `${file}.lock`)
    const started = Date.now()
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 300})).rejects.toThrow(`Config file ${file} is locked; nothing was written.`)
    // The failure this guards against is waiting for the 30 s stale age instead of the deadline.
    expect(Date.now() - started).toBeLessThan(15_000)
    await lutimes(`${file}.lock`, secondsAgo(5), secondsAgo(5))
    await updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 300})
    expect(readFileSync(file, 'utf8')).toBe('new')
    expect(existsSync(`${file}.lock`)).toBe(false)
  }, 30_000)

  it('an empty or garbage lock (a writer killed between create and write) blocks for the 2 s grace, not 30 s', async () => {
    expect(UNREADABLE_LOCK_GRACE_MS).toBe(2000)
    for (const garbage of ['', '{"pid": 4', 'not json']) {
      const file = configWithLock(garbage)
      await expect(updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 100})).rejects.toThrow('is locked')
      utimesSync(`${file}.lock`, secondsAgo(3), secondsAgo(3))
      // With a 100 ms deadline, the write succeeds only if the 3 s old unreadable lock is taken over.
      await updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 100})
      expect(readFileSync(file, 'utf8')).toBe('new')
    }
  })

  it('waits for a fresh empty lock whose writer then writes its payload and releases', async () => {
    const file = configWithLock('')
    setTimeout(() => writeFileSync(`${file}.lock`, JSON.stringify({pid: process.pid, createdAt: new Date().toISOString()})), 100)
    setTimeout(() => void fsp.unlink(`${file}.lock`), 600)
    await updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 5000})
    expect(readFileSync(file, 'utf8')).toBe('new')
  })
})

describe('stale takeover', () => {
  it('takes over a lock whose holder is dead or whose pid was reused, and never a live OpenClaw holder’s', async () => {
    const live = liveProcess()
    const livePayload = JSON.stringify({pid: live, createdAt: new Date().toISOString(), startTime: processStartTime(live)}, null, 2)
    const file = configWithLock(livePayload)
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 300})).rejects.toThrow(`is locked by process ${live}, since`)
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(livePayload)
    writeFileSync(`${file}.lock`, JSON.stringify({pid: live, createdAt: new Date().toISOString(), startTime: processStartTime(live)! - 1}))
    await updateFileAtomically(file, replaceWith('reused'), {what: 'config', lockWaitMs: 300})
    expect(readFileSync(file, 'utf8')).toBe('reused')
    writeFileSync(`${file}.lock`, JSON.stringify({pid: await deadPid(), createdAt: new Date().toISOString()}))
    await updateFileAtomically(file, replaceWith('dead'), {what: 'config', lockWaitMs: 300})
    expect(readFileSync(file, 'utf8')).toBe('dead')
  })

  it('leaves a lock that was replaced by a live one after it was judged stale (checks inode and content under the guard)', async () => {
    const dir = tempDir()
    const lockPath = join(dir, 'openclaw.json.lock')
    const dead = JSON.stringify({pid: await deadPid(), createdAt: new Date().toISOString()})
    writeFileSync(lockPath, dead)
    const live = JSON.stringify({pid: liveProcess(), createdAt: new Date().toISOString()})
    // Between the judging read and the takeover, the stale lock is released and a live writer
    // creates a fresh one: the takeover must see that it is another file and leave it.
    let reads = 0
    const racingFs = {
      ...fsp,
      readFile: (async (path: string, encoding: BufferEncoding) => {
        const text = await fsp.readFile(path, encoding)
        if (path === lockPath && ++reads === 1) {
          await fsp.unlink(lockPath)
          await fsp.writeFile(lockPath, live)
        }
        return text
      }) as typeof fsp.readFile,
    }
    await expect(acquireLock(lockPath, 200, racingFs)).rejects.toThrow('is held')
    expect(readFileSync(lockPath, 'utf8')).toBe(live)
    expect(readdirSync(dir)).toEqual(['openclaw.json.lock'])
  })

  it('one takeover at a time: a stale guard from a killed taker is cleared, a fresh one is respected', async () => {
    const file = configWithLock(JSON.stringify({pid: await deadPid(), createdAt: new Date().toISOString()}))
    writeFileSync(`${file}.lock.takeover`, JSON.stringify({pid: liveProcess(), createdAt: new Date().toISOString()}))
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 300})).rejects.toThrow('is locked')
    writeFileSync(`${file}.lock.takeover`, JSON.stringify({pid: await deadPid(), createdAt: new Date().toISOString()}))
    await updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 300})
    expect(readFileSync(file, 'utf8')).toBe('new')
    expect(existsSync(`${file}.lock.takeover`)).toBe(false)
  })

  it('a holder that lost its lock (held past 30 s and taken over) writes nothing', async () => {
    const file = configWithLock(undefined)
    await expect(
      updateFileAtomically(
        file,
        () => {
          writeFileSync(`${file}.lock`, JSON.stringify({pid: process.pid, createdAt: new Date().toISOString(), other: true}))
          return {text: 'mine', result: undefined}
        },
        {what: 'config'},
      ),
    ).rejects.toThrow(`Config file ${file} lost its lock ${file}.lock while it was being written`)
    expect(readFileSync(file, 'utf8')).toBe('original')
    expect(lstatSync(`${file}.lock`).isFile()).toBe(true)
  })
})
