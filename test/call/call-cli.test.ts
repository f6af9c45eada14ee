/**
 * `toolsearch call` end to end: the built binary against catalogs in temp dirs, asserting stdout,
 * stderr and exit codes (SPEC §8.1, §8.3, §8.4).
 */
import {spawn} from 'node:child_process'
import {existsSync, writeFileSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterEach, describe, expect, it} from 'vitest'

import {BIN, isolatedEnv, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {modelErrorText} from '../helpers/controls.js'
import {WATER_HINT, WATER_PARAMETERS} from './garden.js'
import {cleanup, liveGroupMembers, markedProcesses, markedSurvivors, processMarker, survivors, waitForFile} from './processes.js'

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/call')
const command = (script: string, extra: Record<string, unknown> = {}) => ({command: [process.execPath, join(FIXTURES, script)], ...extra})

const OK_OUTPUT = {type: 'object', properties: {ok: {type: 'boolean'}}, required: ['ok']}

const TOOLS = [
  {
    name: 'water',
    sourceName: 'garden',
    description: 'Water a zone of the garden.',
    parameters: WATER_PARAMETERS,
    outputSchema: {...OK_OUTPUT, properties: {ok: {type: 'boolean'}, zone: {type: 'string'}, minutes: {type: 'number'}}},
    run: {cases: [{when: {zone: 'north', minutes: 5}, result: {ok: true, zone: 'north', minutes: 5}}, {when: {zone: 'north'}, result: {ok: true, zone: 'north'}}], result: {ok: true}},
  },
  {name: 'echo', sourceName: 'dev', description: 'Echo the arguments.', parameters: {type: 'object'}, run: command('echo.mjs', {env: {TOOL_GREETING: 'hello'}})},
  {name: 'fail', sourceName: 'dev', description: 'Always fails.', run: command('fail.mjs')},
  {name: 'bad_json', sourceName: 'dev', description: 'Prints two documents.', run: command('bad-json.mjs')},
  {name: 'hang', sourceName: 'dev', description: 'Never finishes.', run: command('hang.mjs', {timeoutMs: 1500})},
  {name: 'danger', sourceName: 'ops', description: 'Needs approval.', requiresApproval: true, run: command('marker.mjs')},
  {name: 'secret', sourceName: 'ops', description: 'Denied by policy in some tests.', run: command('marker.mjs')},
  {name: 'touch', sourceName: 'dev', description: 'Validated before it runs.', parameters: {type: 'object', properties: {count: {type: 'integer'}}, additionalProperties: false}, run: command('marker.mjs')},
  {name: 'broken_input', sourceName: 'dev', description: 'Invalid input schema.', parameters: {type: 'strng'}, run: command('marker.mjs')},
  {name: 'broken_output', sourceName: 'dev', description: 'Invalid output schema.', outputSchema: {type: 7}, run: command('marker.mjs')},
  {name: 'liar', sourceName: 'dev', description: 'Breaks its output schema.', outputSchema: OK_OUTPUT, run: {result: {ok: 'yes'}}},
  {name: 'noexec', sourceName: 'dev', description: 'Has no executor.'},
  {name: 'dup', sourceName: 'one', description: 'First dup.', run: {result: 1}},
  {name: 'dup', sourceName: 'two', description: 'Second dup.', run: {result: 2}},
  {name: 'notify', catalogMode: 'direct-only', description: 'Direct only.', run: {result: 'sent'}},
  {name: 'ask_user', source: 'client', description: 'A client tool.'},
]

/** A catalog in a fresh temp dir; the marker scripts write `ran.marker` next to it. */
function catalogDir(): {dir: string; catalog: string; marker: string} {
  const dir = tempDir()
  const catalog = join(dir, 'catalog.json')
  writeFileSync(catalog, JSON.stringify({tools: TOOLS}, null, 2))
  return {dir, catalog, marker: join(dir, 'ran.marker')}
}

interface ErrorJson {
  error: {code: string; message: string; tool?: unknown; result?: unknown}
}

const started: number[] = []
const markers: string[] = []
afterEach(() => cleanup([...started.splice(0), ...markers.splice(0).flatMap(markedProcesses)]))

describe('call: success and the envelope', () => {
  it('prints the result on stdout and the envelope under --json', async () => {
    const {catalog} = catalogDir()
    const human = await runCli(['call', '--catalog', catalog, 'water', '--args', '{"zone": "north"}'])
    expect(human).toMatchObject({code: 0, stderr: ''})
    expect(JSON.parse(human.stdout)).toEqual({ok: true, zone: 'north'})
    const json = await runCli(['call', '--catalog', catalog, 'openclaw:garden:water', '--args', '{"zone": "south"}', '--json'])
    expect(json.code).toBe(0)
    expect(parseJsonOutput(json)).toEqual({tool: {id: 'openclaw:garden:water', name: 'water', source: 'openclaw'}, result: {ok: true}})
  })

  it('types key=value pairs by the schema and lets them override --args', async () => {
    const {catalog} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'water', '--args', '{"zone": "south", "minutes": 1}', 'zone=north', 'minutes=5', '--json'])
    expect(parseJsonOutput<{result: unknown}>(result).result).toEqual({ok: true, zone: 'north', minutes: 5})
  })

  it('reads --args-file from a file or from stdin', async () => {
    const {dir, catalog} = catalogDir()
    const file = join(dir, 'args.json')
    writeFileSync(file, '{"zone": "north", "minutes": 5}')
    expect(parseJsonOutput<{result: unknown}>(await runCli(['call', '--catalog', catalog, 'water', '--args-file', file, '--json'])).result).toEqual({ok: true, zone: 'north', minutes: 5})
    const piped = await runCli(['call', '--catalog', catalog, 'water', '--args-file', '-', '--json'], {input: '{"zone": "north"}'})
    expect(parseJsonOutput<{result: unknown}>(piped).result).toEqual({ok: true, zone: 'north'})
  })

  it('reads an --args-file saved with a byte order mark (as Windows editors write it), from a file or stdin', async () => {
    const {dir, catalog} = catalogDir()
    const file = join(dir, 'args.json')
    writeFileSync(file, '\ufeff{"zone": "north"}\r\n')
    expect(parseJsonOutput<{result: unknown}>(await runCli(['call', '--catalog', catalog, 'water', '--args-file', file, '--json'])).result).toEqual({ok: true, zone: 'north'})
    const piped = await runCli(['call', '--catalog', catalog, 'water', '--args-file', '-', '--json'], {input: '\ufeff{"zone": "north"}'})
    expect(parseJsonOutput<{result: unknown}>(piped).result).toEqual({ok: true, zone: 'north'})
  })

  it('runs a command tool: arguments on stdin, JSON out, env and cwd from the catalog', async () => {
    const {dir, catalog} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'echo', 'note=hi there', 'n=2', '--json'])
    expect(result.code).toBe(0)
    expect(parseJsonOutput(result)).toEqual({tool: {id: 'openclaw:dev:echo', name: 'echo', source: 'openclaw'}, result: {args: {note: 'hi there', n: '2'}, cwd: dir, greeting: 'hello'}})
    expect(result.stderr).toBe('')
  })

  it('passes --raw values as JSON verbatim', async () => {
    const {catalog} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'echo', '--raw', 'n=2', 'list=[1,"a"]', 'text="x"', '--json'])
    expect(parseJsonOutput<{result: {args: unknown}}>(result).result.args).toEqual({n: 2, list: [1, 'a'], text: 'x'})
  })
})

