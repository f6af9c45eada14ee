import {describe, expect, it} from 'vitest'

import {McpConfigExpansionError, expandServerConfig, redactValue, redactor} from '../../src/mcp/expand.js'
import type {McpServerConfig} from '../../src/catalog/types.js'

const origin = {file: '/p/mcp.json', path: ['mcpServers', 's']}

function stdio(fields: Partial<Extract<McpServerConfig, {transport: 'stdio'}>>): McpServerConfig {
  return {transport: 'stdio', command: 'srv', args: [], env: {}, origin, ...fields}
}

function expansionError(config: McpServerConfig, env: NodeJS.ProcessEnv): string {
  try {
    expandServerConfig(config, env)
  } catch (error) {
    expect(error).toBeInstanceOf(McpConfigExpansionError)
    return (error as Error).message
  }
  throw new Error('expected expansion to fail')
}

describe('expandServerConfig', () => {
  it('expands ${VAR}, ${env:VAR} and ${VAR:-default} in command, args, env and cwd', () => {
    const env = {BIN: '/opt/bin', TOKEN: 'tok-12345', DIR: '/srv'}
    const {config} = expandServerConfig(stdio({command: '${BIN}/srv', args: ['--token=${env:TOKEN}', '--level=${LEVEL:-info}'], env: {API: '${TOKEN}'}, cwd: '${DIR}/data'}), env)
    expect(config).toEqual({transport: 'stdio', command: '/opt/bin/srv', args: ['--token=tok-12345', '--level=info'], env: {API: 'tok-12345'}, cwd: '/srv/data', origin})
  })

  it('uses the default when the variable is empty, and the value when it is set', () => {
    expect(expandServerConfig(stdio({args: ['${L:-x}']}), {L: ''}).config).toMatchObject({args: ['x']})
    expect(expandServerConfig(stdio({args: ['${L:-x}']}), {L: 'y'}).config).toMatchObject({args: ['y']})
  })

  it('keeps $${VAR} as a literal ${VAR}', () => {
    expect(expandServerConfig(stdio({args: ['$${HOME}', 'cost: $5']}), {HOME: '/h'}).config).toMatchObject({args: ['${HOME}', 'cost: $5']})
  })

  it('expands url and headers of HTTP servers', () => {
    const {config} = expandServerConfig({transport: 'http', url: 'https://${HOST}/mcp', headers: {Authorization: 'Bearer ${TOKEN}'}, origin}, {HOST: 'mcp.example.com', TOKEN: 'abcd1234'})
    expect(config).toEqual({transport: 'http', url: 'https://mcp.example.com/mcp', headers: {Authorization: 'Bearer abcd1234'}, origin})
  })

  it('names a missing variable and where it is used, never a value', () => {
    const message = expansionError(stdio({env: {TOKEN: '${GITHUB_TOKEN}', OTHER: 'literal-secret-value'}}), {})
    expect(message).toBe('mcpServers.s.env.TOKEN needs environment variable GITHUB_TOKEN, which is not set')
  })

  it('refuses forms only another client can resolve', () => {
    expect(expansionError(stdio({env: {KEY: '${input:api-key}'}}), {})).toBe('mcpServers.s.env.KEY uses ${input:api-key}, a VS Code input toolsearch cannot prompt for; use ${env:NAME} instead')
    expect(expansionError(stdio({args: ['${config:x.y}']}), {})).toBe('mcpServers.s.args[0] uses ${config:x.y}, which toolsearch cannot resolve (only environment variables are supported)')
  })

  it('refuses a URL that is not http(s) once expanded', () => {
    expect(expansionError({transport: 'http', url: '${U}', headers: {}, origin}, {U: 'file:///etc/passwd'})).toBe('mcpServers.s.url is not an http or https URL after expanding variables')
  })

  it('treats env and header values and every substituted value as secrets, longest first', () => {
    const {secrets} = expandServerConfig(stdio({args: ['--key=${KEY}'], env: {A: 'literal-value', B: 'on'}}), {KEY: 'k-123456'})
    expect(secrets).toEqual(['literal-value', 'k-123456'])
    const http = expandServerConfig({transport: 'http', url: 'http://h/mcp?key=${KEY}', headers: {Authorization: 'Bearer ${TOKEN}'}, origin}, {KEY: 'query-key', TOKEN: 'tok-9876'})
    expect(http.secrets).toEqual(['Bearer tok-9876', 'query-key', 'tok-9876'])
  })
})

describe('redactor', () => {
  it('replaces every occurrence of every secret', () => {
    const redact = redactor(['Bearer tok-9876', 'tok-9876'])
    expect(redact('sent Bearer tok-9876, then tok-9876 again')).toBe('sent ***, then *** again')
  })

  it('is the identity without secrets', () => {
    expect(redactor([])('tok')).toBe('tok')
  })

  it('redacts strings and keys anywhere in a JSON value, without prototype surprises', () => {
    const redact = redactor(['s3cr3t'])
    const value = JSON.parse('{"a": ["x s3cr3t", {"s3cr3t": 1}], "n": 5, "__proto__": "s3cr3t"}') as unknown
    const out = redactValue(value, redact) as Record<string, unknown>
    expect(out).toEqual(JSON.parse('{"a": ["x ***", {"***": 1}], "n": 5, "__proto__": "***"}'))
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
  })
})
