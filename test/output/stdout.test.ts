/**
 * Standard output written to its descriptor (src/output/stdout.ts), checked in processes of their
 * own: a pipe that would block, a reader that goes away, and the library's default of writing
 * through process.stdout.
 */
import {spawn, spawnSync} from 'node:child_process'
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

import {describe, expect, it} from 'vitest'

import {ROOT, tempDir} from '../helpers/cli.js'

const STDOUT_MODULE = pathToFileURL(join(ROOT, 'dist', 'src', 'output', 'stdout.js')).href

/** A script that writes `lines` numbered lines in writes of `perWrite` lines, after `setup`. */
function writerScript(lines: number, perWrite: number, setup = ''): string {
  const dir = tempDir()
  const file = join(dir, 'writer.mjs')
  writeFileSync(
    file,
    `import {flushStdout, ownStandardOutput, writeStdout} from ${JSON.stringify(STDOUT_MODULE)}
${setup}
ownStandardOutput()
for (let i = 0; i < ${lines}; i += ${perWrite}) {
  let text = ''
  for (let j = i; j < Math.min(i + ${perWrite}, ${lines}); j++) text += 'line ' + j + ' ' + 'x'.repeat(60) + '\\n'
  writeStdout(text)
}
await flushStdout()
process.stderr.write('done\\n')
`,
  )
  return file
}

const expected = (lines: number) => Array.from({length: lines}, (_, i) => `line ${i} ${'x'.repeat(60)}\n`).join('')

describe('standard output written to its descriptor', () => {
  it('writes everything in order to a pipe', () => {
    const result = spawnSync(process.execPath, [writerScript(20_000, 997)], {encoding: 'utf8', maxBuffer: 1 << 26})
    expect(result.status).toBe(0)
    expect(result.stdout).toBe(expected(20_000))
  })

  it('hands the rest to process.stdout, in order, when a non-blocking pipe is full', async () => {
    // A socket on descriptor 1 makes the pipe non-blocking, as a parent that shares it may: a
    // plain write then fails with EAGAIN once the pipe is full, while the reader waits.
    const script = writerScript(40_000, 5_000, "import {Socket} from 'node:net'\nnew Socket({fd: 1, readable: false})")
    const child = spawn(process.execPath, [script], {stdio: ['ignore', 'pipe', 'pipe']})
    const chunks: Buffer[] = []
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    // Read nothing for a while, so that the pipe fills.
    child.stdout.pause()
    await new Promise((resolve) => setTimeout(resolve, 300))
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stdout.resume()
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect(stderr).toBe('done\n')
    expect(code).toBe(0)
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected(40_000))
  })

  it('ends quietly when the reader goes away (EPIPE), as with `| head`', async () => {
    const child = spawn(process.execPath, [writerScript(200_000, 1_000)], {stdio: ['ignore', 'pipe', 'pipe']})
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const first = await new Promise<Buffer>((resolve) => child.stdout.once('data', resolve))
    child.stdout.destroy()
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect(first.toString('utf8').startsWith('line 0 ')).toBe(true)
    expect(stderr).toBe('done\n')
    expect(code).toBe(0)
  })

  it('keeps writing through process.stdout on Windows, whose console takes UTF-16 through the stream', () => {
    const script = `import {ownStandardOutput, writeStdout} from ${JSON.stringify(STDOUT_MODULE)}
const written = []
process.stdout.write = (chunk) => written.push(String(chunk)) > 0
ownStandardOutput('win32')
writeStdout('through the stream')
ownStandardOutput('linux')
writeStdout('to the descriptor\\n')
process.stderr.write(JSON.stringify(written))`
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'})
    expect(result.status).toBe(0)
    expect(JSON.parse(result.stderr)).toEqual(['through the stream'])
    expect(result.stdout).toBe('to the descriptor\n')
  })

  it('writes through process.stdout unless the process is the CLI', async () => {
    const {writeStdout} = (await import(STDOUT_MODULE)) as typeof import('../../src/output/stdout.js')
    const written: string[] = []
    const original = process.stdout.write
    process.stdout.write = ((chunk: string) => written.push(chunk) > 0) as typeof process.stdout.write
    try {
      writeStdout('captured\n')
    } finally {
      process.stdout.write = original
    }
    expect(written).toEqual(['captured\n'])
  })
})
