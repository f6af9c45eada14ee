import {describe, expect, it} from 'vitest'

import {openClawTurn, serversOpenClawStarts, turnAllows} from '../../src/catalog/openclaw-turn.js'
import {DEFAULT_OPENCLAW_TOOLS_RELEASE} from '../../src/catalog/openclaw-tools/index.js'
import type {CatalogEntry} from '../../src/catalog/types.js'

const turn = (config: unknown, agentId?: string) => openClawTurn(config, {agentId, openclawTools: DEFAULT_OPENCLAW_TOOLS_RELEASE})
const names = (config: unknown) => turn(config).ownTools.map((entry) => entry.name)
const mcpTool = (name: string): CatalogEntry => ({id: `mcp:everything:${name}`, name, source: 'mcp', sourceName: 'everything', description: '', trusted: false, visibility: 'deferred', requiresApproval: false, origin: {file: 'x', path: ['y']}})

describe("the turn OpenClaw runs with a config", () => {
  it("holds every own tool by default, none with 'none'", () => {
    expect(names({})).toHaveLength(54)
    expect(openClawTurn({}, {openclawTools: 'none'}).ownTools).toEqual([])
  })

  it("filters own tools by OpenClaw's policy: profiles, groups and plugins", () => {
    expect(names({tools: {profile: 'minimal'}}).sort()).toEqual(['gateway', 'session_status'])
    expect(names({tools: {deny: ['group:web']}})).not.toContain('web_fetch')
    expect(names({plugins: {enabled: false}})).not.toContain('browser')
    expect(names({tools: {deny: ['group:web']}})).toContain('read')
  })

  it('filters MCP tools by their materialized name, and keeps a denied server from starting', () => {
    const denying = turn({tools: {deny: ['everything__echo']}})
    expect(turnAllows(denying, mcpTool('everything__echo'))).toBe(false)
    expect(turnAllows(denying, mcpTool('everything__get-sum'))).toBe(true)
    expect(serversOpenClawStarts(turn({tools: {deny: ['everything__*']}}), ['everything', 'other'])).toEqual(['other'])
  })

  it("takes the model and its window from the agent's roster entry, else the defaults", () => {
    const config = {
      agents: {defaults: {model: 'mock/small'}, entries: {main: {default: true}, big: {model: {primary: 'mock/big'}}}},
      models: {providers: {mock: {models: [{id: 'small', contextWindow: 16000}, {id: 'big', contextWindow: 200000}]}}},
    }
    expect(turn(config)).toMatchObject({model: {provider: 'mock', model: 'small'}, contextWindow: 16000})
    expect(turn(config, 'big')).toMatchObject({model: {provider: 'mock', model: 'big'}, contextWindow: 200000})
    expect(openClawTurn(config, {provider: 'mock', model: 'big', openclawTools: 'none'}).contextWindow).toBe(200000)
  })

  it('refuses a turn OpenClaw refuses: an agent not in the roster, or several and none the default (exit 2)', () => {
    const roster = {agents: {entries: {a: {}, b: {}}}}
    expect(() => turn(roster, 'c')).toThrow(expect.objectContaining({code: 'usage', message: expect.stringContaining('agent "c" is not one of the config\'s agents')}))
    expect(() => turn(roster)).toThrow(expect.objectContaining({code: 'usage', message: expect.stringContaining('Pass --agent <id>')}))
  })
})
