import {describe, expect, it} from 'vitest'

import {effectiveToolSearchSettings, toolPolicyFromConfig} from '../../src/config/index.js'

const withToolSearch = (toolSearch: unknown) => ({tools: {toolSearch}})
const core = (config: unknown, model = {}) => {
  const {enabled, mode, searchDefaultLimit, maxSearchLimit, localModelOverlay} = effectiveToolSearchSettings(config, model)
  return {enabled, mode, searchDefaultLimit, maxSearchLimit, localModelOverlay}
}

describe('effectiveToolSearchSettings (SPEC §1.3)', () => {
  it('unset, true and false', () => {
    expect(core({})).toEqual({enabled: true, mode: 'tools', searchDefaultLimit: 8, maxSearchLimit: 20, localModelOverlay: false})
    expect(core(withToolSearch(true))).toMatchObject({enabled: true, mode: 'tools'})
    expect(core(withToolSearch(false))).toMatchObject({enabled: false, mode: 'tools'})
  })

  it('a non-object, non-boolean value behaves as {} (disabled)', () => {
    for (const value of [null, 'yes', 1, [1]]) expect(core(withToolSearch(value)).enabled).toBe(false)
  })

  it('object: a boolean enabled wins; otherwise any other key enables', () => {
    expect(core(withToolSearch({})).enabled).toBe(false)
    expect(core(withToolSearch({enabled: 'yes'})).enabled).toBe(false)
    expect(core(withToolSearch({enabled: false, mode: 'directory'})).enabled).toBe(false)
    expect(core(withToolSearch({mode: 'tools'})).enabled).toBe(true)
    expect(core(withToolSearch({enabled: null, searchDefaultLimit: 3})).enabled).toBe(true)
  })

  it('mode is directory only for "directory"', () => {
    expect(core(withToolSearch({mode: 'directory'})).mode).toBe('directory')
    for (const mode of ['code', 'Directory', 1, null]) expect(core(withToolSearch({mode})).mode).toBe('tools')
  })

  it('limits count only as positive integers and are clamped', () => {
    expect(core(withToolSearch({maxSearchLimit: 99}))).toMatchObject({maxSearchLimit: 50, searchDefaultLimit: 8})
    expect(core(withToolSearch({maxSearchLimit: 5}))).toMatchObject({maxSearchLimit: 5, searchDefaultLimit: 5})
    expect(core(withToolSearch({searchDefaultLimit: 30}))).toMatchObject({maxSearchLimit: 20, searchDefaultLimit: 20})
    for (const bad of [0, -1, 2.5, '4', null]) expect(core(withToolSearch({searchDefaultLimit: bad, maxSearchLimit: bad}))).toMatchObject({searchDefaultLimit: 8, maxSearchLimit: 20})
  })

  it('quotes values as written: a ${VAR} reference, never what the environment made of it', () => {
    const written = withToolSearch({enabled: '${ON}', mode: '${MODE}', searchDefaultLimit: '${LIMIT}'})
    const resolved = withToolSearch({enabled: 'hunter2', mode: 'secret-mode', searchDefaultLimit: 's3cret'})
    const {reasons} = effectiveToolSearchSettings(resolved, {}, written)
    expect(reasons.enabled).toBe('tools.toolSearch has settings (mode, searchDefaultLimit) (enabled is "${ON}", not a boolean): an object with any key besides enabled turns Tool Search on.')
    expect(reasons.mode).toBe('tools.toolSearch.mode is "${MODE}": anything but "directory" means "tools".')
    expect(reasons.searchDefaultLimit).toBe('tools.toolSearch.searchDefaultLimit is "${LIMIT}", not a positive integer: ignored, the default 8 applies.')
    expect(effectiveToolSearchSettings(withToolSearch('s3cret'), {}, withToolSearch('${TS}')).reasons.enabled).toBe('tools.toolSearch is "${TS}", which behaves as {}. tools.toolSearch has no key besides enabled: Tool Search is off.')
  })

  it('gives a reason for every value', () => {
    const {reasons} = effectiveToolSearchSettings(withToolSearch({maxSearchLimit: 99}))
    expect(reasons.maxSearchLimit).toBe('tools.toolSearch.maxSearchLimit is 99, clamped to 50.')
    expect(reasons.enabled).toBe('tools.toolSearch has settings (maxSearchLimit): an object with any key besides enabled turns Tool Search on.')
  })
})

