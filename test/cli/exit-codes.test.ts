/**
 * The README's exit-code table, checked per command: each case runs a command and expects the
 * code the table gives it, and the table's row for that code must say so (the words quoted in
 * `claim`). A table that drifts from what the commands do fails here.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ROOT, runCli, tempDir} from '../helpers/cli.js'

/** The README's exit-code table: code → meaning. */
function readmeExitCodes(): Map<number, string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Exit codes'), readme.indexOf('## Performance'))
  const rows = [...section.matchAll(/^\| (\d+) \| (.*) \|$/gmu)]
  return new Map(rows.map((row) => [Number(row[1]), row[2]!]))
}

const CATALOG = join(ROOT, 'examples', 'catalog.json5')
const PROBE_TASKS = join(ROOT, 'test/fixtures/probe/tasks.jsonl')

interface Case {
  name: string
  args: (dir: string) => string[]
  code: number
  /** Words of the README row for `code` that promise this. */
  claim: string
}

const cases: Case[] = [
  {name: 'doctor: nothing to report', args: () => ['doctor', '--allow-missing', '--config', 'none.json5'], code: 0, claim: '`doctor` and `lint` found no error'},
  {name: 'lint: warnings only', args: () => ['lint', '--catalog', CATALOG], code: 0, claim: 'warnings fail only with `--strict`'},
  {name: 'config validate: a valid config', args: (dir) => ['config', 'validate', '--config', join(dir, 'good.json5')], code: 0, claim: '`config validate`: the gateway would start'},
  {name: 'doctor: retired settings', args: () => ['doctor', '--config', join(ROOT, 'examples', 'openclaw.json5')], code: 1, claim: '`doctor` and `lint`: error findings remain'},
  {name: 'lint --strict: a warning', args: () => ['lint', '--catalog', CATALOG, '--strict'], code: 1, claim: '`doctor` and `lint`: error findings remain'},
  {name: 'doctor: a config that does not parse', args: (dir) => ['doctor', '--config', join(dir, 'broken.json5')], code: 1, claim: 'for `doctor` a config that does not parse is one, `config.parse`'},
  {name: 'config get: a path not found', args: (dir) => ['config', 'get', 'nope', '--config', join(dir, 'good.json5')], code: 1, claim: '`config get` and `unset`: a path not found, or valid but unset'},
  {name: 'config get: a valid path unset', args: (dir) => ['config', 'get', 'tools.allow', '--config', join(dir, 'good.json5')], code: 1, claim: '`config get` and `unset`: a path not found, or valid but unset'},
  {name: 'config unset: a path not found', args: (dir) => ['config', 'unset', 'tools.allow', '--config', join(dir, 'good.json5')], code: 1, claim: '`config get` and `unset`: a path not found'},
  {name: 'config set: a refused write', args: (dir) => ['config', 'set', 'tools.toolSearch.mode', '"code"', '--config', join(dir, 'good.json5')], code: 1, claim: '`config set`, `unset`, `doctor --fix`: a refused, locked or conflicting write'},
  {name: 'describe: an unknown tool', args: () => ['describe', 'nope', '--catalog', CATALOG], code: 1, claim: '`describe`, `call`: an unknown, ambiguous or direct-only tool'},
  {name: 'call: a direct-only tool', args: () => ['call', 'session_status', '--catalog', CATALOG], code: 1, claim: '`describe`, `call`: an unknown, ambiguous or direct-only tool'},
  {name: 'call: a tool error', args: () => ['call', 'unit_convert', 'value=1', 'from=km', 'to=kg', '--catalog', CATALOG], code: 1, claim: '`call`: a tool error, invalid arguments'},
  {name: 'search --request: a rejected request', args: () => ['search', '--request', '{}', '--catalog', CATALOG], code: 1, claim: '`search --request`, `call --request`: a rejected request'},
  {name: 'config validate: a file that does not exist', args: () => ['config', 'validate', '--config', 'none.json5'], code: 1, claim: '`doctor`, `config validate`: a config file that does not exist'},
  {name: 'doctor: a file that does not exist', args: () => ['doctor', '--config', 'none.json5'], code: 1, claim: '`doctor`, `config validate`: a config file that does not exist'},
  {name: 'probe: every run ended', args: () => ['probe', '--tasks', PROBE_TASKS, '--catalog', CATALOG, '--model', 'mock', '--lanes', 'tools'], code: 0, claim: '`probe`: every run ended, whatever the success rate'},
  {name: 'probe: the token budget ran out', args: () => ['probe', '--tasks', PROBE_TASKS, '--catalog', CATALOG, '--model', 'mock', '--lanes', 'tools', '--max-tokens', '1'], code: 1, claim: '`probe`: the `--max-tokens` budget ran out'},
  {name: 'probe: a tasks file that does not parse', args: (dir) => ['probe', '--tasks', join(dir, 'broken.json5'), '--catalog', CATALOG, '--model', 'mock'], code: 2, claim: '`probe`: a tasks file that does not parse'},
  {name: 'probe: an endpoint nothing answers at', args: () => ['probe', '--tasks', PROBE_TASKS, '--catalog', CATALOG, '--model', 'local/m', '--base-url', 'http://127.0.0.1:9/v1', '--lanes', 'tools'], code: 4, claim: '`probe`: the model endpoint failed — unreachable'},
  {name: 'an unknown command', args: () => ['serch'], code: 2, claim: 'usage error: an unknown command or flag'},
  {name: 'config get: a bad path', args: (dir) => ['config', 'get', 'a[0', '--config', join(dir, 'good.json5')], code: 2, claim: 'a bad path, value or argument'},
  {name: 'config get: a config that does not parse', args: (dir) => ['config', 'get', '--config', join(dir, 'broken.json5')], code: 2, claim: 'a file that cannot be read or does not load — the config'},
  {name: 'search: a config that does not parse', args: (dir) => ['search', 'read', '--catalog', CATALOG, '--config', join(dir, 'broken.json5')], code: 2, claim: 'a file that cannot be read or does not load — the config'},
  {name: 'catalog list: a catalog that does not parse', args: (dir) => ['catalog', 'list', '--catalog', join(dir, 'broken.json5')], code: 2, claim: 'a catalog'},
  {name: 'eval: a queries file that does not parse', args: (dir) => ['eval', '--catalog', CATALOG, '--queries', join(dir, 'broken.json5')], code: 2, claim: 'a queries file'},
  {name: 'config validate: a config that does not parse', args: (dir) => ['config', 'validate', '--config', join(dir, 'broken.json5')], code: 78, claim: 'one that does not load included'},
  {name: 'config validate: a config the gateway refuses', args: () => ['config', 'validate', '--config', join(ROOT, 'examples', 'openclaw.json5')], code: 78, claim: '`config validate`: the gateway would refuse this config'},
  {name: 'describe: a denied tool', args: () => ['describe', 'read', '--deny', 'read', '--catalog', CATALOG], code: 3, claim: '`describe`, `call`: a tool the policy denies'},
  {name: 'call: approval withheld', args: () => ['call', 'send_message', 'channel=slack', 'to=x', 'text=hi', '--no-approve', '--catalog', CATALOG], code: 3, claim: '`call`: a call approval did not allow'},
  {name: 'call: no executor', args: (dir) => ['call', 'idle', '--catalog', join(dir, 'idle.json')], code: 4, claim: 'no executor'},
  {name: 'search: MCP servers alone, none up', args: (dir) => ['search', 'x', '--catalog', join(dir, 'down.json')], code: 4, claim: 'a command whose catalog is MCP servers alone, none of which could be used'},
]

describe("the README's exit codes, per command", () => {
  it.each(cases)('$name: exit $code', async ({args, code, claim}) => {
    const dir = tempDir()
    writeFileSync(join(dir, 'good.json5'), '{tools: {toolSearch: {mode: "tools"}}}\n')
    writeFileSync(join(dir, 'broken.json5'), '{a: 1,,}\n')
    writeFileSync(join(dir, 'idle.json'), JSON.stringify({tools: [{name: 'idle', description: 'Does nothing.'}]}))
    writeFileSync(join(dir, 'down.json'), JSON.stringify({mcpServers: {down: {command: join(dir, 'no-such-server')}}}))
    const result = await runCli(args(dir), {cwd: dir})
    expect(result.code, result.stderr).toBe(code)
    expect(readmeExitCodes().get(code)).toContain(claim)
  })
})
