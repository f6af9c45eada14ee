import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {NASTY_CONFIG} from '../fixtures/config/nasty.js'
import {runCli, tempDir} from '../helpers/cli.js'

function setup(): {cwd: string; file: string} {
  const cwd = tempDir()
  const file = join(cwd, 'openclaw.json5')
  writeFileSync(file, NASTY_CONFIG)
  return {cwd, file}
}

/** Asserts that `after` equals `before` with exactly `from` replaced by `to` (once). */
function expectOnlyReplaced(before: string, after: string, from: string, to: string): void {
  const at = before.indexOf(from)
  expect(at).toBeGreaterThanOrEqual(0)
  expect(before.indexOf(from, at + 1)).toBe(-1)
  expect(after.slice(0, at)).toBe(before.slice(0, at))
  expect(after.slice(at, at + to.length)).toBe(to)
  expect(after.slice(at + to.length)).toBe(before.slice(at + from.length))
}

describe('lossless edits of a nasty JSON5 file through the CLI', () => {
  it('config set changes only the value', async () => {
    const {cwd, file} = setup()
    const result = await runCli(['config', 'set', 'tools.toolSearch.searchDefaultLimit', '6', '--config', file], {cwd})
    expect(result.code).toBe(0)
    expectOnlyReplaced(NASTY_CONFIG, readFileSync(file, 'utf8'), 'searchDefaultLimit: 4 /*', 'searchDefaultLimit: 6 /*')
  })

  it('config set inserts a key in the style of its object (tabs, CRLF, trailing comma)', async () => {
    const {cwd, file} = setup()
    expect((await runCli(['config', 'set', 'tools.allow', '["read*"]', '--config', file], {cwd})).code).toBe(0)
    // Strings: the file writes more single-quoted than double-quoted ones, so the new one is too.
    expectOnlyReplaced(NASTY_CONFIG, readFileSync(file, 'utf8'), '\t\tdeny: ["exec",], // no shell\r\n', "\t\tdeny: [\"exec\",], // no shell\r\n\t\tallow: ['read*'],\r\n")
  })

  it('config set never replaces a ${VAR} reference with its value', async () => {
    const {cwd, file} = setup()
    const result = await runCli(['config', 'set', 'models.providers.openai.baseUrl', '"https://other.example/v1"', '--config', file], {cwd, env: {OPENAI_API_KEY: 'sk-secret'}})
    expect(result.code).toBe(0)
    const after = readFileSync(file, 'utf8')
    expect(after).not.toContain('sk-secret')
    expectOnlyReplaced(NASTY_CONFIG, after, "'https://api.example/v1'", "'https://other.example/v1'")
  })

  it('config unset removes only the member line', async () => {
    const {cwd, file} = setup()
    expect((await runCli(['config', 'unset', 'tools.deny', '--config', file], {cwd})).code).toBe(0)
    expectOnlyReplaced(NASTY_CONFIG, readFileSync(file, 'utf8'), '\t\tdeny: ["exec",], // no shell\r\n', '')
  })

  it('doctor --fix migrates and keeps every other byte; a second --fix is byte-identical', async () => {
    const {cwd, file} = setup()
    const result = await runCli(['doctor', '--fix', '--config', file], {cwd})
    // The file's own unknown keys ("1", limits, greeting) remain errors: --fix never deletes keys.
    expect(result.code).toBe(1)
    for (const key of ['"1"', 'limits', 'greeting']) expect(result.stdout).toContain(`unknown key ${key.startsWith('"') ? key : `"${key}"`}`)
    const after = readFileSync(file, 'utf8')
    expect(after).toBe(NASTY_CONFIG.replace("mode: 'code'", "mode: 'tools'").replace('\t\t\t"codeTimeoutMs": 2500,\r\n', ''))
    expect(after.startsWith('\uFEFF')).toBe(true)
    const again = await runCli(['doctor', '--fix', '--config', file], {cwd})
    expect(again.code).toBe(1)
    expect(readFileSync(file, 'utf8')).toBe(after)
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(NASTY_CONFIG)
  })

  it('reads the nasty file correctly', async () => {
    const {cwd, file} = setup()
    const result = await runCli(['config', 'get', 'greeting', '--json', '--config', file], {cwd})
    expect(JSON.parse(result.stdout)).toBe('héllo\u2028wörld')
    expect((await runCli(['config', 'get', '["1"]', '--config', file], {cwd})).stdout).toBe('31\n')
  })
})
