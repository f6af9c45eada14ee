import {describe, expect, it} from 'vitest'

import {agentModelRef, configuredContextWindow, parseModelRef} from '../../src/config/agent-model.js'

const providers = (models: unknown[]) => ({models: {providers: {mock: {models}}}})

describe('parseModelRef', () => {
  it('reads "provider/model" and { primary }, the model id keeping its own slashes', () => {
    expect(parseModelRef('openai/gpt-5.4')).toEqual({provider: 'openai', model: 'gpt-5.4'})
    expect(parseModelRef({primary: ' openrouter/anthropic/claude-x '})).toEqual({provider: 'openrouter', model: 'anthropic/claude-x'})
    for (const bad of ['gpt-5', '/gpt', 'openai/', 42, {fallbacks: []}, undefined]) expect(parseModelRef(bad)).toBeUndefined()
  })
})

describe('agentModelRef', () => {
  const config = {
    agents: {
      defaults: {model: {primary: 'mock/default-model'}},
      entries: {main: {}, writer: {model: 'mock/writer-model'}},
    },
  }
  it("takes the agent's own model, else the defaults'", () => {
    expect(agentModelRef(config, 'writer')).toEqual({provider: 'mock', model: 'writer-model'})
    expect(agentModelRef(config, 'main')).toEqual({provider: 'mock', model: 'default-model'})
    expect(agentModelRef(config, undefined)).toEqual({provider: 'mock', model: 'default-model'})
    expect(agentModelRef({}, 'main')).toBeUndefined()
  })
})

describe('configuredContextWindow', () => {
  const ref = {provider: 'mock', model: 'm'}
  it('is contextWindow, or contextTokens capped by it, or contextTokens alone', () => {
    expect(configuredContextWindow(providers([{id: 'm', contextWindow: 16000}]), ref)).toBe(16000)
    expect(configuredContextWindow(providers([{id: 'm', contextWindow: 200000, contextTokens: 30000}]), ref)).toBe(30000)
    expect(configuredContextWindow(providers([{id: 'm', contextWindow: 20000, contextTokens: 30000}]), ref)).toBe(20000)
    expect(configuredContextWindow(providers([{id: 'm', contextTokens: 30000}]), ref)).toBe(30000)
  })
  it('finds the model by id (then case-insensitively) under its provider only, and ignores what is not a positive number', () => {
    expect(configuredContextWindow(providers([{id: 'other', contextWindow: 1000}, {id: 'M', contextWindow: 9000}]), ref)).toBe(9000)
    expect(configuredContextWindow(providers([{id: 'm', contextWindow: 9000}]), {provider: 'elsewhere', model: 'm'})).toBeUndefined()
    expect(configuredContextWindow(providers([{id: 'm', contextWindow: 0, contextTokens: '5'}]), ref)).toBeUndefined()
    expect(configuredContextWindow(providers([{id: 'm'}]), ref)).toBeUndefined()
    expect(configuredContextWindow({}, ref)).toBeUndefined()
  })
})