describe('call: lookup messages (§8.1), exit 1', () => {
  it('reports an unknown tool with suggestions', async () => {
    const {catalog} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'water_plants'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe("Error: Unknown tool: water_plants. Did you mean: water?\nSee every tool with: toolsearch catalog list (add --name '<glob>' to narrow it), or find one with: toolsearch search <words>\n")
    // A replayed model request gets exactly what the model would.
    const replayed = await runCli(['call', '--catalog', catalog, '--request', '{"id": "water_plants"}'])
    expect(replayed).toMatchObject({code: 1, stderr: ''})
    expect(replayed.stdout).toBe(modelErrorText('tool_call', 'Unknown tool id: water_plants. Did you mean: water? Use tool_search to find a tool, tool_describe to inspect it, then tool_call with the exact id or name.'))
  })

  it('reports a shared name as ambiguous, and the id resolves it', async () => {
    const {catalog} = catalogDir()
    const ambiguous = await runCli(['call', '--catalog', catalog, 'dup', '--json'])
    expect(ambiguous.code).toBe(1)
    expect(parseJsonOutput<ErrorJson>(ambiguous).error).toMatchObject({code: 'ambiguous-tool', message: 'Ambiguous tool name: dup: 2 tools have it:\n  openclaw:one:dup\n  openclaw:two:dup\nPick one by its id, e.g.: toolsearch call openclaw:one:dup …'})
    // The model's words stay where the model's view is shown: a replayed tool_call request.
    expect((await runCli(['call', '--catalog', catalog, '--request', '{"id": "dup", "args": {"x": 1}}'])).stdout).toBe(modelErrorText('tool_call', 'Ambiguous tool name: dup; use an exact tool id.'))
    expect(parseJsonOutput<{result: unknown}>(await runCli(['call', '--catalog', catalog, 'openclaw:two:dup', '--json'])).result).toBe(2)
  })

  it('refuses a direct-only tool', async () => {
    const {catalog} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'notify'])
    expect(result.code).toBe(1)
    const message = 'Direct-only tool: notify. The model is given it directly, not through the tool catalog, so toolsearch call does not reach it (toolsearch catalog list shows it).'
    expect(result.stderr).toBe(`Error: ${message}\n`)
    expect(parseJsonOutput<ErrorJson>(await runCli(['call', '--catalog', catalog, 'notify', '--json'])).error).toEqual({code: 'direct-only-tool', message})
    expect((await runCli(['call', '--catalog', catalog, '--request', '{"id": "notify"}'])).stdout).toBe(
      modelErrorText('tool_call', 'This tool is already available directly, not through the tool catalog. Call it directly by its declared name with its declared parameters.'),
    )
  })

  it('blocks a denied tool by policy (exit 3) with the model-facing unknown-tool message, and never runs it (flag or config)', async () => {
    const {dir, catalog, marker} = catalogDir()
    const denied = await runCli(['call', '--catalog', catalog, 'secret', '--deny', 'secret', '--approve'])
    expect(denied.code).toBe(3)
    expect(denied.stderr).toMatch(/^Error: Unknown tool id: secret\. .*\nNote: "secret" is denied by the tool policy \(tools\.allow \/ tools\.deny, --allow \/ --deny\): the model can neither describe nor call it\.\n$/)
    const config = join(dir, 'openclaw.json')
    writeFileSync(config, '{ tools: { deny: ["openclaw:ops:*"] } }')
    const byConfig = await runCli(['call', '--catalog', catalog, 'openclaw:ops:secret', '--config', config, '--json'])
    expect(byConfig.code).toBe(3)
    const error = parseJsonOutput<ErrorJson>(byConfig).error
    expect(error.code).toBe('tool-denied')
    expect(error.message).toMatch(/^Unknown tool id: openclaw:ops:secret\. /)
    // An allow list that leaves the tool out blocks it the same way.
    const notAllowed = await runCli(['call', '--catalog', catalog, 'secret', '--allow', 'water'])
    expect(notAllowed.code).toBe(3)
    expect(existsSync(marker)).toBe(false)
    // The same tool, allowed, does run: the marker proves the denial is what stopped it.
    expect((await runCli(['call', '--catalog', catalog, 'secret'])).code).toBe(0)
    expect(existsSync(marker)).toBe(true)
  })
})

