/**
 * Another program saves the config in place (truncate, then write: editors that save in place,
 * `cp`, `>`) while `config set` runs. The writer must never take the truncated file for an empty
 * config, and never keep the 0-byte file as its backup.
 */
import {spawn} from 'node:child_process'
import {readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {runCli, tempDir} from '../helpers/cli.js'

const ORIGINAL = '{\n  // saved in place by another program\n  "env": {"vars": {"KEPT": "2"}}\n}\n'

/**
 * Rewrites `file` in place (open with O_TRUNC, write) in a loop until stdin closes. It reports
 * each batch of saves on stdout, so the test can wait until saving has really overlapped its
 * commands, however slow or loaded the machine is.
 */
function inPlaceSaver(file: string): {saves: () => number; started: Promise<void>; stop: () => Promise<number>} {
  const script = `
    const fs = require('node:fs')
    const [file, text] = process.argv.slice(1)
    let running = true
    process.stdin.on('end', () => (running = false)).resume()
    const loop = () => {
      let saves = 0
      for (; saves < 50 && running; saves++) fs.writeFileSync(file, text)
      process.stdout.write(saves + '\\n')
      if (running) setImmediate(loop)
      else fs.writeFileSync(file, text)
    }
    loop()`
  const child = spawn(process.execPath, ['-e', script, file, ORIGINAL], {stdio: ['pipe', 'pipe', 'inherit']})
  let saves = 0
  let pending = ''
  let onFirstBatch = (): void => {}
  const started = new Promise<void>((done) => (onFirstBatch = done))
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) saves += Number(line)
    if (saves > 0) onFirstBatch()
  })
  const closed = new Promise<void>((done) => child.on('close', () => done()))
  return {
    saves: () => saves,
    started,
    async stop() {
      child.stdin.end()
      await closed
      return saves
    },
  }
}

describe('an in-place save during `config set`', () => {
  it('never leaves the file as the new key alone, never keeps a 0-byte backup, and says so when it writes nothing', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json')
    writeFileSync(file, ORIGINAL)
    const saver = inPlaceSaver(file)
    await saver.started
    const outcomes: string[] = []
    const savesBefore = saver.saves()
    try {
      // At least ten commands, and on until the saver has saved a hundred times more while they
      // ran: the race is exercised on a fast machine and a loaded one alike.
      for (let run = 0; run < 10 || (saver.saves() - savesBefore < 100 && run < 500); run++) {
        const result = await runCli(['config', 'set', 'env.vars.ADDED', '"1"'], {env: {OPENCLAW_CONFIG_PATH: file}})
        if (result.code === 0) outcomes.push('written')
        else if (result.code === 2) {
          // A saver descheduled between its truncate and its write leaves the file empty for as
          // long as that lasts: read then, it is an empty file, which is a parse error as in
          // OpenClaw. It is refused, never taken for an empty config, and nothing is written.
          expect(result.stderr).toBe(`Error: ${file}:1:1: Unexpected end of input; expected a value (the file is empty: write {} for an empty config)\n`)
          outcomes.push('empty')
        } else {
          expect(result.stderr).toMatch(new RegExp(`^Error: Config file ${file} (changed while it was being (read|written)|was emptied while it was being read).*; nothing was written\\. Run the command again\\.\\n$`))
          expect(result.code).toBe(1)
          outcomes.push('conflict')
        }
        const text = readFileSync(file, 'utf8')
        expect(text === '' || text.includes('"KEPT"')).toBe(true)
      }
    } finally {
      await saver.stop()
    }
    expect(saver.saves() - savesBefore).toBeGreaterThanOrEqual(100)
    expect(readFileSync(file, 'utf8')).toBe(ORIGINAL)
    const backups = readdirSync(dir).filter((name) => name.includes('.bak'))
    for (const backup of backups) expect(statSync(join(dir, backup)).size).toBeGreaterThan(0)
    expect(outcomes.length).toBeGreaterThanOrEqual(10)
  }, 60_000)
})
