/**
 * search, describe and call print a control's result as the model reads it: cut by OpenClaw's
 * tool result context guard for the model's context window — `--context-window`, else the window
 * the config declares for the turn's model — refusals and errors included. The rule itself is
 * pinned in context-guard.test.ts; here each way in is checked against it.
 */
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {guardToolResultText} from '../../src/controls/context-guard.js'
import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

const EXAMPLE = join(ROOT, 'examples', 'catalog.json5')
const notice = (cut: number) => `[... ${cut} more characters truncated; rerun with narrower args if needed]`
const CUT_NOTE = /^Note: OpenClaw cuts this result to fit the model's context window \(1000 tokens\): the model reads \d+ of its \d+ characters, as printed \(--context-window 0 prints it whole\)\.$/m

/** An OpenClaw config whose agents run on a model with this context window. */
function configWithWindow(tokens: number): string {
  const file = join(tempDir(), 'openclaw.json')
  writeFileSync(file, JSON.stringify({agents: {defaults: {model: {primary: 'mock/m'}}}, models: {providers: {mock: {models: [{id: 'm', contextWindow: tokens}]}}}}))
  return file
}

/** A catalog with one trusted tool whose result is 3,000 characters of report. */
function longResultCatalog(): string {
  const file = join(tempDir(), 'tools.json')
  writeFileSync(file, JSON.stringify({tools: [{name: 'long_report', description: 'Return a long report.', parameters: {type: 'object', properties: {}}, run: {result: {report: 'z'.repeat(3000)}}}]}))
  return file
}

const stdoutText = (stdout: string) => stdout.replace(/\n$/u, '')