describe('call: validation (§8.3), exit 1, nothing runs', () => {
  it('lists problems with paths, suggests the nearest property and shows the input hint', async () => {
    const {catalog} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'water', 'zone=east', 'colour=red', 'minutes=0'])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      `Error: Invalid arguments for tool "openclaw:garden:water": <root>: must not have additional properties: "colour"; zone: must be equal to one of the allowed values (allowed: "north", "south"); minutes: must be >= 1. Did you mean: color? Expected input: ${WATER_HINT}.\n`,
    )
  })

  it('never runs a command tool whose arguments are invalid', async () => {
    const {catalog, marker} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'touch', 'count=many'])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('Error: Invalid arguments for tool "openclaw:dev:touch": count: must be integer. Expected input: { count?: number /* integer */ }.\n')
    expect(existsSync(marker)).toBe(false)
    expect((await runCli(['call', '--catalog', catalog, 'touch', 'count=2'])).code).toBe(0)
    expect(existsSync(marker)).toBe(true)
  })

  it('keeps stdout one JSON document when the edit-distance suggestion runs under --json', async () => {
    const {catalog} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'water', 'zone=north', 'colr=red', '--json'])
    expect(result.code).toBe(1)
    expect(result.stdout.trimStart().startsWith('{')).toBe(true)
    expect(result.stdout).not.toMatch(/dotenv|injecting env/i)
    const error = parseJsonOutput<ErrorJson>(result).error
    expect(error.code).toBe('invalid-arguments')
    expect(error.message).toContain(' Did you mean: color? ')
    expect(result.stderr).toBe('')
  })

  it('stops on an invalid input or output schema before the command runs', async () => {
    const {catalog, marker} = catalogDir()
    const input = await runCli(['call', '--catalog', catalog, 'broken_input'])
    expect(input.code).toBe(1)
    expect(input.stderr).toBe('Error: Tool "openclaw:dev:broken_input" has an invalid inputSchema.\n')
    const output = await runCli(['call', '--catalog', catalog, 'broken_output', '--json'])
    expect(output.code).toBe(1)
    expect(parseJsonOutput<ErrorJson>(output).error.message).toBe('Tool "openclaw:dev:broken_output" has an invalid outputSchema.')
    expect(existsSync(marker)).toBe(false)
  })

  it('checks the result against the declared output schema', async () => {
    const {catalog} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'liar', '--json'])
    expect(result.code).toBe(1)
    expect(parseJsonOutput<ErrorJson>(result).error).toMatchObject({
      code: 'output-mismatch',
      message: 'Tool "openclaw:dev:liar" returned details that do not match its declared outputSchema.',
    })
  })
})

