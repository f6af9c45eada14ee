/**
 * Every recorded run of OpenClaw (test/fixtures/openclaw-runs) replayed through toolsearch with
 * nothing but the run's config: what toolsearch shows as the model's view must be, byte for byte,
 * what OpenClaw gave the model —
 * - `directory` equals the `### Deferred Tool Schemas` section of the first request's system prompt;
 * - `search`, `describe` and `call --request` with the model's own arguments print each control's
 *   recorded result (only the random boundary id of an external-content wrapper may differ);
 * - `payload --controls` equals the control definitions the requests carried;
 * - `session replay` of the run's agent database finds every search and refusal again.
 * The config's MCP servers run this checkout's server-everything, as the recordings ran theirs.
 * `code` is left out: it records the code mode OpenClaw 2026.9.6 still selects for
 * `toolSearch: true`, which toolsearch reads as tools mode (README, "Checked against real
 * OpenClaw runs").
 */
import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {RUNS, agentFlags, controlCalls, recordedRuns, requests, runnableConfig, systemPrompt, withoutBoundaryIds} from '../helpers/openclaw-runs.js'

const DIRECTORY_HEADING = '### Deferred Tool Schemas\n'
const CONTROLS: Readonly<Record<string, string>> = {tool_search: 'search', tool_describe: 'describe', tool_call: 'call'}
/** Runs whose Tool Search mode toolsearch deliberately reads otherwise. */
const NOT_REPLAYED = new Set(['code'])
/** Tools whose result is the machine's own (server-everything's get-env lists the server's environment). */
const MACHINE_DEPENDENT = new Set(['everything__get-env'])

function callsMachineDependentTool(call: {tool: string; args: string}): boolean {
  const args = JSON.parse(call.args) as {id?: unknown}
  return call.tool === 'tool_call' && typeof args.id === 'string' && MACHINE_DEPENDENT.has(args.id.split(':').at(-1)!)
}

const runs = recordedRuns().filter((run) => !NOT_REPLAYED.has(run))
const dir = tempDir()

it('finds the recordings (the replay can fail)', () => {
  expect(runs).toEqual(expect.arrayContaining(['bad-queries', 'default', 'describe', 'direct', 'directory', 'unknown-id']))
})

describe.concurrent.each(runs)('%s', (run) => {
  const config = runnableConfig(run, dir)
  const prompt = systemPrompt(run)
  // The agent the run was for, as `openclaw agent --agent` named it.
  const agent = agentFlags(run)

  // Only the tests a run has material for are defined: a run with no directory (direct mode) has no directory test.
  if (prompt.includes(DIRECTORY_HEADING)) it('directory --config prints the recorded Deferred Tool Schemas section', async () => {
    const result = await runCli(['directory', '--config', config, ...agent])
    expect(result.code).toBe(0)
    const recorded = prompt.slice(prompt.indexOf(DIRECTORY_HEADING) + DIRECTORY_HEADING.length)
    const printed = result.stdout.replace(/\n$/u, '')
    expect(printed.length).toBeGreaterThan(0)
    // The section ends where the prompt's next line begins.
    expect(recorded.slice(0, printed.length + 1)).toBe(`${printed}\n`)
  })

  const calls = controlCalls(run).filter((call) => CONTROLS[call.tool] !== undefined && !callsMachineDependentTool(call))
  if (calls.length > 0) it('search, describe and call --request print each recorded control result', async () => {
    for (const call of calls) {
      const result = await runCli([CONTROLS[call.tool]!, '--config', config, ...agent, '--request', call.args])
      expect(withoutBoundaryIds(result.stdout.replace(/\n$/u, '')), `${call.tool} ${call.args}`).toBe(withoutBoundaryIds(call.result))
    }
  })

  if (existsSync(join(RUNS, run, 'agent.sqlite'))) it('session replay reproduces every recorded search, and every refusal word for word', async () => {
    const result = await runCli(['session', 'replay', join(RUNS, run, 'agent.sqlite'), '--config', config, ...agent, '--json'])
    expect(result.code).toBe(0)
    const replay = parseJsonOutput<{same: boolean; searches: Array<{callId: string; same: boolean; recordedError?: string; todayError?: string}>}>(result)
    expect(replay.same).toBe(true)
    for (const search of replay.searches) expect(search.todayError, search.callId).toBe(search.recordedError)
  })

  const offered = requests(run)[0]!.body.tools.map((tool) => tool.function).filter((tool) => CONTROLS[tool.name] !== undefined)
  if (offered.length > 0) it('payload --controls prints the recorded control definitions', async () => {
    const result = await runCli(['payload', '--controls', '--config', config, ...agent])
    expect(result.code).toBe(0)
    const printed = JSON.parse(result.stdout) as Array<{name: string}>
    expect(printed.sort((a, b) => a.name.localeCompare(b.name))).toEqual(offered.sort((a, b) => a.name.localeCompare(b.name)))
  })
})