describe('local-model overlay', () => {
  const lean = {agents: {defaults: {experimental: {localModelLean: true}}}}

  it('applies to LM Studio and local Ollama only when tools.toolSearch is unset', () => {
    expect(core({}, {provider: 'lmstudio'})).toEqual({enabled: true, mode: 'tools', searchDefaultLimit: 5, maxSearchLimit: 10, localModelOverlay: true})
    expect(core({}, {provider: 'Ollama', model: 'llama3.1:8b'}).localModelOverlay).toBe(true)
    expect(core(withToolSearch(false), {provider: 'lmstudio'})).toMatchObject({enabled: false, localModelOverlay: false, searchDefaultLimit: 8})
    expect(core(withToolSearch({}), {provider: 'lmstudio'})).toMatchObject({enabled: false, localModelOverlay: false})
  })

  it('an explicit true also wins over the overlay', () => {
    expect(core(withToolSearch(true), {provider: 'lmstudio'})).toMatchObject({enabled: true, searchDefaultLimit: 8, maxSearchLimit: 20, localModelOverlay: false})
    expect(core({...withToolSearch({mode: 'directory'}), ...lean})).toMatchObject({mode: 'directory', searchDefaultLimit: 8, localModelOverlay: false})
  })

  it('LM Studio is always local, whatever its id spelling or endpoint', () => {
    for (const provider of ['lmstudio', 'LMStudio', 'lm-studio', 'LM-Studio']) expect(core({}, {provider, baseUrl: 'https://gpu.example.com/v1'}).localModelOverlay, provider).toBe(true)
  })

  it('Ollama cloud: tags, the ollama-cloud provider and the cloud endpoint, in any case', () => {
    expect(core({}, {provider: 'OLLAMA-CLOUD', model: 'llama3'}).localModelOverlay).toBe(false)
    expect(core({}, {provider: 'ollama', model: 'qwen3-coder:480B-CLOUD'}).localModelOverlay).toBe(false)
    expect(core({}, {provider: 'ollama', model: 'kimi:cloud-preview'}).localModelOverlay).toBe(true)
    // The endpoint in use can come from the provider's entry in the config.
    const cloud = {models: {providers: {Ollama: {baseUrl: 'https://ollama.com/v1'}}}}
    expect(core(cloud, {provider: 'ollama', model: 'llama3'}).localModelOverlay).toBe(false)
    expect(core(cloud, {provider: 'ollama', model: 'llama3', baseUrl: 'http://127.0.0.1:11434'}).localModelOverlay).toBe(true)
  })

  it('localService needs the baseUrl that is in use', () => {
    expect(core({models: {providers: {vllm: {localService: true}}}}, {provider: 'vllm', baseUrl: 'http://127.0.0.1:8000/v1'}).localModelOverlay).toBe(false)
    expect(core({models: {providers: {vllm: {localService: 'true', baseUrl: 'http://h/v1'}}}}, {provider: 'vllm'}).localModelOverlay).toBe(false)
    expect(core({models: {providers: {vllm: {localService: true, baseUrl: 'http://h/v1'}}}}, {provider: 'other'}).localModelOverlay).toBe(false)
  })

  it('never applies to Ollama cloud', () => {
    expect(core({}, {provider: 'ollama', model: 'gpt-oss:120b-cloud'}).localModelOverlay).toBe(false)
    expect(core({}, {provider: 'ollama', model: 'qwen3:cloud'}).localModelOverlay).toBe(false)
    expect(core({}, {provider: 'ollama-cloud', model: 'llama3'}).localModelOverlay).toBe(false)
    expect(core({}, {provider: 'ollama', model: 'llama3', baseUrl: 'https://ollama.com/v1/'}).localModelOverlay).toBe(false)
  })

  it('applies to a provider marked localService whose baseUrl is the endpoint in use', () => {
    const config = {models: {providers: {vllm: {baseUrl: 'http://10.0.0.5:8000/v1', localService: true}}}}
    expect(core(config, {provider: 'vllm'}).localModelOverlay).toBe(true)
    expect(core(config, {provider: 'VLLM', baseUrl: 'http://10.0.0.5:8000/v1/'}).localModelOverlay).toBe(true)
    expect(core(config, {provider: 'vllm', baseUrl: 'http://other:8000/v1'}).localModelOverlay).toBe(false)
  })

  it('names the provider entry by its key in the config, whatever the case of --provider', () => {
    const config = {models: {providers: {vllm: {baseUrl: 'http://10.0.0.5:8000/v1', localService: true}}}}
    expect(effectiveToolSearchSettings(config, {provider: 'VLLM'}).reasons.enabled).toBe(
      'tools.toolSearch is unset and models.providers.vllm has localService: true and its baseUrl http://10.0.0.5:8000/v1 is the endpoint in use: the local-model overlay turns Tool Search on.',
    )
  })

  it('a model name or a loopback URL alone never makes a provider local', () => {
    expect(core({}, {provider: 'openai', model: 'llama3.1:8b', baseUrl: 'http://127.0.0.1:11434/v1'}).localModelOverlay).toBe(false)
    expect(core({}, {model: 'llama3.1:8b'}).localModelOverlay).toBe(false)
  })

  it('applies for every model with agents.defaults.experimental.localModelLean', () => {
    expect(core(lean, {provider: 'openai'})).toMatchObject({localModelOverlay: true, searchDefaultLimit: 5, maxSearchLimit: 10})
  })
})