describe('call: executors (§8.4)', () => {
  it('is unavailable (exit 4) without an executor, trusted or not', async () => {
    const {catalog} = catalogDir()
    const trusted = await runCli(['call', '--catalog', catalog, 'noexec'])
    expect(trusted.code).toBe(4)
    expect(trusted.stderr).toBe('Error: Tool "openclaw:dev:noexec" has no executor in this catalog.\n')
    const client = await runCli(['call', '--catalog', catalog, 'ask_user', '--json'])
    expect(client.code).toBe(4)
    expect(parseJsonOutput<ErrorJson>(client).error.message).toBe('Tool "client:client:ask_user" has no executor in this catalog.')
  })

  it('turns a non-zero exit into a tool error quoting the end of stderr (exit 1)', async () => {
    const {catalog} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'fail'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^Error: Command ".*fail\.mjs" exited with code 3\.\nLast lines of stderr:\n/)
    expect(result.stderr).toContain('  fail: database is on fire\n')
  })

  it('turns stdout that is not one JSON value into a tool error (exit 1)', async () => {
    const {catalog} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'bad_json', '--json'])
    expect(result.code).toBe(1)
    const error = parseJsonOutput<ErrorJson>(result).error
    expect(error.code).toBe('tool-error')
    expect(error.message).toContain('did not print one JSON value on stdout')
    expect(error.message).toContain('bad-json: printed two documents')
    expect(error.tool).toEqual({id: 'openclaw:dev:bad_json', name: 'bad_json', source: 'openclaw'})
  })

  it('kills a hanging command at its timeout (exit 4) and leaves no process behind', async () => {
    const {catalog} = catalogDir()
    const marker = processMarker()
    markers.push(marker)
    const result = await runCli(['call', '--catalog', catalog, 'hang', '--args', JSON.stringify({marker, ignoreTerm: true})])
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(/hang\.mjs" timed out after 1500 ms and was stopped\.\n$/)
    expect(await markedSurvivors(marker)).toEqual([])
  })

  it('lets --timeout override the catalog timeout', async () => {
    const {catalog} = catalogDir()
    const marker = processMarker()
    markers.push(marker)
    const result = await runCli(['call', '--catalog', catalog, 'hang', '--timeout', '300', '--args', JSON.stringify({marker}), '--json'])
    expect(result.code).toBe(4)
    expect(parseJsonOutput<ErrorJson>(result).error).toMatchObject({code: 'tool-unavailable', message: expect.stringContaining('timed out after 300 ms')})
    expect(await markedSurvivors(marker)).toEqual([])
  })

  it('reaps the whole process group on Ctrl-C (SIGINT) and exits 130', async () => {
    const {dir, catalog} = catalogDir()
    const pidFile = join(dir, 'pids.json')
    const child = spawn(process.execPath, [BIN, 'call', '--catalog', catalog, 'hang', '--timeout', '60000', '--args', JSON.stringify({pidFile})], {
      cwd: dir,
      env: isolatedEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)))
    const pids = JSON.parse(await waitForFile(pidFile)) as {child: number; grandchild: number}
    started.push(pids.child, pids.grandchild)
    child.kill('SIGINT')
    expect(await exited).toBe(130)
    expect(stderr).toContain('Interrupted')
    expect(await survivors([pids.child, pids.grandchild])).toEqual([])
    expect(liveGroupMembers(pids.child)).toEqual([])
  })
})

