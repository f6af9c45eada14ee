import {describe, expect, it} from 'vitest'

import {appendJsonPath, formatJsonPath, parseJsonPath, shortenJsonPath} from '../../src/shared/json-path.js'
import {formatConfigPath} from '../../src/config/path.js'

describe('JSON paths', () => {
  it('are written one way: dots between identifiers, brackets for indexes and other keys, at the start too', () => {
    expect(formatJsonPath(['tools', 3, 'function'])).toBe('tools[3].function')
    expect(formatJsonPath([2, 'name'])).toBe('[2].name')
    expect(formatJsonPath(['mcpServers', 'my server', 'env', '12'])).toBe('mcpServers["my server"].env["12"]')
    expect(formatJsonPath(['a b', 'x'])).toBe('["a b"].x')
    expect(formatJsonPath([])).toBe('')
  })

  it('grow a segment at a time as they are written whole', () => {
    const segments = ['a b', 'properties', 'x-y', 0, '$ref']
    expect(segments.reduce<string>((path, segment) => appendJsonPath(path, segment), '')).toBe(formatJsonPath(segments))
  })

  it('read back what they write, and nothing else', () => {
    for (const segments of [['tools', 3], [2, 'function'], ['mcpServers', 'my server'], ['a "quoted" key', 'b'], ['x', 'ü']]) expect(parseJsonPath(formatJsonPath(segments))).toEqual(segments)
    expect(parseJsonPath('tools[x')).toBeUndefined()
  })

  it('config paths write their segments the same way, an unquoted key of digits after the first being an index', () => {
    expect(formatConfigPath(['agents', 'list', '0', 'id'])).toBe('agents.list[0].id')
    expect(formatConfigPath(['a', {key: '0', quoted: true}])).toBe(formatJsonPath(['a', '0']))
    expect(formatConfigPath(['0', 'a b'])).toBe(formatJsonPath(['0', 'a b']))
  })

  it('are cut in the middle at segment boundaries, else in the middle of the text', () => {
    const deep = `tools[1].parameters${'.items'.repeat(40)}`
    const short = shortenJsonPath(deep, 60)
    expect(short.length).toBeLessThanOrEqual(60)
    expect(short).toMatch(/^tools\[1\]\.parameters(\.items)*….items(\.items)*$/)
    expect(shortenJsonPath('x'.repeat(100), 21)).toBe(`${'x'.repeat(10)}…${'x'.repeat(10)}`)
    expect(shortenJsonPath('tools[1]', 60)).toBe('tools[1]')
  })
})
