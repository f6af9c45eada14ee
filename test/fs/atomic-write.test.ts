import {spawn, spawnSync} from 'node:child_process'
import {chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, statSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs'
import * as fsp from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {describe, expect, it} from 'vitest'

import {STALE_LOCK_MS, type WriterFs, updateFileAtomically} from '../../src/fs/atomic-write.js'
import {ROOT, tempDir} from '../helpers/cli.js'
import {deadPid, liveProcess} from '../helpers/lock-holders.js'

const mode = (path: string) => statSync(path).mode & 0o777
const replaceWith = (text: string) => () => ({text, result: undefined})

describe('updateFileAtomically', () => {
  it('creates a new file with mode 0600 in a directory created 0700', async () => {
    const dir = join(tempDir(), 'state', '.openclaw')
    const file = join(dir, 'openclaw.json')
    const outcome = await updateFileAtomically(file, replaceWith('{}\n'), {what: 'config'})
    expect(outcome).toMatchObject({status: 'written', created: true, backup: undefined})
    expect(readFileSync(file, 'utf8')).toBe('{}\n')
    expect(mode(file)).toBe(0o600)
    expect(mode(dir)).toBe(0o700)
    expect(readdirSync(dir)).toEqual(['openclaw.json'])
  })

  it('keeps the mode of the original and leaves no temp or lock file', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json5')
    writeFileSync(file, 'old')
    chmodSync(file, 0o640)
    await updateFileAtomically(file, replaceWith('new'), {what: 'config'})
    expect(readFileSync(file, 'utf8')).toBe('new')
    expect(mode(file)).toBe(0o640)
    expect(readdirSync(dir).sort()).toEqual(['openclaw.json5', 'openclaw.json5.bak'])
  })

  it('leaves the file and its mtime alone when nothing changes', async () => {
    const file = join(tempDir(), 'openclaw.json5')
    writeFileSync(file, 'same')
    utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1))
    const before = statSync(file).mtimeMs
    const outcome = await updateFileAtomically(file, replaceWith('same'), {what: 'config'})
    expect(outcome.status).toBe('unchanged')
    expect(statSync(file).mtimeMs).toBe(before)
    expect(existsSync(`${file}.bak`)).toBe(false)
  })

  it('rotates the backup ring up to .bak.4, mode 0600, and never deletes other files', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json5')
    writeFileSync(file, 'v0')
    writeFileSync(join(dir, 'openclaw.json5.bak.old'), 'keep me')
    for (let version = 1; version <= 7; version++) await updateFileAtomically(file, replaceWith(`v${version}`), {what: 'config'})
    expect(readFileSync(file, 'utf8')).toBe('v7')
    const ring = ['.bak', '.bak.1', '.bak.2', '.bak.3', '.bak.4'].map((suffix) => `${file}${suffix}`)
    expect(ring.map((path) => readFileSync(path, 'utf8'))).toEqual(['v6', 'v5', 'v4', 'v3', 'v2'])
    for (const path of ring) expect(mode(path)).toBe(0o600)
    expect(existsSync(`${file}.bak.5`)).toBe(false)
    expect(readFileSync(join(dir, 'openclaw.json5.bak.old'), 'utf8')).toBe('keep me')
  })

  it('writes through a symlink to its real target', async () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'real'))
    const target = join(dir, 'real', 'openclaw.json5')
    writeFileSync(target, 'old')
    const link = join(dir, 'openclaw.json5')
    symlinkSync('real/openclaw.json5', link)
    const outcome = await updateFileAtomically(link, replaceWith('new'), {what: 'config'})
    expect(outcome.file).toBe(target)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readlinkSync(link)).toBe('real/openclaw.json5')
    expect(readFileSync(target, 'utf8')).toBe('new')
    expect(readFileSync(`${target}.bak`, 'utf8')).toBe('old')
  })

  it('leaves the original intact and no temp file when the rename fails', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json5')
    writeFileSync(file, 'original')
    const failingFs: WriterFs = {
      ...fsp,
      rename: async (from, to) => {
        if (String(to) === file) throw Object.assign(new Error('EXDEV: injected rename failure'), {code: 'EXDEV'})
        return fsp.rename(from, to)
      },
    }
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'config', fs: failingFs})).rejects.toThrow(`Cannot write config ${file}: EXDEV: injected rename failure; the file was left as it was.`)
    expect(readFileSync(file, 'utf8')).toBe('original')
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp') || name.endsWith('.lock'))).toEqual([])
  })

  it('leaves the original intact when writing the temp file fails', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json5')
    writeFileSync(file, 'original')
    const failingFs: WriterFs = {
      ...fsp,
      open: async (path, flags, openMode) => {
        const handle = await fsp.open(path, flags, openMode)
        if (String(path).endsWith('.tmp')) {
          return Object.assign(Object.create(Object.getPrototypeOf(handle)), handle, {
            writeFile: async () => {
              throw Object.assign(new Error('ENOSPC: injected disk full'), {code: 'ENOSPC'})
            },
            close: () => handle.close(),
          })
        }
        return handle
      },
    }
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'config', fs: failingFs})).rejects.toThrow('ENOSPC: injected disk full')
    expect(readFileSync(file, 'utf8')).toBe('original')
    expect(readdirSync(dir)).toEqual(['openclaw.json5'])
  })

  it('a read-only directory: a clear message naming what and where, nothing written, nothing left behind', async () => {
    const dir = tempDir()
    const file = join(dir, 'catalog.json')
    writeFileSync(file, 'original')
    const denied = (path: unknown) => Object.assign(new Error(`EACCES: permission denied, open '${String(path)}'`), {code: 'EACCES'})
    // The lock file is the first thing a writer creates in the directory.
    const noLock: WriterFs = {...fsp, open: async (path, flags, openMode) => (String(path).endsWith('.lock') ? Promise.reject(denied(path)) : fsp.open(path, flags, openMode))}
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'catalog', fs: noLock})).rejects.toThrow(`Cannot write catalog ${file}: cannot create the lock file ${file}.lock (permission denied); nothing was written.`)
    // Had the lock been possible, the temp file would be refused the same way.
    const noTemp: WriterFs = {...fsp, open: async (path, flags, openMode) => (String(path).endsWith('.tmp') ? Promise.reject(denied(path)) : fsp.open(path, flags, openMode))}
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'catalog', fs: noTemp})).rejects.toThrow(`Cannot write catalog ${file}: permission denied; the file was left as it was.`)
    expect(readFileSync(file, 'utf8')).toBe('original')
    expect(readdirSync(dir)).toEqual(['catalog.json'])
  })

  it('a read-only file is refused, never replaced: nothing written, mode and content kept, nothing left behind', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json5')
    writeFileSync(file, 'original')
    chmodSync(file, 0o444)
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'config'})).rejects.toThrow(
      `Cannot write config ${file}: the file is read-only (mode 0444); nothing was written. Make it writable (chmod u+w) to change it.`,
    )
    expect(readFileSync(file, 'utf8')).toBe('original')
    expect(mode(file)).toBe(0o444)
    expect(readdirSync(dir)).toEqual(['openclaw.json5'])
    // Leaving it as it is needs no write permission.
    await expect(updateFileAtomically(file, replaceWith('original'), {what: 'config'})).resolves.toMatchObject({status: 'unchanged'})
  })

  it('a file this user may not write is refused the same way (access check, not only the mode bits)', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json5')
    writeFileSync(file, 'original')
    const notMine: WriterFs = {...fsp, access: async () => Promise.reject(Object.assign(new Error('EACCES: permission denied'), {code: 'EACCES'}))}
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'config', fs: notMine})).rejects.toThrow(`Cannot write config ${file}: permission denied; nothing was written.`)
    expect(readFileSync(file, 'utf8')).toBe('original')
    expect(readdirSync(dir)).toEqual(['openclaw.json5'])
  })

  it('never replaces something that is not a regular file (a FIFO, a device such as /dev/null), and never blocks reading it', async () => {
    const dir = tempDir()
    const fifo = join(dir, 'openclaw.json')
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0)
    await expect(updateFileAtomically(fifo, replaceWith('{}'), {what: 'config'})).rejects.toThrow(`Cannot write config ${fifo}: it is not a regular file (a FIFO); nothing was written.`)
    expect(lstatSync(fifo).isFIFO()).toBe(true)
    expect(readdirSync(dir)).toEqual(['openclaw.json'])
    if (process.getuid?.() === 0) {
      // Root could otherwise rename a temp file over a device node, /dev/null included.
      const device = join(dir, 'null')
      expect(spawnSync('mknod', [device, 'c', '1', '3']).status).toBe(0)
      await expect(updateFileAtomically(device, replaceWith('{}'), {what: 'config'})).rejects.toThrow(`Cannot write config ${device}: it is not a regular file (a character device); nothing was written.`)
      expect(lstatSync(device).isCharacterDevice()).toBe(true)
    }
  })

  it('a lock path that cannot be read (a directory) is named, not reported as a raw system error', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json5')
    writeFileSync(file, 'original')
    mkdirSync(`${file}.lock`)
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 0})).rejects.toThrow(
      `Cannot write config ${file}: cannot read the lock file ${file}.lock (it is a directory, not a file); nothing was written.`,
    )
    expect(readFileSync(file, 'utf8')).toBe('original')
  })

  it('a path below a file, or a directory that cannot be created, is named', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'state'), 'a file, not a directory')
    const file = join(dir, 'state', 'openclaw.json')
    await expect(updateFileAtomically(file, replaceWith('{}'), {what: 'config'})).rejects.toThrow(`Cannot read config ${file}: a parent of it is not a directory`)
    const denied: WriterFs = {...fsp, mkdir: async () => Promise.reject(Object.assign(new Error('EACCES: permission denied'), {code: 'EACCES'}))}
    const fresh = join(dir, 'new', 'openclaw.json')
    await expect(updateFileAtomically(fresh, replaceWith('{}'), {what: 'config', fs: denied})).rejects.toThrow(`Cannot write config ${fresh}: cannot create its directory ${join(dir, 'new')} (permission denied)`)
    expect(readdirSync(dir)).toEqual(['state'])
  })

  it('never writes through a symlink that sits where a backup goes', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json5')
    writeFileSync(file, 'v0')
    writeFileSync(join(dir, 'precious.txt'), 'keep me')
    symlinkSync(join(dir, 'precious.txt'), `${file}.bak`)
    await updateFileAtomically(file, replaceWith('v1'), {what: 'config'})
    expect(readFileSync(join(dir, 'precious.txt'), 'utf8')).toBe('keep me')
    expect(lstatSync(`${file}.bak`).isSymbolicLink()).toBe(false)
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe('v0')
    expect(lstatSync(`${file}.bak.1`).isSymbolicLink()).toBe(true)
  })

  it('holds <file>.lock (OpenClaw’s payload: pid, createdAt, startTime) while it computes, and writes its temp file beside the target', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json5')
    writeFileSync(file, 'old')
    const opened: string[] = []
    const spyFs: WriterFs = {...fsp, open: async (path, flags, openMode) => (opened.push(String(path)), fsp.open(path, flags, openMode))}
    let lock: {pid: number; createdAt: string; startTime?: number} | undefined
    const startedBefore = Date.now()
    await updateFileAtomically(
      file,
      () => {
        lock = JSON.parse(readFileSync(`${file}.lock`, 'utf8')) as {pid: number; createdAt: string; startTime?: number}
        return {text: 'new', result: undefined}
      },
      {what: 'config', fs: spyFs},
    )
    const ownStat = readFileSync('/proc/self/stat', 'utf8')
    const startTime = Number(ownStat.slice(ownStat.lastIndexOf(')') + 2).split(' ')[19])
    expect(lock).toEqual({pid: process.pid, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), startTime})
    expect(Date.parse(lock!.createdAt)).toBeGreaterThanOrEqual(startedBefore - 1)
    const temp = opened.find((path) => path.endsWith('.tmp'))
    expect(temp === undefined ? undefined : dirname(temp)).toBe(dir)
    expect(existsSync(`${file}.lock`)).toBe(false)
  })

  it('refuses to write when a live process holds the lock', async () => {
    const file = join(tempDir(), 'openclaw.json5')
    writeFileSync(file, 'original')
    const pid = liveProcess()
    writeFileSync(`${file}.lock`, JSON.stringify({pid, time: Date.now()}))
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 200})).rejects.toThrow(new RegExp(`^Config file ${file} is locked by process ${pid}, since .*; nothing was written`))
    expect(readFileSync(file, 'utf8')).toBe('original')
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).pid).toBe(pid)
  })

  it('takes over a lock whose process is gone', async () => {
    const file = join(tempDir(), 'openclaw.json5')
    writeFileSync(file, 'original')
    writeFileSync(`${file}.lock`, JSON.stringify({pid: await deadPid(), time: Date.now()}))
    await updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 200})
    expect(readFileSync(file, 'utf8')).toBe('new')
    expect(existsSync(`${file}.lock`)).toBe(false)
  })

  it('takes over a lock older than 30 s even if its process lives', async () => {
    const file = join(tempDir(), 'openclaw.json5')
    writeFileSync(file, 'original')
    writeFileSync(`${file}.lock`, JSON.stringify({pid: liveProcess(), time: Date.now() - STALE_LOCK_MS - 1000}))
    await updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 200})
    expect(readFileSync(file, 'utf8')).toBe('new')
  })

  it('treats 30 s as the stale age: a live holder’s lock 25 s old is respected, 31 s old is taken over', async () => {
    expect(STALE_LOCK_MS).toBe(30_000)
    const file = join(tempDir(), 'openclaw.json5')
    writeFileSync(file, 'original')
    const pid = liveProcess()
    writeFileSync(`${file}.lock`, JSON.stringify({pid, time: Date.now() - 25_000}))
    await expect(updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 200})).rejects.toThrow(`Config file ${file} is locked by process ${pid}`)
    expect(readFileSync(file, 'utf8')).toBe('original')
    writeFileSync(`${file}.lock`, JSON.stringify({pid, time: Date.now() - 31_000}))
    await updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 200})
    expect(readFileSync(file, 'utf8')).toBe('new')
  })

  it('waits for a lock by default (a bounded retry), without being told how long', async () => {
    const file = join(tempDir(), 'openclaw.json5')
    writeFileSync(file, 'original')
    writeFileSync(`${file}.lock`, JSON.stringify({pid: process.pid, time: Date.now()}))
    setTimeout(() => fsp.unlink(`${file}.lock`), 300)
    await updateFileAtomically(file, replaceWith('new'), {what: 'config'})
    expect(readFileSync(file, 'utf8')).toBe('new')
  })

  it('waits for a lock that is released in time', async () => {
    const file = join(tempDir(), 'openclaw.json5')
    writeFileSync(file, 'original')
    writeFileSync(`${file}.lock`, JSON.stringify({pid: process.pid, time: Date.now()}))
    setTimeout(() => fsp.unlink(`${file}.lock`), 150)
    await updateFileAtomically(file, replaceWith('new'), {what: 'config', lockWaitMs: 3000})
    expect(readFileSync(file, 'utf8')).toBe('new')
  })

  it('detects a writer that ignores the lock and writes nothing', async () => {
    const file = join(tempDir(), 'openclaw.json5')
    writeFileSync(file, 'original')
    const compute = () => {
      writeFileSync(file, 'edited by someone else')
      return {text: 'mine', result: undefined}
    }
    await expect(updateFileAtomically(file, compute, {what: 'config'})).rejects.toThrow('changed while it was being written')
    expect(readFileSync(file, 'utf8')).toBe('edited by someone else')
  })
})

