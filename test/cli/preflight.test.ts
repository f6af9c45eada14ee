import {spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {describe, expect, it} from 'vitest'

import {BIN, ROOT, isolatedEnv, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

type Preflight = (argv: string[], commandIds?: ReadonlySet<string>) => number | undefined

describe('help with --json is one JSON document', () => {
  it('toolsearch --json, a topic with --json and --help --json print help as JSON, nothing else', async () => {
    const [root, topic, help, command] = await Promise.all([runCli(['--json']), runCli(['config', '--json']), runCli(['--help', '--json']), runCli(['config', 'set', '--help', '--json'])])
    for (const result of [root, topic, help, command]) expect(result).toMatchObject({code: 0, stderr: ''})
    expect(parseJsonOutput(root)).toMatchObject({name: 'toolsearch', commands: expect.arrayContaining([{command: 'config set', summary: expect.any(String)}])})
    expect(parseJsonOutput(help)).toEqual(parseJsonOutput(root))
    const configTopic = parseJsonOutput<{topic: string; commands: Array<{command: string}>}>(topic)
    expect(configTopic.topic).toBe('config')
    expect(configTopic.commands.every(({command: id}) => id.startsWith('config '))).toBe(true)
    expect(parseJsonOutput(command)).toMatchObject({command: 'config set', flags: expect.arrayContaining([expect.objectContaining({name: '--dry-run'})])})
  })
})

describe('the preflight with the command ids (as the bundle runs it)', () => {
  /** The exit code and stdout of one preflight, with stdout captured. */
  function outcome(preflight: Preflight, argv: string[], commandIds?: ReadonlySet<string>): {code: number | undefined; stdout: string} {
    let stdout = ''
    const write = process.stdout.write
    process.stdout.write = ((chunk: string) => {
      stdout += chunk
      return true
    }) as typeof process.stdout.write
    try {
      return {code: preflight(argv, commandIds), stdout}
    } finally {
      process.stdout.write = write
    }
  }

  it('decides every --json command line as the manifest does', async () => {
    const {preflight} = (await import(pathToFileURL(join(ROOT, 'dist', 'src', 'cli', 'preflight.js')).href)) as {preflight: Preflight}
    const ids = Object.keys((JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, unknown>}).commands)
    const commandIds = new Set(ids)
    // Every command and every topic on its own, with an argument, with a flag's value, with help;
    // and words that name nothing.
    const lines = new Set<string>([''])
    for (const id of ids) {
      const words = id.split(':')
      for (let count = 1; count <= words.length; count++) lines.add(words.slice(0, count).join(' '))
    }
    const argvs: string[][] = []
    for (const line of [...lines, 'nothing', 'nothing at all', 'config nothing', 'search read a file']) {
      const words = line === '' ? [] : line.split(' ')
      argvs.push([...words, '--json'], [...words, 'extra', '--json'], ['--json', ...words, '--catalog', 'x.json'], [...words, '--json', '--help'], [...words, '-h', '--json'], [...words])
    }
    let help = 0
    for (const argv of argvs) {
      const fromManifest = outcome(preflight, argv)
      expect(outcome(preflight, argv, commandIds), argv.join(' ')).toEqual(fromManifest)
      if (fromManifest.code === 0) help++
    }
    // Both outcomes occur: help printed as JSON, and the command left to run.
    expect(help).toBeGreaterThan(0)
    expect(help).toBeLessThan(argvs.length)
  })
})

describe('a working directory that was deleted', () => {
  it('says so (exit 2), in words or as the JSON error document', () => {
    const dir = join(tempDir(), 'gone')
    mkdirSync(dir)
    const run = (args: string) => spawnSync('sh', ['-c', `cd "${dir}" && rmdir "${dir}" && exec "${process.execPath}" "${BIN}" ${args}`], {env: isolatedEnv(), encoding: 'utf8'})
    const text = run('config get tools')
    expect(text.status).toBe(2)
    expect(text.stderr).toContain('Error: The current directory no longer exists (it was deleted or moved). Change to an existing directory and run the command again.\n')
    expect(text.stdout).toBe('')
    mkdirSync(dir)
    const json = run('config get tools --json')
    expect(json.status).toBe(2)
    expect(JSON.parse(json.stdout)).toEqual({error: {code: 'cwd-missing', message: expect.stringContaining('The current directory no longer exists')}})
  })
})
