import {describe, expect, it} from 'vitest'

import {dottedErrorPath, formatJsonPath, shortenJsonPath} from '../../src/shared/json-path.js'
import {formatConfigPath} from '../../src/config/path.js'

describe('JSON paths', () => {
  it('are written one way: dots between identifiers, brackets for indexes and other keys, at the start too', () => {
    expect(formatJsonPath(['tools', 3, 'function'])).toBe('tools[3].function')
    expect(formatJsonPath([2, 'name'])).toBe('[2].name')
    expect(formatJsonPath(['mcpServers', 'my server', 'env', '12'])).toBe('mcpServers["my server"].env["12"]')
    expect(formatJsonPath(['a b', 'x'])).toBe('["a b"].x')
    expect(formatJsonPath([])).toBe('')
  })

  it('start bare at a command-line flag, a place in no file (an ad-hoc server declared by --stdio)', () => {
    expect(formatJsonPath(['--stdio', 'my server', 'command'])).toBe('--stdio["my server"].command')
    expect(formatJsonPath(['--http-url', 'local'])).toBe('--http-url.local')
    expect(formatJsonPath(['x', '--stdio'])).toBe('x["--stdio"]')
    expect(formatJsonPath(['-x'])).toBe('["-x"]')
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

  it('write a schema error\'s place dotted as OpenClaw does, a missing property after it, the root by the name asked for', () => {
    expect(dottedErrorPath('/tags/1', undefined, 'root')).toBe('tags.1')
    expect(dottedErrorPath('/filter', 'query', 'root')).toBe('filter.query')
    expect(dottedErrorPath('', 'query', '<root>')).toBe('query')
    expect(dottedErrorPath('', undefined, '<root>')).toBe('<root>')
    expect(dottedErrorPath('', '', 'root')).toBe('root')
    expect(dottedErrorPath('/a~1b', undefined, 'root')).toBe('a~1b')
  })
})
