/**
 * Every command transcript in README.md and docs/ is what the built CLI prints today
 * (scripts/transcripts.js --check reruns each one).
 */
import {spawnSync} from 'node:child_process'
import {join} from 'node:path'

import {describe, expect, it} from 'vitest'

import {ROOT} from '../helpers/cli.js'

describe('documentation transcripts', () => {
  it('match what the CLI prints', () => {
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'transcripts.js'), '--check'], {cwd: ROOT, encoding: 'utf8', timeout: 120_000})
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })
})
