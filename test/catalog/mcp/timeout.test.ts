import {describe, expect, it} from 'vitest'

import {mcpCallLimits, mcpListTimeout} from '../../../src/catalog/mcp/index.js'

describe('mcpListTimeout', () => {
  it('is 30000 ms unless something says otherwise (SPEC §8.3: --timeout default 30000)', () => {
    expect(mcpListTimeout({env: {}})).toBe(30_000)
  })

  it('takes TOOLSEARCH_MCP_TIMEOUT_MS from the environment, and the option (--timeout) over it', () => {
    expect(mcpListTimeout({env: {TOOLSEARCH_MCP_TIMEOUT_MS: '2500'}})).toBe(2500)
    expect(mcpListTimeout({timeoutMs: 1234, env: {TOOLSEARCH_MCP_TIMEOUT_MS: '2500'}})).toBe(1234)
  })

  it('ignores a variable that is not a positive whole number of milliseconds', () => {
    for (const value of ['', 'abc', '0', '-5', '1.5', '10s']) expect(mcpListTimeout({env: {TOOLSEARCH_MCP_TIMEOUT_MS: value}})).toBe(30_000)
  })
})

describe('mcpCallLimits', () => {
  const server = {transport: 'stdio' as const, command: 'srv', args: [], env: {}}

  it('--timeout covers the whole call, whatever the server config says', () => {
    expect(mcpCallLimits({...server, requestTimeoutMs: 1500, startupTimeoutMs: 9000}, {timeoutMs: 2500, env: {}})).toEqual({timeoutMs: 2500})
  })

  it("a server's requestTimeoutMs is the call's own limit; start-up keeps the server's start-up limit, else the listing budget", () => {
    expect(mcpCallLimits({...server, requestTimeoutMs: 1500, startupTimeoutMs: 9000}, {env: {}})).toEqual({timeoutMs: 9000, requestTimeoutMs: 1500})
    expect(mcpCallLimits({...server, requestTimeoutMs: 1500}, {env: {TOOLSEARCH_MCP_TIMEOUT_MS: '4000'}})).toEqual({timeoutMs: 4000, requestTimeoutMs: 1500})
  })

  it('without requestTimeoutMs one budget covers start-up and call, as before', () => {
    expect(mcpCallLimits({...server, startupTimeoutMs: 9000}, {env: {}})).toEqual({timeoutMs: 30_000})
    expect(mcpCallLimits(undefined, {env: {TOOLSEARCH_MCP_TIMEOUT_MS: '4000'}})).toEqual({timeoutMs: 4000})
  })
})
