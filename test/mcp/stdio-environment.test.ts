import {DEFAULT_INHERITED_ENV_VARS} from '@modelcontextprotocol/sdk/client/stdio.js'
import {describe, expect, it} from 'vitest'

import {INHERITED_ENV_VARS, serverEnvironment} from '../../src/mcp/stdio-transport.js'

describe('the environment of a stdio server', () => {
  it('inherits exactly the variables the MCP SDK lets through (the list is kept here so a server starts before the SDK loads)', () => {
    expect(INHERITED_ENV_VARS).toEqual(DEFAULT_INHERITED_ENV_VARS)
  })

  it('is that subset of ours, without exported shell functions, plus the config env', () => {
    const parent = {PATH: '/bin', HOME: '/home/a', SECRET_TOKEN: 'x', SHELL: '() { :; }', USER: 'a'}
    expect(serverEnvironment(parent, {API_KEY: 'k', USER: 'b'})).toEqual(process.platform === 'win32' ? {PATH: '/bin', API_KEY: 'k', USER: 'b'} : {PATH: '/bin', HOME: '/home/a', API_KEY: 'k', USER: 'b'})
  })
})
