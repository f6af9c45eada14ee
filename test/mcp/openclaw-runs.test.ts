/**
 * The real server-everything, listed by toolsearch, against what OpenClaw 2026.9.6 made of the
 * same server in real runs (test/fixtures/openclaw-runs): the 16 tools it hands the model, with
 * the same names, descriptions and parameters byte for byte, the same hits, the same
 * tool_describe and tool_call results; the operations over resources and prompts calling the
 * server; the old ids a person may still type.
 */
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {modelToolCallResult, resolveCall, runCall, type CallOutcome} from '../../src/call/call.js'
import {loadCatalogs} from '../../src/catalog/load.js'
import type {Catalog, CatalogEntry} from '../../src/catalog/types.js'
import {describeEntry} from '../../src/describe/describe.js'
import {CLIENT_CAPABILITIES} from '../../src/mcp/session.js'
import {toSearchHit} from '../../src/search/hits.js'
import {ROOT, runCli, tempDir} from '../helpers/cli.js'
import {modelErrorText} from '../helpers/controls.js'
import {RUNS, controlCalls, requests} from '../helpers/openclaw-runs.js'
import {everythingServer, leftoverServers, pidFile, writeMcpConfig} from './helpers.js'

/** The text inside OpenClaw's external-content wrapper (or the text itself, unwrapped). */
function unwrapped(text: string): string {
  const start = text.indexOf('\n---\n')
  const end = text.indexOf('\n<<<END_EXTERNAL_UNTRUSTED_CONTENT')
  return start === -1 || end === -1 ? text : text.slice(start + '\n---\n'.length, end)
}

let dir: string
let pids: string
let config: string
let catalog: Catalog

beforeAll(async () => {
  dir = tempDir()
  pids = pidFile(dir)
  config = writeMcpConfig(dir, {everything: everythingServer(pids)})
  catalog = await loadCatalogs([config], {env: {PATH: process.env.PATH}, mcpTimeoutMs: 30_000})
}, 60_000)

afterAll(async () => {
  expect(await leftoverServers(pids)).toEqual([])
})

function entryNamed(name: string): CatalogEntry {
  const entry = catalog.entries.find((candidate) => candidate.name === name)
  if (entry === undefined) throw new Error(`no entry ${name}`)
  return entry
}

async function modelCall(request: string): Promise<string> {
  const resolved = await resolveCall({request, pairs: []}, catalog, async () => '')
  const outcome: CallOutcome = await runCall(resolved.entry, resolved.args, {catalog, approval: 'refuse', terminal: {input: process.stdin, output: process.stderr}})
  return JSON.stringify(modelToolCallResult(outcome), null, 2)
}

describe('server-everything as OpenClaw hands it to the model', () => {
  it('has the 16 tools of the direct run, with its names, descriptions and parameters byte for byte, in its order', () => {
    const recorded = requests('direct')[0]!.body.tools.filter((tool) => tool.function.name.startsWith('everything__'))
    expect(recorded).toHaveLength(16)
    expect(catalog.unavailableMcpServers).toEqual([])
    expect(catalog.entries.map((entry) => entry.name)).toEqual(recorded.map((tool) => tool.function.name))
    for (const tool of recorded) {
      const entry = entryNamed(tool.function.name)
      expect(JSON.stringify({type: 'function', function: {name: entry.name, description: entry.description, parameters: entry.parameters}})).toBe(JSON.stringify(tool))
    }
  })

  it('declares no client capabilities, as OpenClaw: the sampling, elicitation and roots tools are not listed, and the task tool is left out', () => {
    expect(CLIENT_CAPABILITIES).toEqual({})
    const own = catalog.entries.map((entry) => entry.mcp!.toolName)
    for (const tool of ['get-roots-list', 'trigger-sampling-request', 'trigger-elicitation-request', 'trigger-url-elicitation', 'simulate-research-query']) expect(own).not.toContain(tool)
  })

  it('gives the hits of the default run\'s tool_search, every MCP one byte for byte', () => {
    const [search] = controlCalls('default')
    expect(search!.tool).toBe('tool_search')
    const hits = (JSON.parse(unwrapped(search!.result)) as Array<{id: string; source: string}>).filter((hit) => hit.source === 'mcp')
    expect(hits.length).toBeGreaterThan(0)
    for (const hit of hits) expect(JSON.stringify(toSearchHit(catalog.entries.find((entry) => entry.id === hit.id)!))).toBe(JSON.stringify(hit))
  })

  it('gives the describe run\'s tool_describe result, byte for byte', () => {
    const describeCall = controlCalls('describe').find((call) => call.tool === 'tool_describe')!
    const {id} = JSON.parse(describeCall.args) as {id: string}
    expect(JSON.stringify(describeEntry(catalog.entries.find((entry) => entry.id === id)!), null, 2)).toBe(unwrapped(describeCall.result))
  })

  it('gives the tool_call result of the default and describe runs, byte for byte: OpenClaw\'s { content, details }', async () => {
    for (const run of ['default', 'describe']) {
      const call = controlCalls(run).find((candidate) => candidate.tool === 'tool_call')!
      expect(await modelCall(call.args)).toBe(unwrapped(call.result))
    }
  })

  it('refuses the unknown-id run\'s misspelled id with OpenClaw\'s words', async () => {
    const [call] = controlCalls('unknown-id')
    const recorded = (JSON.parse(call!.result) as {error: string}).error
    await expect(resolveCall({request: call!.args, pairs: []}, catalog, async () => '')).rejects.toMatchObject({code: 'unknown-tool', message: recorded})
  })
})

