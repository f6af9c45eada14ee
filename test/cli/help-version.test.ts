/** oclif conventions: -h, help [command], version and -v answer as in other oclif CLIs. */
import {describe, expect, it} from 'vitest'

import {runCli} from '../helpers/cli.js'

describe('help and version', () => {
  it('-h, --help and help [command] print the same help', async () => {
    const [short, long, command] = await Promise.all([runCli(['catalog', 'list', '-h'], {spawn: true}), runCli(['catalog', 'list', '--help'], {spawn: true}), runCli(['help', 'catalog', 'list'], {spawn: true})])
    expect(long.code).toBe(0)
    expect(long.stdout).toContain('USAGE\n  $ toolsearch catalog list')
    expect(short.stdout).toBe(long.stdout)
    expect(command.stdout).toBe(long.stdout)
    const top = await runCli(['-h'], {spawn: true})
    expect(top.code).toBe(0)
    expect(top.stdout).toContain('COMMANDS')
  })

  it('version, --version and -v print one line', async () => {
    const results = await Promise.all([runCli(['version'], {spawn: true}), runCli(['--version'], {spawn: true}), runCli(['-v'], {spawn: true})])
    for (const result of results) {
      expect(result.code).toBe(0)
      expect(result.stdout).toMatch(/^toolsearch\/\d+\.\d+\.\d+ \S+ node-v\d+\.\d+\.\d+\n$/)
    }
  })

  it('search has one readable usage line per mode, and words after -- are words', async () => {
    const help = await runCli(['search', '--help'], {spawn: true})
    expect(help.stdout).toContain('  $ toolsearch search --stdin [-c <file|dir|client>...] [-l <n>]\n')
    expect(help.stdout).not.toMatch(/\|\s+\|/)
    // Without --, -la would be read as --limit a (an error); after it, it is a query word.
    const flag = await runCli(['search', '--catalog', 'examples/catalog.json5', 'run', 'ls', '-la'], {cwd: process.cwd(), spawn: true})
    expect(flag.code).toBe(2)
    const words = await runCli(['search', '--catalog', 'examples/catalog.json5', '--json', '--', 'run', 'ls', '-la'], {cwd: process.cwd(), spawn: true})
    expect(words.code).toBe(0)
    expect((JSON.parse(words.stdout) as Array<{id: string}>).length).toBeGreaterThan(0)
  })
})
