/**
 * OpenClaw 2026.9.6's tool policy. The table at the top replays recorded OpenClaw runs (one agent
 * turn each, Tool Search off so the request lists every tool left): the module, fed the run's
 * config, must leave exactly the tools the model was offered and predict exactly the warnings
 * OpenClaw printed. The rules a run cannot show (the sandbox needs Docker) are checked against
 * what OpenClaw's own functions compute, and the remaining corners one by one.
 */
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {rosterDefaultAgentId} from '../../src/config/agent-roster.js'
import {resolveOpenClawToolPolicy, type OpenClawToolPolicyOptions, type OpenClawToolRef} from '../../src/catalog/openclaw-policy/index.js'

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'openclaw-runs', 'policy')
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(fixtures, path), 'utf8')) as T

interface ToolsFixture {
  own: OpenClawToolRef[]
  mcp: OpenClawToolRef[]
  mcpServers: string[]
}
interface RunFixture {
  scenario: {name: string; agentArgs?: string; extraMcpServers?: string[]; config?: Record<string, unknown>}
  exitCode: number
  tools?: string[]
  warnings?: string[]
  refused?: string
  /** A Tool Search run: `tools` holds OpenClaw's own tools (visible and in the directory); the MCP tools are only counted. */
  toolSearch?: true
  omitted?: number
}

const {own, mcp, mcpServers} = readJson<ToolsFixture>('tools.json')
const everyTool = [...own, ...mcp]
const baseConfig = readJson<Record<string, unknown>>('base-config.json')

/** The kit's merge of a scenario's config over the base config: objects merge, anything else replaces. */
function merged(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over
  const result: Record<string, unknown> = {...base}
  for (const [key, value] of Object.entries(over)) result[key] = isObject(value) && isObject(result[key]) ? merged(result[key], value) : value
  return result
}
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const mock = {modelProvider: 'mock', modelId: 'mock-model'}

/** The MCP tools of servers running the recorded server program under other names. */
function mcpToolsOf(servers: readonly string[]): OpenClawToolRef[] {
  return servers.flatMap((server) => mcp.map((tool) => ({...tool, name: tool.name.replace(/^everything__/, `${server}__`)})))
}

/** The tools a turn offers under the policy: OpenClaw's own, and the MCP tools of servers it starts. */
function offered(config: unknown, options: OpenClawToolPolicyOptions = {}, tools: OpenClawToolRef[] = everyTool, servers: readonly string[] = mcpServers): string[] {
  const policy = resolveOpenClawToolPolicy(config, {...mock, ...options})
  const started = (tool: OpenClawToolRef): boolean => tool.pluginId !== 'bundle-mcp' || !servers.some((server) => tool.name.startsWith(`${server}__`) && policy.deniesMcpServer(server))
  return tools.filter((tool) => policy.allows(tool) && started(tool)).map((tool) => tool.name)
}

/** `--agent <id>` of the run; no flag means the roster's default agent. */
function agentOf(scenario: RunFixture['scenario']): string | undefined {
  if (scenario.agentArgs === undefined) return 'main'
  const match = /--agent (\S+)/.exec(scenario.agentArgs)
  return match?.[1]
}