describe('call: approval', () => {
  it('blocks a tool that needs approval without a terminal (exit 3), and never runs it', async () => {
    const {catalog, marker} = catalogDir()
    const human = await runCli(['call', '--catalog', catalog, 'danger'])
    expect(human.code).toBe(3)
    expect(JSON.parse(human.stdout)).toEqual({status: 'blocked', reason: 'approval required'})
    const json = await runCli(['call', '--catalog', catalog, 'danger', '--json'])
    expect(json.code).toBe(3)
    expect(parseJsonOutput(json)).toEqual({tool: {id: 'openclaw:ops:danger', name: 'danger', source: 'openclaw'}, result: {status: 'blocked', reason: 'approval required'}})
    const refused = await runCli(['call', '--catalog', catalog, 'danger', '--no-approve', '--json'])
    expect(refused.code).toBe(3)
    expect(existsSync(marker)).toBe(false)
  })

  it('runs it with --approve', async () => {
    const {catalog, marker} = catalogDir()
    const result = await runCli(['call', '--catalog', catalog, 'danger', '--approve', '--json'])
    expect(result.code).toBe(0)
    expect(parseJsonOutput<{result: unknown}>(result).result).toEqual({ran: true})
    expect(existsSync(marker)).toBe(true)
  })

  it('asks on a terminal: yes runs it, anything else blocks it, Ctrl-C interrupts', async () => {
    const {dir, catalog, marker} = catalogDir()
    const onTerminal = (answer: string) =>
      new Promise<{code: number | null; output: string}>((done) => {
        // `script` gives the CLI a pseudo-terminal for stdin, stdout and stderr.
        const quoted = [process.execPath, BIN, 'call', '--catalog', catalog, 'danger'].map((part) => `'${part}'`).join(' ')
        const child = spawn('script', ['-qec', quoted, '/dev/null'], {cwd: dir, env: isolatedEnv(), stdio: ['pipe', 'pipe', 'pipe']})
        let output = ''
        let answered = false
        // The answer is typed, and stdin stays open until the CLI exits: ending it would also send
        // end-of-input, which races Ctrl-C (an ended prompt is a no, exit 3, not 130).
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk
          if (output.includes('[y/N]') && !answered) {
            answered = true
            child.stdin.write(answer)
          }
        })
        child.on('close', (code) => {
          child.stdin.destroy()
          done({code, output})
        })
      })
    const no = await onTerminal('n\n')
    expect(no.output).toContain('Tool "openclaw:ops:danger" requires approval. Run it? [y/N]')
    expect(no.code).toBe(3)
    expect(no.output).toContain('"reason": "approval denied"')
    expect(existsSync(marker)).toBe(false)
    const interrupted = await onTerminal('\u0003')
    expect(interrupted.code).toBe(130)
    expect(interrupted.output).toContain('Interrupted')
    expect(existsSync(marker)).toBe(false)
    const yes = await onTerminal('y\n')
    expect(yes.code).toBe(0)
    expect(yes.output).toContain('"ran": true')
    expect(existsSync(marker)).toBe(true)
  })
})