describe('what killed writes leave behind, owners and the backup ring', () => {
  it('removes temp files and moved-aside locks of writers that are gone (or older than 10 minutes), and nothing else', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json')
    writeFileSync(file, 'old')
    const dead = await deadPid()
    const live = liveProcess()
    const leftovers = [`.openclaw.json.toolsearch-${dead}-0a1b2c3d.tmp`, `.openclaw.json.${dead}.0a1b2c3d.tmp`, `openclaw.json.lock.stale-${dead}-0a1b2c3d`, `.openclaw.json.toolsearch-${live}-99999999.tmp`]
    const kept = [`.openclaw.json.toolsearch-${live}-0a1b2c3d.tmp`, '.other.json.toolsearch-1-0a1b2c3d.tmp', 'openclaw.json.tmp']
    for (const name of [...leftovers, ...kept]) writeFileSync(join(dir, name), 'partial')
    utimesSync(join(dir, leftovers[3]!), new Date(Date.now() - 11 * 60_000), new Date(Date.now() - 11 * 60_000))
    await updateFileAtomically(file, replaceWith('new'), {what: 'config'})
    expect(readdirSync(dir).sort()).toEqual(['openclaw.json', 'openclaw.json.bak', ...kept].sort())
  })

  it('a temp file is named so a later write recognises it: .<name>.toolsearch-<pid>-<hex>.tmp', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json')
    writeFileSync(file, 'old')
    let temp: string | undefined
    const spyFs: WriterFs = {...fsp, open: async (path, flags, openMode) => ((temp = String(path).endsWith('.tmp') ? String(path) : temp), fsp.open(path, flags, openMode))}
    await updateFileAtomically(file, replaceWith('new'), {what: 'config', fs: spyFs})
    expect(temp).toMatch(new RegExp(`^${dir}/\\.openclaw\\.json\\.toolsearch-${process.pid}-[0-9a-f]{8}\\.tmp$`))
  })

  it('keeps the owner and group of the file and gives them to its backup (writing as root)', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json')
    writeFileSync(file, 'old')
    chmodSync(file, 0o640)
    const root = process.getuid?.() === 0
    const owner = root ? {uid: 4242, gid: 4343} : {uid: statSync(file).uid, gid: statSync(file).gid}
    if (root) chownSync(file, owner.uid, owner.gid)
    await updateFileAtomically(file, replaceWith('new'), {what: 'config'})
    expect(statSync(file)).toMatchObject(owner)
    expect(statSync(`${file}.bak`)).toMatchObject(owner)
    expect(mode(file)).toBe(0o640)
    expect(mode(`${file}.bak`)).toBe(0o600)
  })

  it('a directory in the backup ring stays where it is and is not reported as the config; one at .bak refuses the write', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json')
    writeFileSync(file, 'v0')
    for (let version = 1; version <= 4; version++) await updateFileAtomically(file, replaceWith(`v${version}`), {what: 'config'})
    mkdirSync(`${file}.bak.4`)
    await updateFileAtomically(file, replaceWith('v5'), {what: 'config'})
    expect(readFileSync(file, 'utf8')).toBe('v5')
    expect(statSync(`${file}.bak.4`).isDirectory()).toBe(true)
    expect(['.bak', '.bak.1', '.bak.2'].map((suffix) => readFileSync(`${file}${suffix}`, 'utf8'))).toEqual(['v4', 'v3', 'v2'])
    mkdirSync(join(dir, 'elsewhere'))
    const asideDir = join(dir, 'elsewhere', 'bak')
    mkdirSync(asideDir)
    await fsp.rename(`${file}.bak`, join(dir, 'elsewhere', 'old-bak'))
    await fsp.rename(asideDir, `${file}.bak`)
    await expect(updateFileAtomically(file, replaceWith('v6'), {what: 'config'})).rejects.toThrow(`Cannot write config ${file}: its backup ${file}.bak is a directory; nothing was written. Move it away and retry.`)
    expect(readFileSync(file, 'utf8')).toBe('v5')
  })

  it('SIGHUP during a write: says what happened, exits 129, leaves no temp file', async () => {
    const file = join(tempDir(), 'openclaw.json')
    writeFileSync(file, '{}')
    const script = join(ROOT, 'test', 'fixtures', 'lock', 'library-writer.mjs')
    const child = spawn(process.execPath, [script, pathToFileURL(join(ROOT, 'dist', 'src', 'fs', 'atomic-write.js')).href, file, 'k', '3000'], {stdio: ['pipe', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    while (!stdout.includes('ready')) await new Promise((done) => setTimeout(done, 20))
    child.stdin.end('go\n')
    while (!existsSync(`${file}.lock`)) await new Promise((done) => setTimeout(done, 20))
    child.kill('SIGHUP')
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) => child.on('close', (exitCode, exitSignal) => done([exitCode, exitSignal])))
    expect({code, signal}).toEqual({code: 129, signal: null})
    expect(stderr).toBe(`toolsearch: stopped by SIGHUP while writing ${file}; nothing was written.\n`)
    expect(readFileSync(file, 'utf8')).toBe('{}')
    expect(readdirSync(dirname(file)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  }, 20_000)
})
