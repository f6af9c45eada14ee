import {describe, expect, it} from 'vitest'

import {hoistRootFlags} from '../../src/cli/argv.js'

describe('hoistRootFlags: --profile and --dev before the subcommand, as OpenClaw takes them', () => {
  it('moves them after the command words', () => {
    expect(hoistRootFlags(['--profile', 'work', 'config', 'get', 'tools'])).toEqual(['config', 'get', 'tools', '--profile', 'work'])
    expect(hoistRootFlags(['--profile=work', '--dev', 'doctor', '--fix'])).toEqual(['doctor', '--fix', '--profile=work', '--dev'])
  })

  it('keeps them before a "--" that ends the flags', () => {
    expect(hoistRootFlags(['--dev', 'config', 'set', 'a', '--', '-1'])).toEqual(['config', 'set', 'a', '--dev', '--', '-1'])
  })

  it('leaves everything else alone', () => {
    for (const argv of [['config', 'get', '--profile', 'x'], ['--json', 'config', 'file'], ['--profile', 'x'], [], ['--help']]) {
      expect(hoistRootFlags(argv)).toEqual(argv)
    }
  })
})
