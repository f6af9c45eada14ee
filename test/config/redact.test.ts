/**
 * The secrets of a config, by OpenClaw's rules for showing one (src/config/redact.ts): each rule,
 * a near twin it leaves alone, and the CLI outputs that print config values.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {REDACTED, configSecrets, redactConfigAt, redactConfigText, urlCarriesCredentials} from '../../src/config/redact.js'
import {project} from '../fixtures/config/project.js'
import {parseJsonOutput, runCli} from '../helpers/cli.js'

const at = (config: unknown, path: string) => redactConfigAt(config, path.split('.'))

describe('which config values are secrets', () => {
  it('rule 1: keys that name a credential, anywhere in the path or (token) at its end; not maxTokens or passwordFile', () => {
    const config = {
      models: {providers: {openai: {apiKey: 'sk-1', api_key: 'sk-2', maxTokens: 4096, contextTokens: 'x', tokenizer: 'cl100k'}}},
      gateway: {auth: {token: 't', password: 'p', passwordFile: '/run/secret'}},
      channels: {buzz: {privateKey: 'k', encryptKey: 'e'}, line: {channelSecret: {nested: 's'}}},
      agents: {defaults: {sessionToken: 'st', tokens: 'not-a-secret'}},
    }
    expect(at(config, 'models')).toEqual({providers: {openai: {apiKey: REDACTED, api_key: REDACTED, maxTokens: 4096, contextTokens: 'x', tokenizer: 'cl100k'}}})
    // passwordFile names a file (and ends in an exception); "secret" anywhere in the path covers what is below it.
    expect(at(config, 'gateway.auth')).toEqual({token: REDACTED, password: REDACTED, passwordFile: '/run/secret'})
    expect(at(config, 'channels')).toEqual({buzz: {privateKey: REDACTED, encryptKey: REDACTED}, line: {channelSecret: {nested: REDACTED}}})
    expect(at(config, 'agents')).toEqual({defaults: {sessionToken: REDACTED, tokens: 'not-a-secret'}})
  })

  it('a ${VAR} reference and an empty string are not secrets; a reference with text around it is', () => {
    const config = {gateway: {auth: {token: '${GATEWAY_TOKEN}', password: '', remote: {token: 'Bearer ${T}'}}}}
    expect(at(config, 'gateway')).toEqual({auth: {token: '${GATEWAY_TOKEN}', password: '', remote: {token: REDACTED}}})
  })

  it('rule 2: header and env values, whatever their names or types, and an object there whole (a secret reference keeps all but its id)', () => {
    const config = {
      mcp: {servers: {gh: {command: 'gh-mcp', args: ['--read-only'], env: {DEBUG: '1', PORT: 8080}, headers: {'X-Tenant': 'acme'}}}},
      models: {providers: {a: {headers: {Authorization: {source: 'env', provider: 'default', id: 'A_KEY'}, Other: {value: 'v'}}, request: {auth: {mode: 'header', headerName: 'X-Key', value: 'k'}, tls: {ca: 'pem'}}}}},
      hooks: {mappings: [{sessionKey: 'sess-1', name: 'keep'}]},
    }
    expect(at(config, 'mcp.servers.gh')).toEqual({command: 'gh-mcp', args: ['--read-only'], env: {DEBUG: REDACTED, PORT: REDACTED}, headers: {'X-Tenant': REDACTED}})
    expect(at(config, 'models.providers.a')).toEqual({
      headers: {Authorization: {source: 'env', provider: 'default', id: REDACTED}, Other: REDACTED},
      request: {auth: {mode: 'header', headerName: 'X-Key', value: REDACTED}, tls: {ca: REDACTED}},
    })
    expect(at(config, 'hooks')).toEqual({mappings: [{sessionKey: REDACTED, name: 'keep'}]})
  })

  it('rule 3: a service account object is replaced whole', () => {
    expect(at({channels: {googlechat: {serviceAccount: {client_email: 'a@b', key: 'k'}}}}, 'channels.googlechat')).toEqual({serviceAccount: REDACTED})
  })

  it('rule 4: a URL at a URL-valued path is replaced when it carries credentials, not otherwise', () => {
    const config = {
      models: {providers: {a: {baseUrl: 'https://user:pw@api.example.com/v1'}, b: {baseUrl: 'http://127.0.0.1:11434/v1?api-key=x'}, c: {baseUrl: 'https://api.example.com/v1'}}},
      mcp: {servers: {remote: {url: 'https://mcp.example.com/mcp?token=abc'}}},
      docs: {url: 'https://user:pw@example.com'},
    }
    expect(at(config, 'models.providers')).toEqual({a: {baseUrl: REDACTED}, b: {baseUrl: REDACTED}, c: {baseUrl: 'https://api.example.com/v1'}})
    expect(at(config, 'mcp.servers.remote.url')).toBe(REDACTED)
    // Not a path OpenClaw treats as URL-valued.
    expect(at(config, 'docs.url')).toBe('https://user:pw@example.com')
    expect(urlCarriesCredentials('https://api.telegram.org/bot123456789:ABCDEFGHIJKLMNOPQRSTUVWXYZ/getMe')).toBe(true)
    expect(urlCarriesCredentials('https://example.com/#/cb?access_token=x')).toBe(true)
    expect(urlCarriesCredentials('https://example.com/search?q=token')).toBe(false)
  })

  it('a value a change names is redacted at the path it would have; secrets in a text are replaced as written and as JSON escapes', () => {
    expect(redactConfigAt({}, ['gateway', 'auth', 'token'], 'new')).toBe(REDACTED)
    expect(redactConfigAt({}, ['tools', 'toolSearch', 'mode'], 'tools')).toBe('tools')
    const config = {gateway: {auth: {token: 'line\nbreak-secret'}}, mcp: {servers: {a: {env: {X: 'abc'}}}}}
    expect(configSecrets(config).sort()).toEqual(['abc', 'line\nbreak-secret'])
    // Three characters or fewer stay in a text (replacing them everywhere would garble it).
    expect(redactConfigText('token: "line\\nbreak-secret", X: "abc"', [config])).toBe(`token: "${REDACTED}", X: "abc"`)
  })

  it('redacts a config nested deeper than a recursive walk could go', () => {
    let deep: Record<string, unknown> = {apiKey: 'sk-deep'}
    for (let depth = 0; depth < 12_000; depth++) deep = {a: deep}
    expect(configSecrets({root: deep})).toEqual(['sk-deep'])
  })
})

const SECRETS = `{
  // the gateway and a provider
  gateway: {auth: {token: "gw-secret-token"}},
  models: {providers: {openai: {apiKey: "sk-live-123456", baseUrl: "https://api.example.com/v1", maxTokens: 4096}}},
  mcp: {servers: {gh: {command: "gh-mcp", env: {GITHUB_TOKEN: "ghp_abcdefgh"}}}},
  tools: {toolSearch: {mode: "code"}},
}
`

describe('outputs that print config values', () => {
  const leaks = (text: string) => ['gw-secret-token', 'sk-live-123456', 'ghp_abcdefgh'].filter((secret) => text.includes(secret))

  it('config get prints the marker, in text and --json; --show-secrets prints the values', async () => {
    const cwd = project({'openclaw.json5': SECRETS})
    const text = await runCli(['config', 'get', '--project'], {cwd})
    expect(text.code).toBe(0)
    expect(leaks(text.stdout + text.stderr)).toEqual([])
    expect(JSON.parse(text.stdout).models.providers.openai).toEqual({apiKey: REDACTED, baseUrl: 'https://api.example.com/v1', maxTokens: 4096})
    expect((await runCli(['config', 'get', 'gateway.auth.token', '--project'], {cwd})).stdout).toBe(`${REDACTED}\n`)
    expect(parseJsonOutput(await runCli(['config', 'get', 'mcp.servers.gh.env', '--json', '--project'], {cwd}))).toEqual({GITHUB_TOKEN: REDACTED})
    expect((await runCli(['config', 'get', 'gateway.auth.token', '--show-secrets', '--project'], {cwd})).stdout).toBe('gw-secret-token\n')
  })

  it('config set and unset: the values they name and the dry-run diff, text and --json', async () => {
    const cwd = project({'openclaw.json5': SECRETS})
    const file = join(cwd, 'openclaw.json5')
    const dry = await runCli(['config', 'set', 'gateway.auth.token', '"next-secret-token"', '--dry-run', '--project'], {cwd})
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain(`-  gateway: {auth: {token: "${REDACTED}"}},`)
    expect(dry.stdout).toContain(`   mcp: {servers: {gh: {command: "gh-mcp", env: {GITHUB_TOKEN: "${REDACTED}"}}}},`)
    expect(leaks(dry.stdout) + (dry.stdout.includes('next-secret-token') ? 'new' : '')).toBe('')
    const set = await runCli(['config', 'set', 'gateway.auth.token', '"next-secret-token"', '--json', '--project'], {cwd})
    expect(parseJsonOutput(set)).toMatchObject({status: 'written', previous: REDACTED, value: REDACTED})
    expect(readFileSync(file, 'utf8')).toContain('token: "next-secret-token"')
    const unset = await runCli(['config', 'unset', 'models.providers.openai.apiKey', '--project'], {cwd})
    expect(unset.stdout).toContain(`Removed models.providers.openai.apiKey (was "${REDACTED}")`)
    const shown = await runCli(['config', 'unset', 'mcp.servers.gh.env.GITHUB_TOKEN', '--show-secrets', '--dry-run', '--project'], {cwd})
    expect(shown.stdout).toContain('-  mcp: {servers: {gh: {command: "gh-mcp", env: {GITHUB_TOKEN: "ghp_abcdefgh"}}}},')
  })

  it('doctor --fix --dry-run: the lines around the fix hide the secrets they quote (text and --json)', async () => {
    const cwd = project({'openclaw.json5': SECRETS})
    const text = await runCli(['doctor', '--fix', '--dry-run', '--project'], {cwd})
    expect(text.stdout).toContain('+  tools: {toolSearch: {mode: "tools"}},')
    expect(text.stdout).toContain(`   mcp: {servers: {gh: {command: "gh-mcp", env: {GITHUB_TOKEN: "${REDACTED}"}}}},`)
    expect(leaks(text.stdout + text.stderr)).toEqual([])
    const json = await runCli(['doctor', '--fix', '--dry-run', '--json', '--project'], {cwd})
    expect(leaks(json.stdout)).toEqual([])
    expect((await runCli(['doctor', '--fix', '--dry-run', '--show-secrets', '--project'], {cwd})).stdout).toContain('ghp_abcdefgh')
  })

  it('config explain quotes a provider baseUrl as written, its credentials as the marker', async () => {
    const cwd = project({'openclaw.json5': '{models: {providers: {local: {localService: true, baseUrl: "http://u:pw@127.0.0.1:1234/v1"}}}}'})
    const explain = await runCli(['config', 'explain', '--provider', 'local', '--project'], {cwd})
    expect(explain.stdout).toContain(`its baseUrl ${REDACTED} is the endpoint in use`)
    expect(parseJsonOutput(await runCli(['config', 'explain', '--provider', 'local', '--json', '--project'], {cwd})).settings.reasons.enabled).toContain(`baseUrl ${REDACTED}`)
    expect((await runCli(['config', 'explain', '--provider', 'local', '--show-secrets', '--project'], {cwd})).stdout).toContain('its baseUrl http://u:pw@127.0.0.1:1234/v1 is')
    // A ${VAR} reference is quoted as written, never the value the environment gives it.
    writeFileSync(join(cwd, 'openclaw.json5'), '{models: {providers: {local: {localService: true, baseUrl: "${LOCAL_URL}"}}}}')
    const reference = await runCli(['config', 'explain', '--provider', 'local', '--project'], {cwd, env: {LOCAL_URL: 'http://10.1.2.3/v1'}})
    expect(reference.stdout).toContain('its baseUrl ${LOCAL_URL} is the endpoint in use')
    expect(reference.stdout).not.toContain('10.1.2.3')
  })
})
