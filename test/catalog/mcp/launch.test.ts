/**
 * How a server's launch is named to the model where a tool has no description
 * (`src/catalog/mcp/launch.ts`): as written, with secret flag values and URL credentials hidden.
 */
import {describe, expect, it} from 'vitest'

import {redactSecretArguments, redactUrl, stdioLaunchSummary} from '../../../src/catalog/mcp/launch.js'

describe('stdioLaunchSummary', () => {
  it('is the command, its arguments and the working directory as written', () => {
    expect(stdioLaunchSummary('node', ['server.js', 'stdio'], undefined)).toBe('node server.js stdio')
    expect(stdioLaunchSummary('srv', [], 'tools')).toBe('srv (cwd=tools)')
  })

  it('hides the value after a secret flag, and the value of --flag=value', () => {
    expect(redactSecretArguments(['--token', 'abc', '--port', '80', '--api-key=xyz', '--github-token', '-x', '--my_secret_key=1', '--verbose'])).toEqual([
      '--token',
      '***',
      '--port',
      '80',
      '--api-key=***',
      '--github-token',
      '***',
      '--my_secret_key=***',
      '--verbose',
    ])
    expect(stdioLaunchSummary('npx', ['server', '--PASSWORD', 'hunter2'], undefined)).toBe('npx server --PASSWORD ***')
  })
})

describe('redactUrl', () => {
  it('hides credentials and secret query values, and leaves a plain URL as written', () => {
    expect(redactUrl('https://mcp.example.com/mcp')).toBe('https://mcp.example.com/mcp')
    expect(redactUrl('https://user:pw@mcp.example.com/mcp?token=abc&q=1&x-api-key=k&refresh_token=r')).toBe('https://***:***@mcp.example.com/mcp?token=***&q=1&x-api-key=***&refresh_token=***')
    expect(redactUrl('not a url ${URL}')).toBe('not a url ${URL}')
  })
})
