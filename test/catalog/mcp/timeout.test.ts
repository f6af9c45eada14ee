import {describe, expect, it} from 'vitest'

import {mcpListTimeout} from '../../../src/catalog/mcp/index.js'

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