describe('call --request: model-side repairs', () => {
  const call = (catalog: string, request: unknown, extra: string[] = []) => runCli(['call', '--catalog', catalog, '--request', JSON.stringify(request), '--json', ...extra])

  it('moves dotted args.x keys under args', async () => {
    const {catalog} = catalogDir()
    const result = await call(catalog, {id: 'water', 'args.zone': 'north', 'args.minutes': 5})
    expect(parseJsonOutput<{result: unknown}>(result).result).toEqual({ok: true, zone: 'north', minutes: 5})
  })

  it('lets a nested args (or input) win, and notes the ignored keys on stderr', async () => {
    const {catalog} = catalogDir()
    const result = await call(catalog, {id: 'openclaw:garden:water', args: {zone: 'north'}, zone: 'south', minutes: 9})
    expect(parseJsonOutput<{result: unknown}>(result).result).toEqual({ok: true, zone: 'north'})
    expect(result.stderr).toBe('Note: ignored top-level key "zone": a nested args object wins.\nNote: ignored top-level key "minutes": a nested args object wins.\n')
    expect(parseJsonOutput<{result: unknown}>(await call(catalog, {id: 'water', name: 'water', input: {zone: 'north'}})).result).toEqual({ok: true, zone: 'north'})
  })

  it('refuses a request without an id before the repairs, as the provider-side check of tool_call does', async () => {
    const {catalog} = catalogDir()
    // tool_call's schema requires "id": a selector under another key alone never reaches the control.
    const request = {toolId: 'openclaw:garden:water', args: {zone: 'north'}}
    const refused = await runCli(['call', '--catalog', catalog, '--request', JSON.stringify(request)])
    expect(refused).toMatchObject({code: 1, stderr: ''})
    expect(refused.stdout).toBe(`Validation failed for tool "tool_call":\n  - id: must have required properties id\n\nReceived arguments:\n${JSON.stringify(request, null, 2)}\n`)
    // A selector nested under args is hoisted first, so that request is called.
    expect(parseJsonOutput<{result: unknown}>(await call(catalog, {args: {id: 'water', zone: 'north'}})).result).toEqual({ok: true, zone: 'north'})
  })

  it('removes flattened selectors that name a tool and keeps the rest as arguments', async () => {
    const {catalog} = catalogDir()
    const result = await call(catalog, {id: 'echo', name: 'Ada', toolId: 'openclaw:dev:echo', n: 1})
    expect(parseJsonOutput<{result: {args: unknown}}>(result).result.args).toEqual({name: 'Ada', n: 1})
  })

  it('rejects selectors that name different tools (exit 1)', async () => {
    const {catalog} = catalogDir()
    const result = await call(catalog, {id: 'water', name: 'echo', zone: 'north'})
    expect(result.code).toBe(1)
    expect(parseJsonOutput<ErrorJson>(result).error.message).toBe('Ambiguous tool selectors: pass the target tool id and nest target arguments under args.')
  })

  it('validates repaired arguments like any other call', async () => {
    const {catalog} = catalogDir()
    const result = await call(catalog, {id: 'water', args: {zone: 'west'}})
    expect(result.code).toBe(1)
    expect(parseJsonOutput<ErrorJson>(result).error.message).toContain('zone: must be equal to one of the allowed values (allowed: "north", "south")')
  })

  it('prints only what the model receives: the { tool, result } text, or the error message', async () => {
    const {catalog} = catalogDir()
    const ok = await runCli(['call', '--catalog', catalog, '--request', JSON.stringify({id: 'water', args: {zone: 'north'}})])
    expect(ok).toMatchObject({code: 0, stderr: ''})
    expect(ok.stdout).toBe(`${JSON.stringify({tool: {id: 'openclaw:garden:water', name: 'water', source: 'openclaw'}, result: {ok: true, zone: 'north'}}, null, 2)}\n`)
    const unknown = await runCli(['call', '--catalog', catalog, '--request', JSON.stringify({id: 'zzz_qqq'})])
    expect(unknown).toMatchObject({code: 1, stderr: ''})
    expect(unknown.stdout).toBe(modelErrorText('tool_call', 'Unknown tool id: zzz_qqq. Use tool_search to find a tool, tool_describe to inspect it, then tool_call with the exact id or name.'))
    // What is for the person only is a labelled note on stderr, never on stdout.
    const ignored = await runCli(['call', '--catalog', catalog, '--request', JSON.stringify({id: 'water', args: {zone: 'north'}, zone: 'south'})])
    expect(ignored.stderr).toBe('Note: ignored top-level key "zone": a nested args object wins.\n')
    expect(JSON.parse(ignored.stdout)).toMatchObject({result: {ok: true, zone: 'north'}})
    // A usage error is not the model's: it stays an ordinary error on stderr.
    const notJson = await runCli(['call', '--catalog', catalog, '--request', '{id: water}'])
    expect(notJson).toMatchObject({code: 2, stdout: ''})
    expect(notJson.stderr).toMatch(/^Error: --request is not valid JSON/)
  })

  it('replays a file of requests in one run, one JSON line each, and reads it from stdin with -', async () => {
    const {dir, catalog} = catalogDir()
    const file = join(dir, 'requests.jsonl')
    writeFileSync(file, `${JSON.stringify({id: 'water', 'args.zone': 'south'})}\r\n\n{not json}\n${JSON.stringify({args: {id: 'water'}})}\n`)
    const result = await runCli(['call', '--catalog', catalog, '--request-file', file])
    expect(result.stdout.trim().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([
      {tool: {id: 'openclaw:garden:water', name: 'water', source: 'openclaw'}, result: {ok: true}},
      {error: {code: 'usage', message: expect.stringMatching(/^request 2 is not valid JSON/)}},
      {error: {code: 'invalid-arguments', message: expect.stringMatching(/^Invalid arguments for tool "openclaw:garden:water": zone: must have required property 'zone'/)}},
    ])
    expect(result.code).toBe(2)
    const piped = await runCli(['call', '--catalog', catalog, '--request-file', '-', '--json'], {input: JSON.stringify({id: 'water', zone: 'north'})})
    expect(piped.code).toBe(0)
    expect(parseJsonOutput(piped)).toEqual({results: [{tool: {id: 'openclaw:garden:water', name: 'water', source: 'openclaw'}, result: {ok: true, zone: 'north'}}]})
    const combined = await runCli(['call', '--catalog', catalog, '--request-file', file, '--request', '{"id":"water"}'])
    expect(combined.code).toBe(2)
  })

  it('is a usage error (exit 2) when the request is not JSON or is combined with an id', async () => {
    const {catalog} = catalogDir()
    const notJson = await runCli(['call', '--catalog', catalog, '--request', '{id: water}', '--json'])
    expect(notJson.code).toBe(2)
    expect(parseJsonOutput<ErrorJson>(notJson).error.message).toMatch(/^--request is not valid JSON/)
    const combined = await runCli(['call', '--catalog', catalog, 'water', '--request', '{"id":"water"}'])
    expect(combined.code).toBe(2)
  })
})

describe('call: hostile argument files (exit 2, nothing runs)', () => {
  it('names a file that is not JSON, or not an object, without a stack trace', async () => {
    const {dir, catalog, marker} = catalogDir()
    const binary = join(dir, 'args.bin')
    writeFileSync(binary, Buffer.from([0x00, 0x1b, 0x5b, 0x32, 0x4a, 0xff, 0xfe]))
    const notJson = await runCli(['call', '--catalog', catalog, 'touch', '--args-file', binary])
    expect(notJson.code).toBe(2)
    expect(notJson.stderr).toMatch(new RegExp(`^Error: ${binary.replaceAll(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not valid JSON: [^\n]*\n$`))
    expect(notJson.stderr).not.toContain('\u001b')
    expect(notJson.stderr).not.toMatch(/\n\s+at /)
    const array = join(dir, 'args.json')
    writeFileSync(array, JSON.stringify(Array.from({length: 100_000}, (_, i) => i)))
    const notObject = await runCli(['call', '--catalog', catalog, 'touch', '--args-file', array, '--json'])
    expect(notObject.code).toBe(2)
    expect(parseJsonOutput<ErrorJson>(notObject).error.message).toBe(`${array} must be a JSON object of tool arguments.`)
    expect(existsSync(marker)).toBe(false)
  })

  it('rejects arguments nested 20,000 levels deep, from --args or --request, before anything runs', async () => {
    const {dir, catalog, marker} = catalogDir()
    const bomb = `${'['.repeat(20_000)}${']'.repeat(20_000)}`
    const file = join(dir, 'bomb.json')
    writeFileSync(file, `{"count": ${bomb}}`)
    const fromFile = await runCli(['call', '--catalog', catalog, 'touch', '--args-file', file])
    expect(fromFile).toMatchObject({code: 2, stderr: 'Error: The tool arguments nest deeper than 256 levels.\n'})
    const fromRequest = await runCli(['call', '--catalog', catalog, '--request', `{"id": "touch", "args": {"count": ${bomb}}}`, '--json'])
    expect(fromRequest.code).toBe(2)
    expect(parseJsonOutput<ErrorJson>(fromRequest).error.message).toBe('The tool arguments nest deeper than 256 levels.')
    expect(existsSync(marker)).toBe(false)
  })

  it('passes a 10 MB argument file through to validation', async () => {
    const {dir, catalog, marker} = catalogDir()
    const huge = join(dir, 'huge.json')
    writeFileSync(huge, JSON.stringify({count: 1, blob: 'x'.repeat(10_000_000)}))
    const result = await runCli(['call', '--catalog', catalog, 'touch', '--args-file', huge, '--json'])
    expect(result.code).toBe(1)
    expect(parseJsonOutput<ErrorJson>(result).error.message).toBe('Invalid arguments for tool "openclaw:dev:touch": <root>: must not have additional properties: "blob". Expected input: { count?: number /* integer */ }.')
    expect(existsSync(marker)).toBe(false)
  })
})

describe('call: MCP servers that cannot start', () => {
  /** A fixture tool next to an MCP server whose command does not exist (no network needed). */
  function catalogWithDeadServer(): string {
    const catalog = join(tempDir(), 'catalog.json')
    const servers = {ghost: {command: 'definitely-not-a-program-xyz', args: []}}
    writeFileSync(catalog, JSON.stringify({tools: [{name: 'ping', description: 'Ping.', run: {result: 'pong'}}], mcpServers: servers}))
    return catalog
  }
  const ghost = {server: 'ghost', error: expect.stringContaining('definitely-not-a-program-xyz')}

  it('lists them as unavailableMcpServers in the --json envelope and warns on stderr', async () => {
    const result = await runCli(['call', '--catalog', catalogWithDeadServer(), 'ping', '--json'])
    expect(result.code).toBe(0)
    expect(parseJsonOutput(result)).toEqual({tool: {id: 'openclaw:core:ping', name: 'ping', source: 'openclaw'}, result: 'pong', unavailableMcpServers: [ghost]})
    expect(result.stderr).toContain('Warning: MCP server "ghost" is unavailable')
  })

  it('lists them in --json errors too', async () => {
    const result = await runCli(['call', '--catalog', catalogWithDeadServer(), 'pong', '--json'])
    expect(result.code).toBe(1)
    expect(parseJsonOutput<ErrorJson & {error: {unavailableMcpServers: unknown}}>(result).error).toMatchObject({code: 'unknown-tool', unavailableMcpServers: [ghost]})
  })

  it('calls a tool of a server that is down by id: unavailable (exit 4), not unknown', async () => {
    const catalog = catalogWithDeadServer()
    const result = await runCli(['call', '--catalog', catalog, 'mcp:ghost:echo', '--json'])
    expect(result.code).toBe(4)
    const error = parseJsonOutput<ErrorJson>(result).error
    expect(error.code).toBe('tool-unavailable')
    expect(error.message).toMatch(/^MCP server "ghost" is unavailable: .*definitely-not-a-program-xyz.*; tool "mcp:ghost:echo" cannot be called\.$/)
    // A name cannot be traced to a server: it stays an unknown tool.
    expect((await runCli(['call', '--catalog', catalog, 'echo'])).code).toBe(1)
  })

  it('leaves the key out when every server was used', async () => {
    const {catalog} = catalogDir()
    expect(parseJsonOutput<Record<string, unknown>>(await runCli(['call', '--catalog', catalog, 'openclaw:one:dup', '--json']))).not.toHaveProperty('unavailableMcpServers')
  })
})

describe('call: usage errors (exit 2)', () => {
  it.each([
    [['call'], 'Name the tool to call'],
    [['call', 'water', '--args', '{zone: north}'], '--args is not valid JSON'],
    [['call', 'water', '--args', '[1]'], '--args must be a JSON object of tool arguments.'],
    [['call', 'water', 'zone'], 'Expected key=value, got "zone".'],
    [['call', 'water', '--args-file', '/nonexistent/args.json'], 'Cannot read --args-file /nonexistent/args.json: no such file'],
    [['call', 'water', '--args-file', '/'], 'Cannot read --args-file /: it is a directory, not a file'],
  ])('%j', async (args, message) => {
    const {catalog} = catalogDir()
    const result = await runCli([...args, '--catalog', catalog, '--json'])
    expect(result.code).toBe(2)
    expect(parseJsonOutput<ErrorJson>(result).error.message).toContain(message)
  })
})

describe('call: patterns run in linear time (a trusted schema is data)', () => {
  function patternCatalog(pattern: string): string {
    const catalog = join(tempDir(), 'catalog.json')
    const tool = {name: 'match', sourceName: 'dev', description: 'Match a value.', run: {result: {ok: true}}}
    writeFileSync(catalog, JSON.stringify({tools: [{...tool, parameters: {type: 'object', properties: {value: {type: 'string', pattern}}, required: ['value']}}]}))
    return catalog
  }

  it('answers a catastrophic-backtracking pattern promptly, with the ordinary verdict', async () => {
    const catalog = patternCatalog('^(a+)+$')
    // V8's backtracking RegExp needs about a minute for 31 characters and doubles with each one
    // more: for 40, days. The linear engine answers at once; the test's timeout tells them apart.
    const attack = await runCli(['call', '--catalog', catalog, '--request', JSON.stringify({id: 'match', args: {value: `${'a'.repeat(40)}!`}}), '--json'])
    expect(attack.code).toBe(1)
    expect(parseJsonOutput<ErrorJson>(attack).error.message).toBe(
      'Invalid arguments for tool "openclaw:dev:match": value: must match pattern "^(a+)+$". Expected input: { value: string }.',
    )
    const fine = await runCli(['call', '--catalog', catalog, '--request', JSON.stringify({id: 'match', args: {value: 'a'.repeat(5_000)}}), '--json'])
    expect(fine.code).toBe(0)
  })

  it('fails closed on lookaround: the schema is invalid, and a note says why', async () => {
    const catalog = patternCatalog('^(?!admin).*$')
    const result = await runCli(['call', '--catalog', catalog, 'match', 'value=guest'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      'Error: Tool "openclaw:dev:match" has an invalid inputSchema.\nNote: The pattern "^(?!admin).*$" cannot be checked in linear time: it uses lookaround, which RE2 does not support.\n',
    )
  })
})
