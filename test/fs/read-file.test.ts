import {spawnSync} from 'node:child_process'
import {linkSync, mkdirSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {MAX_READ_BYTES, readRegularFile, readRegularFileText, sizeWhenFirstRead} from '../../src/fs/read-file.js'
import {runCli, tempDir} from '../helpers/cli.js'

function fifo(dir: string, name = 'openclaw.json'): string {
  const path = join(dir, name)
  expect(spawnSync('mkfifo', [path]).status).toBe(0)
  return path
}

describe('readRegularFile', () => {
  it('reads a regular file, gives undefined for a missing one and an empty file for /dev/null', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'a.json'), '{"a": 1}')
    expect(readRegularFileText(join(dir, 'a.json'))).toBe('{"a": 1}')
    expect(readRegularFile(join(dir, 'missing.json'))).toBeUndefined()
    expect(() => readRegularFileText(join(dir, 'missing.json'))).toThrow(expect.objectContaining({code: 'ENOENT'}))
    expect(readRegularFile('/dev/null')?.bytes.length).toBe(0)
  })

  it('refuses a FIFO, a character device and a symlink to one at once, without reading a byte', () => {
    const dir = tempDir()
    // Opening a FIFO without a writer blocks forever, reading /dev/zero never ends: a reader that
    // tried would hang here, not merely be slow.
    expect(() => readRegularFile(fifo(dir))).toThrow('it is not a regular file (a FIFO)')
    expect(() => readRegularFile('/dev/zero')).toThrow('it is not a regular file (a character device)')
    symlinkSync('/dev/zero', join(dir, 'zero.json5'))
    expect(() => readRegularFile(join(dir, 'zero.json5'))).toThrow('it is not a regular file (a character device)')
    mkdirSync(join(dir, 'dir.json'))
    expect(() => readRegularFile(join(dir, 'dir.json'))).toThrow(expect.objectContaining({code: 'EISDIR'}))
  })

  it(`caps what it reads at ${MAX_READ_BYTES / 1024 / 1024} MiB`, () => {
    const big = join(tempDir(), 'big.json')
    writeFileSync(big, '')
    truncateSync(big, MAX_READ_BYTES + 1)
    expect(() => readRegularFile(big)).toThrow('it is larger than 128 MiB')
    expect(readRegularFile(big, MAX_READ_BYTES + 1)?.bytes.length).toBe(MAX_READ_BYTES + 1)
  })

  it('remembers the size a file had when first read by its path and inode, not by the inode alone', () => {
    // A deleted file's inode number goes to the next new file: a size remembered by inode alone
    // made a new empty config look "emptied while it was being read". A second name for the same
    // inode stands in for the reused number here.
    const dir = tempDir()
    const first = join(dir, 'first.json')
    writeFileSync(first, '{"a": 1}')
    const read = readRegularFile(first)!
    expect(sizeWhenFirstRead(first, read.stats)).toBe(8)
    const other = join(dir, 'other.json')
    linkSync(first, other)
    truncateSync(other, 0)
    const again = readRegularFile(other)!
    expect(sizeWhenFirstRead(other, again.stats)).toBe(0)
    expect(sizeWhenFirstRead(first, again.stats)).toBe(8)
  })
})

describe('readers never hang on a special file', () => {
  it('a FIFO config (named, or named by $include), a symlink to /dev/stdin and /dev/zero: a clear error, promptly', async () => {
    const dir = tempDir()
    const pipe = fifo(dir)
    const named = await runCli(['config', 'get', '--config', pipe], {timeoutMs: 10_000})
    expect(named).toMatchObject({code: 2, stdout: '', signal: null})
    expect(named.stderr).toContain(`Cannot read config ${pipe}: it is not a regular file (a FIFO)`)

    const includer = join(dir, 'includer.json5')
    writeFileSync(includer, `{tools: {$include: "./openclaw.json"}}`)
    const included = await runCli(['config', 'validate', '--config', includer], {timeoutMs: 10_000})
    expect(included.signal).toBeNull()
    expect(included.stderr).toContain('it is not a regular file (a FIFO)')

    const stdin = join(dir, 'stdin.json5')
    symlinkSync('/dev/stdin', stdin)
    const doctor = await runCli(['doctor', '--config', stdin], {timeoutMs: 10_000})
    expect(doctor).toMatchObject({code: 2, signal: null})
    expect(doctor.stderr).toContain(`Cannot read config ${stdin}: it is not a regular file (a `)

    const zero = await runCli(['config', 'get', '--config', '/dev/zero'], {timeoutMs: 10_000})
    expect(zero).toMatchObject({code: 2, signal: null})
    expect(zero.stderr).toContain('Cannot read config /dev/zero: it is not a regular file (a character device)')
  }, 60_000)
})