describe('toolPolicyFromConfig', () => {
  it('reads tools.allow and tools.deny; absent means empty', () => {
    expect(toolPolicyFromConfig({})).toEqual({allow: [], deny: []})
    expect(toolPolicyFromConfig({tools: {allow: ['a*', 3], deny: ['exec']}})).toEqual({allow: ['a*'], deny: ['exec']})
  })
})

describe('Code Mode and the agent the lean flag is read for (SPEC §1.3)', () => {
  const lean = {experimental: {localModelLean: true}}

  it('Code Mode on (true or {enabled: true}) offers no controls; mode and limits stay what Tool Search would use', () => {
    for (const codeMode of [true, {enabled: true}]) {
      const settings = effectiveToolSearchSettings({tools: {codeMode, toolSearch: {mode: 'directory', searchDefaultLimit: 4}}})
      expect(settings).toMatchObject({enabled: false, mode: 'directory', searchDefaultLimit: 4, maxSearchLimit: 20})
      expect(settings.reasons.enabled).toBe('tools.codeMode is on: Code Mode takes precedence, so no Tool Search controls are offered.')
    }
    for (const codeMode of [false, {enabled: false}, {}, 'auto', 'true']) expect(core({tools: {codeMode, toolSearch: {mode: 'directory'}}}).enabled, JSON.stringify(codeMode)).toBe(true)
  })

  it('reads the lean flag of the agent marked default, else the first, else main', () => {
    expect(core({agents: {list: [{id: 'coder'}, {id: 'helper', default: true, ...lean}]}})).toMatchObject({localModelOverlay: true, searchDefaultLimit: 5})
    expect(core({agents: {list: [{id: 'coder', ...lean}, {id: 'helper', default: true}]}}).localModelOverlay).toBe(false)
    expect(core({agents: {list: [{id: 'coder', ...lean}, {id: 'helper'}]}}).localModelOverlay).toBe(true)
    expect(core({agents: {defaults: lean}}).localModelOverlay).toBe(true)
  })

  it("merges an agent's experimental over agents.defaults; its own flag wins either way", () => {
    expect(core({agents: {defaults: lean, list: [{id: 'main', experimental: {}}]}}).localModelOverlay).toBe(true)
    expect(core({agents: {defaults: lean, list: [{id: 'main', experimental: {localModelLean: false}}]}}).localModelOverlay).toBe(false)
    expect(core({agents: {defaults: {experimental: {localModelLean: false}}, list: [{id: 'main', ...lean}]}}).localModelOverlay).toBe(true)
  })

  it('--agent explains for another agent; ids compare lower-cased and trimmed', () => {
    const config = {agents: {list: [{id: 'Main'}, {id: ' Coder ', ...lean}]}}
    expect(core(config).localModelOverlay).toBe(false)
    expect(core(config, {agent: 'coder'}).localModelOverlay).toBe(true)
    expect(core(config, {agent: 'CODER'}).localModelOverlay).toBe(true)
    // An agent without an entry uses agents.defaults.
    expect(core({agents: {defaults: lean, list: [{id: 'main', experimental: {localModelLean: false}}]}}, {agent: 'other'}).localModelOverlay).toBe(true)
    const reason = effectiveToolSearchSettings(config, {agent: 'Coder'}).reasons.enabled
    expect(reason).toBe('tools.toolSearch is unset and agents.list[1].experimental.localModelLean is true for agent coder: the local-model overlay turns Tool Search on.')
  })

  it('an explicit tools.toolSearch, even false, beats the lean flag', () => {
    expect(core({agents: {list: [{id: 'main', ...lean}]}, tools: {toolSearch: false}})).toMatchObject({enabled: false, searchDefaultLimit: 8, maxSearchLimit: 20, localModelOverlay: false})
  })
})
