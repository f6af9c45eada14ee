import {spawnSync} from 'node:child_process'
import {mkdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {BIN, isolatedEnv, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

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
