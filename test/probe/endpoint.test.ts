import {describe, expect, it} from 'vitest'

import {resolveModelEndpoint, withoutKey} from '../../src/probe/endpoint.js'

const config = {
  agents: {defaults: {model: {primary: 'openai/gpt-4.1-mini'}}},
  models: {
    providers: {
      openai: {baseUrl: 'https://api.openai.com/v1/', apiKey: 'sk-from-env', models: [{id: 'gpt-4.1-mini', contextWindow: 1_000_000, maxTokens: 32_768}]},
      local: {baseUrl: 'http://127.0.0.1:1234/v1', apiKey: {source: 'env', provider: 'default', id: 'LOCAL_KEY'}, api: 'openai-completions'},
      vault: {baseUrl: 'https://llm.example/v1', apiKey: {source: 'file', provider: 'default', id: 'key'}},
      claude: {baseUrl: 'https://api.anthropic.com', api: 'anthropic-messages'},
    },
  },
}
const authored = {...config, models: {providers: {...config.models.providers, openai: {...config.models.providers.openai, apiKey: '${OPENAI_API_KEY}'}}}}

describe('the model endpoint', () => {
  it("is the default agent's model by default: base URL, key (named by its variable), window and output limit from the config", () => {
    const endpoint = resolveModelEndpoint({}, config, authored, {})
    expect(endpoint).toEqual({provider: 'openai', model: 'gpt-4.1-mini', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-from-env', keySource: 'OPENAI_API_KEY (models.providers.openai.apiKey)', contextWindow: 1_000_000, maxTokens: 32_768, mock: false})
  })

  it('reads an env SecretRef from the environment, and says when the variable is not set', () => {
    expect(resolveModelEndpoint({model: 'local/qwen3:8b'}, config, config, {LOCAL_KEY: 'k1'})).toMatchObject({apiKey: 'k1', keySource: 'LOCAL_KEY (models.providers.local.apiKey)', maxTokens: 4096})
    const unset = resolveModelEndpoint({model: 'local/qwen3:8b'}, config, config, {})
    expect(unset.apiKey).toBeUndefined()
    expect(unset.keySource).toBe('LOCAL_KEY (models.providers.local.apiKey) (not set)')
  })

  it('flags win: --base-url, --api-key-env, --context-window; a well-known provider needs no config', () => {
    expect(resolveModelEndpoint({model: 'openrouter/meta/llama-3.3', 'context-window': 8192}, {}, {}, {OPENROUTER_API_KEY: 'or'})).toMatchObject({provider: 'openrouter', model: 'meta/llama-3.3', baseUrl: 'https://openrouter.ai/api/v1', apiKey: 'or', contextWindow: 8192})
    expect(resolveModelEndpoint({model: 'x/y', 'base-url': 'http://127.0.0.1:9/v1', 'api-key-env': 'MY_KEY'}, {}, {}, {MY_KEY: 'mine'})).toMatchObject({baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'mine', keySource: 'MY_KEY'})
  })

  it.each([
    ['no model anywhere', {}, {}, 'No model to probe'],
    ['a model without a provider', {model: 'gpt-4'}, config, 'is not <provider>/<model>'],
    ['another API', {model: 'claude/opus'}, config, 'models.providers.claude.api is "anthropic-messages"'],
    ['a key outside the environment', {model: 'vault/m'}, config, 'the probe reads keys from the environment only'],
    ['an unknown provider without a base URL', {model: 'nowhere/m'}, config, 'No base URL for provider "nowhere"'],
    ['credentials in the URL', {model: 'x/y', 'base-url': 'https://user:pw@llm.example/v1'}, {}, 'The base URL carries credentials'],
  ])('refuses %s (usage error)', (_name, flags, value, message) => {
    expect(() => resolveModelEndpoint(flags, value, value, {})).toThrow(message)
  })

  it('keeps the key out of any text', () => {
    expect(withoutKey('Bearer sk-1 and sk-1 again', {apiKey: 'sk-1'})).toBe('Bearer <redacted> and <redacted> again')
    expect(withoutKey('nothing', {})).toBe('nothing')
  })
})
