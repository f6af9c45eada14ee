import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {runCli, tempDir} from '../helpers/cli.js'

describe('a 20 MB string in the config', () => {
  it('doctor --fix rewrites the setting in a heap of 400 MB (a string parsed a character at a time needed gigabytes)', async () => {
    const file = join(tempDir(), 'openclaw.json5')
    const big = 'x'.repeat(20 * 1024 * 1024)
    writeFileSync(file, `{\n  // notes\n  env: {vars: {NOTE: "${big}"}},\n  tools: {toolSearch: {mode: "code"}},\n}\n`)
    const result = await runCli(['doctor', '--fix'], {env: {OPENCLAW_CONFIG_PATH: file, NODE_OPTIONS: '--max-old-space-size=400'}, timeoutMs: 120_000})
    expect(result).toMatchObject({code: 0, signal: null})
    expect(readFileSync(file, 'utf8')).toBe(`{\n  // notes\n  env: {vars: {NOTE: "${big}"}},\n  tools: {toolSearch: {mode: "tools"}},\n}\n`)
  }, 130_000)
})