const runs = readdirSync(join(fixtures, 'runs'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => readJson<RunFixture>(join('runs', file)))

describe('recorded OpenClaw runs', () => {
  it('has the runs and the tool set they were recorded with', () => {
    expect(own).toHaveLength(54)
    expect(mcp).toHaveLength(16)
    expect(runs.filter((run) => run.tools !== undefined).length).toBeGreaterThanOrEqual(50)
  })

  for (const run of runs.filter((candidate) => candidate.tools !== undefined)) {
    it(`${run.scenario.name}: the same tools and warnings`, () => {
      const config = merged(baseConfig, run.scenario.config ?? {})
      const policy = resolveOpenClawToolPolicy(config, {...mock, agentId: agentOf(run.scenario)})
      expect(policy.agentProblem).toBeUndefined()
      const servers = [...mcpServers, ...(run.scenario.extraMcpServers ?? [])]
      const tools = offered(config, {agentId: agentOf(run.scenario)}, [...own, ...mcpToolsOf(servers)], servers)
      if (run.toolSearch) {
        expect(tools.filter((name) => !name.includes('__')).sort()).toEqual([...(run.tools ?? [])].sort())
        expect(tools.filter((name) => name.includes('__'))).toHaveLength(run.omitted ?? -1)
      } else expect(tools.sort()).toEqual([...(run.tools ?? [])].sort())
      const discovered = [...own, ...mcpToolsOf(servers.filter((server) => !policy.deniesMcpServer(server)))]
      expect(policy.warnings(discovered, servers)).toEqual(run.warnings)
    })
  }

  const refusals: Record<string, 'unknown-agent' | 'agent-required'> = {'Unknown agent id': 'unknown-agent', 'Multiple agents are configured': 'agent-required'}
  for (const run of runs.filter((candidate) => candidate.refused !== undefined)) {
    it(`${run.scenario.name}: refused for the same reason`, () => {
      const reason = Object.entries(refusals).find(([text]) => run.refused?.includes(text))
      expect(reason).toBeDefined()
      const policy = resolveOpenClawToolPolicy(merged(baseConfig, run.scenario.config ?? {}), {...mock, agentId: agentOf(run.scenario)})
      expect(policy.agentProblem).toBe(reason?.[1])
    })
  }
})

describe('the sandbox tool policy, as OpenClaw computes it', () => {
  // Computed by OpenClaw 2026.9.6's resolveSandboxToolPolicyForAgent and filterToolsByPolicy: a
  // sandboxed run needs Docker, so no run shows it.
  const cases = readJson<Record<string, {config: Record<string, unknown>; tools: string[]}>>('sandbox-computed.json')
  // view_image, which the sandbox treats apart, is a core tool the recorded runs do not offer.
  const withViewImage = [...everyTool, {name: 'view_image'}]
  for (const [name, {config, tools}] of Object.entries(cases)) {
    it(`${name}: sandbox mode "all" leaves what OpenClaw's sandbox layer leaves`, () => {
      const sandboxed = merged(config, {agents: {defaults: {sandbox: {mode: 'all'}}}})
      expect(resolveOpenClawToolPolicy(sandboxed).sandboxed).toBe(true)
      expect(offered(sandboxed, {}, withViewImage).sort()).toEqual([...tools].sort())
    })
  }

  it('applies only in mode "all", and an agent\'s own mode wins', () => {
    expect(offered({agents: {defaults: {sandbox: {mode: 'non-main'}}}})).toHaveLength(70)
    expect(offered({agents: {defaults: {sandbox: {mode: 'all'}}, entries: {main: {sandbox: {mode: 'off'}}}}})).toHaveLength(70)
    expect(offered({agents: {entries: {main: {sandbox: {mode: 'all'}}}}}, {}, withViewImage)).toEqual(cases.defaults.tools)
  })
})

describe('agents', () => {
  it('the default agent: the one marked default, else the only one, else main without a roster', () => {
    expect(rosterDefaultAgentId({})).toBe('main')
    expect(rosterDefaultAgentId({agents: {entries: {Solo: {}}}})).toBe('solo')
    expect(rosterDefaultAgentId({agents: {entries: {a: {}, b: {default: true}}}})).toBe('b')
    expect(rosterDefaultAgentId({agents: {list: [{id: 'a'}, {id: 'b', default: true}]}})).toBe('b')
    expect(resolveOpenClawToolPolicy({agents: {entries: {main: {}, ops: {default: true}}}}, {agentId: '  '}).agentId).toBe('ops')
  })

  it('leaves the default undecided where OpenClaw asks for --agent', () => {
    expect(rosterDefaultAgentId({agents: {entries: {a: {}, b: {}}}})).toBeUndefined()
    expect(rosterDefaultAgentId({agents: {entries: {a: {default: true}, b: {default: true}}}})).toBeUndefined()
    expect(rosterDefaultAgentId({agents: {ownership: 'explicit', entries: {a: {default: true}, b: {}}}})).toBeUndefined()
    expect(rosterDefaultAgentId({agents: {entries: {}}})).toBeUndefined()
    const policy = resolveOpenClawToolPolicy({agents: {entries: {a: {tools: {deny: ['read']}}, b: {}}}})
    expect(policy.agentProblem).toBe('agent-required')
    expect(policy.agentId).toBeUndefined()
    expect(policy.allows({name: 'read'})).toBe(true)
  })

  it('reads an agent by its normalized id, and knows main without a roster', () => {
    const config = {agents: {entries: {'Ops Team': {tools: {deny: ['read']}}}}}
    expect(resolveOpenClawToolPolicy(config, {agentId: 'ops-team'}).allows({name: 'read'})).toBe(false)
    expect(resolveOpenClawToolPolicy({}, {agentId: 'MAIN'}).agentProblem).toBeUndefined()
    expect(resolveOpenClawToolPolicy(config, {agentId: 'main'}).agentProblem).toBe('unknown-agent')
  })

  it("an agent's empty profile hides the global one (OpenClaw's ??), and its alsoAllow replaces the global alsoAllow", () => {
    expect(offered({tools: {profile: 'minimal'}, agents: {entries: {main: {tools: {profile: ''}}}}})).toHaveLength(70)
    expect(offered({tools: {profile: 'minimal', alsoAllow: ['read']}, agents: {entries: {main: {tools: {alsoAllow: ['write']}}}}}, {}, own)).toEqual(['apply_patch', 'gateway', 'session_status', 'write'])
  })
})

describe('layers', () => {
  it('tools.byProvider: the provider/model key before the provider key; a canonical spelling wins over another', () => {
    const config = {tools: {byProvider: {mock: {deny: ['read']}, 'mock/mock-model': {deny: ['write']}}}}
    expect(offered(config, {}, own)).toContain('read')
    expect(offered(config, {}, own)).not.toContain('write')
    expect(offered(config, {modelId: 'other'}, own)).not.toContain('read')
    expect(offered({tools: {byProvider: {' MOCK ': {deny: ['read']}, mock: {deny: ['write']}}}}, {}, own)).toContain('read')
    expect(offered(config, {modelProvider: undefined, modelId: undefined}, own)).toHaveLength(54)
  })

  it('an empty or blank allow list allows everything; group:plugins with no plugin tool allows nothing', () => {
    expect(offered({tools: {allow: ['  ']}})).toHaveLength(70)
    expect(offered({tools: {allow: ['group:plugins']}, plugins: {enabled: false}}).every((name) => name.includes('__'))).toBe(true)
  })

  it('* is the only wildcard: ? and regular-expression characters are literal', () => {
    expect(offered({tools: {allow: ['re?d', 'e.it', 'rea*']}}, {}, own)).toEqual(['read'])
  })

  it('ignores entries that are not strings', () => {
    expect(offered({tools: {allow: [42, 'read', null]}}, {}, own)).toEqual(['read'])
  })
})

describe('plugins', () => {
  const policy = (plugins: Record<string, unknown>) => resolveOpenClawToolPolicy({plugins})
  it('the memory slot decides memory-core, even against plugins.allow', () => {
    expect(policy({allow: ['browser']}).pluginEnabled('memory-core')).toBe(true)
    expect(policy({slots: {memory: 'memory-lancedb'}}).pluginEnabled('memory-core')).toBe(false)
    expect(policy({slots: {memory: ' NONE '}}).pluginEnabled('memory-core')).toBe(false)
    expect(policy({slots: {memory: 'memory-core'}, deny: ['memory-core']}).pluginEnabled('memory-core')).toBe(false)
    // OpenClaw turns on whatever plugin the slot names before it looks at plugins.allow.
    expect(policy({allow: ['ollama'], slots: {memory: 'browser'}}).pluginEnabled('browser')).toBe(true)
  })

  it('entries.<id>.enabled and the allowlist', () => {
    expect(policy({entries: {Canvas: {enabled: false}}}).pluginEnabled('canvas')).toBe(false)
    expect(policy({allow: ['canvas'], entries: {canvas: {enabled: false}}}).pluginEnabled('canvas')).toBe(false)
    expect(policy({allow: ['ollama']}).pluginEnabled('canvas')).toBe(false)
    expect(policy({}).pluginEnabled('bundle-mcp')).toBe(true)
    expect(policy({enabled: false}).pluginEnabled('bundle-mcp')).toBe(true)
    expect(policy({}).pluginEnabled('not-bundled')).toBe(false)
  })
})

describe('MCP servers skipped before discovery', () => {
  const denies = (deny: string[], server = 'everything') => resolveOpenClawToolPolicy({tools: {deny}}).deniesMcpServer(server)
  it('bundle-mcp, group:plugins, or a glob ending in * that covers <safeServer>__', () => {
    expect(denies(['bundle-mcp'])).toBe(true)
    expect(denies(['Group:Plugins'])).toBe(true)
    expect(denies(['every*'])).toBe(true)
    expect(denies(['everything__*'])).toBe(true)
    expect(denies(['everything__get-*'])).toBe(false)
    expect(denies(['everything__echo'])).toBe(false)
    expect(denies(['*thing'])).toBe(false)
    expect(denies(['other__*'])).toBe(false)
  })

  it('counts the deny entries of every layer', () => {
    expect(resolveOpenClawToolPolicy({tools: {byProvider: {mock: {deny: ['bundle-mcp']}}}}, mock).deniesMcpServer('everything')).toBe(true)
    expect(resolveOpenClawToolPolicy({agents: {entries: {main: {tools: {deny: ['every*']}}}}}, {agentId: 'main'}).deniesMcpServer('everything')).toBe(true)
  })
})

describe('warnings', () => {
  it('are only logged by the MCP pass when MCP tools were discovered', () => {
    const policy = resolveOpenClawToolPolicy({tools: {allow: ['read', 'group:fs']}})
    expect(policy.warnings(everyTool, mcpServers)).toEqual(["tools: tools.allow allowlist contains unknown entries (group:fs). These entries won't match any tool unless the plugin is enabled."])
    expect(policy.warnings(own, mcpServers)).toEqual([])
  })

  // `group:fs` (read) and `group:nodes` (computer) keep OpenClaw's two silent passes, over `read`
  // and `computer` alone, from producing the same text first.
  const quietInSilentPasses = ['group:fs', 'group:nodes']

  it('are never printed when a silent pass over read or computer made the same text first', () => {
    const policy = resolveOpenClawToolPolicy({tools: {allow: ['bundle-mcp', 'everything__echo']}})
    expect(policy.warnings(own, [])).toEqual([])
    expect(resolveOpenClawToolPolicy({tools: {allow: ['group:openclaw']}}).warnings(everyTool, mcpServers)).toEqual([])
  })

  it('know bundle-mcp and <safeServer>__ names only while a configured server is not skipped', () => {
    const policy = resolveOpenClawToolPolicy({tools: {allow: ['bundle-mcp', 'everything__echo', ...quietInSilentPasses]}})
    expect(policy.warnings(own, mcpServers)).toEqual([])
    expect(policy.warnings(own, [])).toEqual(["tools: tools.allow allowlist contains unknown entries (bundle-mcp, everything__echo). These entries won't match any tool unless the plugin is enabled."])
    expect(resolveOpenClawToolPolicy({tools: {allow: ['bundle-mcp', ...quietInSilentPasses], deny: ['every*']}}).warnings(own, mcpServers)).toEqual([
      "tools: tools.allow allowlist contains unknown entries (bundle-mcp). These entries won't match any tool unless the plugin is enabled.",
    ])
  })

  it("name a plugin's tools as unknown once the plugin is disabled, and shipped core tools first", () => {
    const policy = resolveOpenClawToolPolicy({tools: {allow: ['dir_list', 'file-transfer', 'browser', ...quietInSilentPasses]}, plugins: {allow: ['ollama']}})
    expect(policy.warnings(own, mcpServers)).toEqual(['tools: tools.allow allowlist contains unknown entries (browser, dir_list, file-transfer). Some entries are shipped core tools but unavailable in the current runtime/provider/model/config; other entries won\'t match any tool unless the plugin is enabled.'])
  })

  it("label a provider's and an agent's layers", () => {
    const config = {tools: {byProvider: {mock: {profile: 'minimal', alsoAllow: ['nope_a', ...quietInSilentPasses]}}}, agents: {entries: {ops: {tools: {allow: ['nope_c', ...quietInSilentPasses]}}}}}
    expect(resolveOpenClawToolPolicy(config, {...mock, agentId: 'ops'}).warnings(own, [])).toEqual([
      "tools: tools.byProvider.profile (minimal) allowlist contains unknown entries (nope_a). These entries won't match any tool unless the plugin is enabled.",
      "tools: tools.byProvider.allow allowlist contains unknown entries (nope_a). These entries won't match any tool unless the plugin is enabled.",
      "tools: agents.ops.tools.allow allowlist contains unknown entries (nope_c). These entries won't match any tool unless the plugin is enabled.",
    ])
  })
})
