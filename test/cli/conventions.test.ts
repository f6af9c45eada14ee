/**
 * The cross-cutting rules of SPEC §9, checked over every command the manifest lists: `--json`
 * stdout is one JSON document even on error, usage errors exit 2 without a stack trace, colour
 * follows --no-color / NO_COLOR / FORCE_COLOR, and every command documents itself.
 */
import {readFileSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, {summary?: string}>}
const commandIds = Object.keys(manifest.commands).sort()
const argv = (id: string) => id.split(':')
const LEGACY = join(ROOT, 'examples', 'openclaw.json5')
const ANSI = /\u001b\[/

describe('the command set', () => {
  it('has every command the product documents, each with a summary', () => {
    for (const expected of ['call', 'catalog:import', 'catalog:list', 'config:explain', 'config:file', 'config:get', 'config:schema', 'config:set', 'config:unset', 'config:validate', 'describe', 'directory', 'doctor', 'eval', 'payload', 'search', 'session:stats']) {
      expect(commandIds).toContain(expected)
    }
    for (const id of commandIds) expect(manifest.commands[id]!.summary, id).toBeTruthy()
  })
})

describe('--json errors (SPEC §9)', () => {
  it.each(commandIds)('%s: an unknown flag under --json is one JSON error document on stdout, exit 2, no stack', async (id) => {
    const result = await runCli([...argv(id), '--json', '--no-such-flag'])
    expect(result.code).toBe(2)
    const output = parseJsonOutput<{error: {code: string; message: string}}>(result)
    expect(output.error.code).toBe('usage')
    expect(output.error.message).toContain('--no-such-flag')
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it.each(commandIds)('%s: without --json the usage error is one line on stderr and stdout stays empty', async (id) => {
    const result = await runCli([...argv(id), '--no-such-flag'])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^Error: .*--no-such-flag/)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })
})

describe('parse errors, said plainly', () => {
  it('a missing required flag names the flag as it is typed, without oclif\'s "The following error occurred:"', async () => {
    const result = await runCli(['eval', '--catalog', join(ROOT, 'examples', 'catalog.json5')])
    expect(result).toMatchObject({code: 2, stdout: '', stderr: 'Error: Missing required flag --queries\n'})
    expect(parseJsonOutput<{error: {message: string}}>(await runCli(['eval', '--catalog', join(ROOT, 'examples', 'catalog.json5'), '--json'])).error.message).toBe('Missing required flag --queries')
  })

  it('two exclusive flags are said once', async () => {
    const result = await runCli(['call', '--args-file', 'a.json', '--request-file', 'b.jsonl'])
    expect(result).toMatchObject({code: 2, stderr: 'Error: --args-file=a.json cannot also be provided when using --request-file\n'})
  })

  it('a missing argument is not followed by a note that flags must come last (each flag takes one value per use)', async () => {
    const catalog = join(ROOT, 'examples', 'catalog.json5')
    const missing = await runCli(['config', 'unset', '--config', catalog])
    expect(missing).toMatchObject({code: 2, stderr: 'Error: Missing 1 required arg:\npath  Config path, e.g. tools.toolSearch.mode or tools.allow[0].\n'})
    // describe names its tool as an argument or in --request: without either it says so.
    expect(await runCli(['describe', '--catalog', catalog])).toMatchObject({code: 2, stderr: 'Error: Missing the tool to describe: an id (openclaw:core:read) or a name (read), or --request.\n'})
    expect((await runCli(['describe', '--catalog', catalog, '--allow', 'read', 'read', '--json'])).code).toBe(0)
  })

  it('the call usage line lists its exclusive flags once, with no empty alternatives', async () => {
    // Help is printed by oclif itself: a real process shows it.
    const help = (await runCli(['call', '--help'], {spawn: true})).stdout.replace(/\n\s+/g, ' ')
    expect(help).toContain('[--args <json> | --args-file <file> | --request <json> | --request-file <jsonl>] [--raw]')
    for (const id of commandIds) {
      const usage = (await runCli([...argv(id), '--help'], {spawn: true})).stdout
      expect(usage, id).not.toMatch(/\|\s+\||\[\s*\||\|\s*\]/)
    }
  })

  it('catalog import --out a directory says what --out is for, --force or not, before any server starts', async () => {
    const dir = tempDir()
    const servers = join(dir, 'servers.json')
    writeFileSync(servers, JSON.stringify({mcpServers: {never: {command: join(dir, 'not-started')}}}))
    for (const force of [[], ['--force']]) {
      const result = await runCli(['catalog', 'import', '--catalog', servers, '-o', dir, ...force])
      expect(result).toMatchObject({code: 2, stdout: '', stderr: `Error: --out ${dir} is a directory; name the file to write in it, e.g. --out ${join(dir, 'tools.json')}.\n`})
    }
  })
})

describe('unknown commands', () => {
  it('are a usage error (exit 2) with the nearest commands, one line on stderr', async () => {
    const result = await runCli(['serch', 'open', 'a', 'pull', 'request'])
    expect(result).toMatchObject({code: 2, stdout: ''})
    expect(result.stderr).toBe('Error: Unknown command: serch. Did you mean: search? Run "toolsearch --help" for the list of commands.\n')
    const inTopic = await runCli(['config', 'gett', 'tools'])
    expect(inTopic.code).toBe(2)
    expect(inTopic.stderr).toMatch(/^Error: Unknown command: config gett\. Did you mean: config get[,?]/)
  })

  it('suggest the topic a mistyped first word is near, or its command the next word names', async () => {
    const suggest = (...words: string[]) => runCli(words).then((result) => result.stderr)
    expect(await suggest('confg')).toBe('Error: Unknown command: confg. Did you mean: config? Run "toolsearch --help" for the list of commands.\n')
    expect(await suggest('confg', 'get', 'tools')).toBe('Error: Unknown command: confg. Did you mean: config get? Run "toolsearch --help" for the list of commands.\n')
    expect(await suggest('catalg', 'list')).toBe('Error: Unknown command: catalg. Did you mean: catalog list? Run "toolsearch --help" for the list of commands.\n')
  })

  it('print one JSON error document under --json', async () => {
    const result = await runCli(['zzzzzz', '--json'])
    expect(result.code).toBe(2)
    expect(parseJsonOutput<{error: {code: string; message: string}}>(result).error).toEqual({
      code: 'unknown-command',
      message: 'Unknown command: zzzzzz. Run "toolsearch --help" for the list of commands.',
    })
  })
})

describe('colour (SPEC §9)', () => {
  const doctor = ['doctor', '--config', LEGACY]

  it('is off when stdout is not a terminal', async () => {
    const result = await runCli(doctor, {env: {NO_COLOR: undefined}})
    expect(result.stdout).not.toMatch(ANSI)
  })

  it('can be forced with FORCE_COLOR, and --no-color or NO_COLOR turn it off again', async () => {
    const forced = await runCli(doctor, {env: {NO_COLOR: undefined, FORCE_COLOR: '1'}})
    expect(forced.stdout).toMatch(ANSI)
    expect((await runCli([...doctor, '--no-color'], {env: {NO_COLOR: undefined, FORCE_COLOR: '1'}})).stdout).not.toMatch(ANSI)
    expect((await runCli(doctor, {env: {NO_COLOR: '1', FORCE_COLOR: undefined}})).stdout).not.toMatch(ANSI)
  })

  it('never colours --json output', async () => {
    const result = await runCli([...doctor, '--json'], {env: {NO_COLOR: undefined, FORCE_COLOR: '1'}})
    expect(result.stdout).not.toMatch(ANSI)
    expect(parseJsonOutput<{ok: boolean}>(result).ok).toBe(false)
  })
})

describe('--json output is terminal-safe', () => {
  it('escapes C1 controls and bidi overrides that JSON.stringify leaves raw, keeping the same value', async () => {
    const file = join(tempDir(), 'catalog.json')
    const description = 'csi \u009b2J and \u202ereversed'
    writeFileSync(file, JSON.stringify({tools: [{name: 'tricky', description}]}))
    const result = await runCli(['describe', 'tricky', '--catalog', file, '--json'])
    expect(result.code).toBe(0)
    expect(result.stdout).not.toMatch(/[\u009b\u202e]/)
    expect(parseJsonOutput<{description: string}>(result).description).toBe(description)
  })
})

describe('error messages are terminal-safe (SPEC §9)', () => {
  it('a file name with control characters is escaped wherever the error names it, the location prefix included', async () => {
    const cwd = tempDir()
    const name = 'log\u001b[31m\u202e.jsonl'
    for (const args of [['session', 'stats', name], ['search', '--catalog', name, 'read']]) {
      const result = await runCli(args, {cwd})
      expect(result.code).toBe(2)
      expect(result.stderr).not.toMatch(/[\u001b\u202e]/)
      expect(result.stderr).toContain('log\\u001b[31m\\u202e.jsonl')
    }
  })
})

describe('--help examples', () => {
  const manifestExamples = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, {examples?: unknown[]}>}
  /** Splits an example command line the way a POSIX shell would for these simple cases (quotes, no expansions). */
  const shellWords = (line: string): string[] => [...line.matchAll(/'([^']*)'|"((?:\\.|[^"\\])*)"|(\S+)/g)].map((match) => match[1] ?? match[2]?.replace(/\\(.)/g, '$1') ?? match[3]!)
  const runnable = Object.entries(manifestExamples.commands)
    .flatMap(([id, command]) => (command.examples ?? []).map((example) => [id, String(example).replace('<%= config.bin %> ', '')] as const))
    // Examples on the bundled files run as shown; the rest name the user's own files or pipes.
    .filter(([, example]) => example.includes('examples/') && !/[|>]/.test(example))

  it('cover the bundled examples', () => {
    expect(runnable.map(([id]) => id)).toEqual(expect.arrayContaining(['call', 'describe', 'directory', 'payload', 'search', 'catalog:list']))
  })

  it.each(runnable)('%s: %s runs as shown (exit 0)', async (_id, example) => {
    const cwd = tempDir()
    symlinkSync(join(ROOT, 'examples'), join(cwd, 'examples'))
    symlinkSync(join(ROOT, 'node_modules'), join(cwd, 'node_modules'))
    const result = await runCli(shellWords(example), {cwd})
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
  })
})