describe("a control's result cut to the model's context window", () => {
  it('search --request --context-window 1000: the first lines of the wrapper and the count of the rest', async () => {
    const request = ['search', '--catalog', EXAMPLE, '--request', '{"query":"file"}']
    const whole = await runCli([...request, '--context-window', '0'])
    const cut = await runCli([...request, '--context-window', '1000'])
    expect(whole.code).toBe(0)
    expect(cut.code).toBe(0)
    const text = stdoutText(whole.stdout)
    // An MCP tool among the candidates: the text opens with the security notice. Budget 1,024,
    // room 886 → 443 characters; the last line break in them, at 375 (> 354.4), ends the fourth line.
    const kept = text.split('\n').slice(0, 4).join('\n')
    expect(kept).toHaveLength(375)
    expect(stdoutText(cut.stdout)).toBe(`${kept}${notice(text.length - 375)}`)
    expect(cut.stderr).toMatch(CUT_NOTE)
    expect(whole.stderr).toBe('')
  })

  it("takes the window the config declares for the turn's model; --context-window wins, 0 meaning none", async () => {
    const config = configWithWindow(1000)
    const request = ['search', '--config', config, '--request', '{"query":"session history"}']
    const [fromConfig, larger, none] = await Promise.all([runCli(request), runCli([...request, '--context-window', '200000']), runCli([...request, '--context-window', '0'])])
    const whole = stdoutText(none.stdout)
    expect(whole.length).toBeGreaterThan(1000)
    expect(stdoutText(larger.stdout)).toBe(whole)
    expect(stdoutText(fromConfig.stdout)).toBe(guardToolResultText(whole, 1000))
    expect(fromConfig.stdout).toContain('more characters truncated; rerun with narrower args if needed]')
    expect(fromConfig.stderr).toMatch(CUT_NOTE)
  })

  it('search --request --json reports the text the model reads', async () => {
    const request = ['search', '--catalog', EXAMPLE, '--request', '{"query":"file"}', '--json']
    const whole = parseJsonOutput<{text: string}>(await runCli(request)).text
    const cut = parseJsonOutput<{text: string}>(await runCli([...request, '--context-window', '1000'])).text
    expect(cut).toBe(guardToolResultText(whole, 1000))
    expect(cut).not.toBe(whole)
  })

  it('search --request-file cuts each text line', async () => {
    const file = join(tempDir(), 'requests.jsonl')
    writeFileSync(file, '{"query":"file"}\n{"query":"weather","limit":1}\n{"queries":"x"}\n')
    const whole = (await runCli(['search', '--catalog', EXAMPLE, '--request-file', file])).stdout.trim().split('\n').map((line) => JSON.parse(line) as {text?: string; error?: string})
    const cut = (await runCli(['search', '--catalog', EXAMPLE, '--request-file', file, '--context-window', '1000'])).stdout.trim().split('\n').map((line) => JSON.parse(line) as {text?: string; error?: string})
    expect(cut).toEqual(whole.map((line) => (line.text === undefined ? line : {text: guardToolResultText(line.text, 1000)})))
    expect(cut[0]!.text).not.toBe(whole[0]!.text)
  })

  it('describe --request cuts a long description', async () => {
    const request = ['describe', '--catalog', EXAMPLE, '--request', '{"id":"openclaw:weather:weather_forecast"}']
    const [whole, cut] = await Promise.all([runCli(request), runCli([...request, '--context-window', '1000'])])
    expect(cut.code).toBe(0)
    expect(stdoutText(cut.stdout)).toBe(guardToolResultText(stdoutText(whole.stdout), 1000))
    expect(stdoutText(cut.stdout)).not.toBe(stdoutText(whole.stdout))
  })

  it("call --request cuts a tool's long result", async () => {
    const request = ['call', '--catalog', longResultCatalog(), '--request', '{"id":"long_report"}']
    const [whole, cut] = await Promise.all([runCli(request), runCli([...request, '--context-window', '1000'])])
    expect(cut.code).toBe(0)
    expect(stdoutText(whole.stdout)).toContain('z'.repeat(3000))
    expect(stdoutText(cut.stdout)).toBe(guardToolResultText(stdoutText(whole.stdout), 1000))
    expect(cut.stderr).toMatch(CUT_NOTE)
  })

  it.each([
    ['search', {query: 'file', limit: 'many', pad: 'p'.repeat(600)}],
    ['describe', {toolId: 'read', pad: 'p'.repeat(600)}],
    ['call', {toolId: 'read', pad: 'p'.repeat(600)}],
  ])('%s --request cuts a refusal too, and still exits 1', async (command, request) => {
    const args = [command, '--catalog', EXAMPLE, '--request', JSON.stringify(request)]
    const [whole, cut] = await Promise.all([runCli(args), runCli([...args, '--context-window', '1000'])])
    expect(whole.code).toBe(1)
    expect(cut.code).toBe(1)
    expect(whole.stdout).toMatch(/^Validation failed for tool "tool_/u)
    expect(stdoutText(cut.stdout)).toBe(guardToolResultText(stdoutText(whole.stdout), 1000))
    expect(stdoutText(cut.stdout)).not.toBe(stdoutText(whole.stdout))
  })

  it.each(['describe', 'call'])("%s --request cuts the control's error object too, and still exits 1", async (command) => {
    const args = [command, '--catalog', EXAMPLE, '--request', JSON.stringify({id: 'q'.repeat(600)})]
    const [whole, cut] = await Promise.all([runCli(args), runCli([...args, '--context-window', '1000'])])
    expect(whole.code).toBe(1)
    expect(cut.code).toBe(1)
    expect(whole.stdout).toMatch(/^\{\n {2}"status": "error",/u)
    expect(stdoutText(cut.stdout)).toBe(guardToolResultText(stdoutText(whole.stdout), 1000))
    expect(stdoutText(cut.stdout)).not.toBe(stdoutText(whole.stdout))
  })

  it('refuses --context-window without --request (exit 2)', async () => {
    for (const args of [['search', 'file'], ['describe', 'read'], ['call', 'read', 'path=README.md']]) {
      const result = await runCli([...args, '--catalog', EXAMPLE, '--context-window', '1000'])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toContain('--context-window')
    }
  })
})