describe('the operations over resources and prompts, calling the server', () => {
  it('lists resources and reads one', async () => {
    const listed = JSON.parse(await modelCall('{"id":"everything__resources_list","args":{}}')) as {tool: unknown; result: {content: Array<{text: string}>; details: unknown}}
    expect(listed.tool).toEqual({id: 'mcp:everything:everything__resources_list', name: 'everything__resources_list', source: 'mcp'})
    expect(listed.result.details).toEqual({mcpServer: 'everything', mcpOperation: 'resources_list', untrustedMcpOutput: true})
    const {resources} = JSON.parse(listed.result.content[0]!.text) as {resources: Array<{uri: string; name: string}>}
    const architecture = resources.find((resource) => resource.name === 'architecture.md')!
    expect(architecture.uri).toBe('demo://resource/static/document/architecture.md')

    const read = JSON.parse(await modelCall(JSON.stringify({id: 'mcp:everything:everything__resources_read', args: {uri: architecture.uri}}))) as {result: {content: Array<{text: string}>; details: unknown}}
    expect(read.result.details).toEqual({mcpServer: 'everything', mcpOperation: 'resources_read', untrustedMcpOutput: true})
    const {contents} = JSON.parse(read.result.content[0]!.text) as {contents: Array<{uri: string; mimeType: string; text: string}>}
    expect(contents[0]).toMatchObject({uri: architecture.uri, mimeType: 'text/markdown'})
    expect(contents[0]!.text).toContain('# Everything Server')
  })

  it('lists prompts and gets one with its arguments', async () => {
    const listed = JSON.parse(await modelCall('{"id":"everything__prompts_list","args":{}}')) as {result: {content: Array<{text: string}>}}
    const {prompts} = JSON.parse(listed.result.content[0]!.text) as {prompts: Array<{name: string}>}
    expect(prompts.map((prompt) => prompt.name)).toContain('args-prompt')
    expect(await modelCall('{"id":"everything__prompts_get","args":{"name":"args-prompt","arguments":{"state":"FR","city":"Paris"}}}')).toBe(
      JSON.stringify(
        {
          tool: {id: 'mcp:everything:everything__prompts_get', name: 'everything__prompts_get', source: 'mcp'},
          result: {content: [{type: 'text', text: 'user:'}, {type: 'text', text: "What's weather in Paris, FR?"}], details: {mcpServer: 'everything', mcpOperation: 'prompts_get', untrustedMcpOutput: true}},
        },
        null,
        2,
      ),
    )
  })

  it('refuses a read without a uri, and prompt arguments that are not text, as OpenClaw words it', async () => {
    await expect(modelCall('{"id":"everything__resources_read","args":{}}')).rejects.toThrow('uri is required')
    await expect(modelCall('{"id":"everything__prompts_get","args":{"name":"args-prompt","arguments":{"city":1}}}')).rejects.toThrow('arguments.city must be a string')
  })
})

describe('an id in the old form', () => {
  it('still finds the tool for a person, with a one-line note naming the new id', async () => {
    const call = await runCli(['call', '--catalog', config, 'mcp:everything:echo', 'message=hi'])
    expect(call.code).toBe(0)
    expect(call.stdout).toBe('"Echo: hi"\n')
    expect(call.stderr).toBe('Note: "mcp:everything:echo" is now mcp:everything:everything__echo (OpenClaw\'s name for this MCP tool); use that id.\n')
    const described = await runCli(['describe', '--catalog', config, 'mcp:everything:get-sum', '--json'])
    expect(described.code).toBe(0)
    expect(JSON.parse(described.stdout)).toMatchObject({id: 'mcp:everything:everything__get-sum'})
    expect(described.stderr).toBe('Note: "mcp:everything:get-sum" is now mcp:everything:everything__get-sum (OpenClaw\'s name for this MCP tool); use that id.\n')
    const bare = await runCli(['call', '--catalog', config, 'get-sum', 'a=2', 'b=3'])
    expect(bare.stdout).toBe('"The sum of 2 and 3 is 5."\n')
    expect(bare.stderr).toBe('Note: "get-sum" is now mcp:everything:everything__get-sum (OpenClaw\'s name for this MCP tool); use that id.\n')
  })

  it('is unknown to the model: a raw tool_call request gets OpenClaw\'s error and no note', async () => {
    const result = await runCli(['call', '--catalog', config, '--request', '{"id":"mcp:everything:echo","args":{"message":"hi"}}'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe(
      modelErrorText('tool_call', 'Unknown tool id: mcp:everything:echo. Did you mean: everything__echo, everything__get-annotated-message, everything__get-env? Use tool_search to find a tool, tool_describe to inspect it, then tool_call with the exact id or name.'),
    )
    expect(result.stderr).toBe('')
  })
})
