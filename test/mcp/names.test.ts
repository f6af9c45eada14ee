/**
 * OpenClaw's names for MCP servers and their tools (`src/mcp/names.ts`): sanitising, the 30/64
 * limits, collisions between servers in declaration order, reserved names.
 */
import {describe, expect, it} from 'vitest'

import {assignSafeServerNames, mcpToolName, safeServerName, takenNames} from '../../src/mcp/names.js'

describe('safeServerName', () => {
  it('makes a server name safe as OpenClaw does for tool names', () => {
    expect(safeServerName('github')).toBe('github')
    expect(safeServerName(' my.server ')).toBe('my-server')
    expect(safeServerName('1password')).toBe('mcp-1password')
    expect(safeServerName('_x')).toBe('mcp-_x')
    expect(safeServerName('-x')).toBe('mcp--x')
    expect(safeServerName('  ')).toBe('mcp')
    expect(safeServerName('a'.repeat(40))).toBe('a'.repeat(30))
    // Cut after the prefix: the prefix counts.
    expect(safeServerName('9'.repeat(40))).toBe(`mcp-${'9'.repeat(26)}`)
  })

  it('replaces every UTF-16 code unit that is not safe, so an emoji is two dashes and nothing is cut in half', () => {
    expect(safeServerName('döcs')).toBe('d-cs')
    expect(safeServerName('a😀b')).toBe('a--b')
    expect(safeServerName(`${'a'.repeat(29)}😀`)).toBe(`${'a'.repeat(29)}-`)
    expect(safeServerName('a:b/c d')).toBe('a-b-c-d')
  })
})

describe('assignSafeServerNames', () => {
  it('gives colliding servers -2, -3 in declaration order, comparing case-insensitively', () => {
    const names = assignSafeServerNames(['my server', 'my.server', 'My-Server', 'other'])
    expect([...names]).toEqual([
      ['my server', 'my-server'],
      ['my.server', 'my-server-2'],
      ['My-Server', 'My-Server-3'],
      ['other', 'other'],
    ])
    // The first declared keeps the plain name, whatever the alphabet says.
    expect(assignSafeServerNames(['b.x', 'b x']).get('b x')).toBe('b-x-2')
  })

  it('cuts a long name so the suffix fits in 30, and skips a suffixed name already taken', () => {
    const long = 'x'.repeat(35)
    const names = assignSafeServerNames([long, `${long}!`, 'x'.repeat(28) + '-2'])
    expect(names.get(long)).toBe('x'.repeat(30))
    expect(names.get(`${long}!`)).toBe(`${'x'.repeat(28)}-2`)
    // Its own plain name was taken as the second server's suffixed one: it goes on to -3.
    expect(names.get(`${'x'.repeat(28)}-2`)).toBe(`${'x'.repeat(28)}-3`)
    for (const name of names.values()) expect(name.length).toBeLessThanOrEqual(30)
  })
})

describe('mcpToolName', () => {
  it('is <safe server>__<tool>, the tool part sanitised with "tool" as its fallback and prefix', () => {
    expect(mcpToolName('everything', 'echo', new Set())).toBe('everything__echo')
    expect(mcpToolName('everything', 'get-sum', new Set())).toBe('everything__get-sum')
    expect(mcpToolName('srv', ' spaced name ', new Set())).toBe('srv__spaced-name')
    expect(mcpToolName('srv', '1st', new Set())).toBe('srv__tool-1st')
    expect(mcpToolName('srv', 'ünïcode', new Set())).toBe('srv__tool--n-code')
  })

  it('stays within 64 code units, cutting the tool part', () => {
    const server = 's'.repeat(30)
    const name = mcpToolName(server, 't'.repeat(100), new Set())
    expect(name).toBe(`${server}__${'t'.repeat(32)}`)
    expect(name).toHaveLength(64)
  })

  it('takes -2, -3 on the tool part when the name is taken, reserved names included, case-insensitively', () => {
    const taken = takenNames(['Srv__Echo', 'srv__echo-2', '  '])
    expect(taken).toEqual(new Set(['srv__echo', 'srv__echo-2']))
    expect(mcpToolName('srv', 'echo', taken)).toBe('srv__echo-3')
    // At the limit the suffix replaces the end of the tool part.
    const server = 's'.repeat(30)
    const full = `${server}__${'t'.repeat(32)}`
    expect(mcpToolName(server, 't'.repeat(40), takenNames([full]))).toBe(`${server}__${'t'.repeat(30)}-2`)
  })
})
