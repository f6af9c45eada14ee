/**
 * Every command transcript in README.md and docs/ is what the built CLI prints today
 * (scripts/transcripts.js --check reruns each one), and the check does catch a stale one.
 */
import {spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {describe, expect, it} from 'vitest'

import {ROOT, tempDir} from '../helpers/cli.js'

const SCRIPT = join(ROOT, 'scripts', 'transcripts.js')
// Every transcript starts processes (the CLI, MCP servers): on a loaded machine the whole check
// takes minutes, so the bound is generous; a hang still ends the test.
const LIMIT_MS = 600_000
const transcripts = (args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], {cwd: ROOT, encoding: 'utf8', timeout: LIMIT_MS})

describe('documentation transcripts', () => {
  it('match what the CLI prints, in README.md and docs/', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    expect(readme).toContain('<!-- transcript -->')
    const result = transcripts(['--check'])
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  }, LIMIT_MS)

  it('fail the check when a transcript is stale, and regenerate it from the CLI', () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'docs'))
    const stale = '# Page\n\n<!-- transcript -->\n```console\n$ toolsearch config get tools.toolSearch.mode --config examples/openclaw.json5\nsomething old\n```\n'
    writeFileSync(join(dir, 'docs', 'page.md'), stale)
    const check = transcripts(['--check', '--dir', dir])
    expect(check.status).toBe(1)
    expect(check.stderr).toContain('docs/page.md: transcript out of date: $ toolsearch config get tools.toolSearch.mode')
    expect(transcripts(['--dir', dir]).status).toBe(0)
    const updated = readFileSync(join(dir, 'docs', 'page.md'), 'utf8')
    expect(updated).not.toContain('something old')
    expect(updated).toMatch(/\$ toolsearch config get tools\.toolSearch\.mode --config examples\/openclaw\.json5\n"?code"?\n```\n$/)
    expect(transcripts(['--check', '--dir', dir]).status).toBe(0)
  }, LIMIT_MS)
})
