import {describe, expect, it} from 'vitest'

import {formatConfigPath, parseConfigPath} from '../../src/config/path.js'

const keys = (path: string) => parseConfigPath(path).map((segment) => (segment.quoted ? `"${segment.key}"` : segment.key))

describe('parseConfigPath', () => {
  it('reads dots, brackets, quoted keys and escaped dots', () => {
    expect(keys('tools.toolSearch.mode')).toEqual(['tools', 'toolSearch', 'mode'])
    expect(keys('agents.list[0].id')).toEqual(['agents', 'list', '0', 'id'])
    expect(keys('a["b.c"]')).toEqual(['a', '"b.c"'])
    expect(keys("a['x'].y")).toEqual(['a', '"x"', 'y'])
    expect(keys('a\\.b.c')).toEqual(['a.b', 'c'])
    expect(keys('["0"]')).toEqual(['"0"'])
  })

  it('names the problem', () => {
    expect(() => parseConfigPath('a[0')).toThrow('Invalid path (missing "]"): a[0')
    expect(() => parseConfigPath('a["b')).toThrow('Invalid path (missing closing quote): a["b')
    expect(() => parseConfigPath('a..b')).toThrow('Invalid path (empty segment): a..b')
    expect(() => parseConfigPath('a.')).toThrow('Invalid path (empty segment): a.')
    expect(() => parseConfigPath('a.[0]')).toThrow('Invalid path (empty segment): a.[0]')
    expect(() => parseConfigPath('a[x]')).toThrow('Invalid path ("x" in brackets must be an index or a quoted key): a[x]')
    expect(() => parseConfigPath('')).toThrow('Invalid path (empty): ')
  })

  it('rejects keys that reach a prototype', () => {
    for (const path of ['__proto__.x', 'a.constructor', 'a["prototype"]']) expect(() => parseConfigPath(path)).toThrow(/forbidden key/)
  })

  it('is a usage error (exit 2)', () => {
    try {
      parseConfigPath('a[')
      expect.unreachable()
    } catch (error) {
      expect((error as {exitCode: number}).exitCode).toBe(2)
    }
  })
})

describe('formatConfigPath', () => {
  it('uses dots for identifiers, brackets for indexes and odd keys', () => {
    expect(formatConfigPath(['tools', 'toolSearch', 'mode'])).toBe('tools.toolSearch.mode')
    expect(formatConfigPath(['agents', 'list', '0', 'id'])).toBe('agents.list[0].id')
    expect(formatConfigPath(['a', 'b.c'])).toBe('a["b.c"]')
  })

  it('prints paths that parse back to the same keys, so a path from a finding can be pasted into config get/set/unset', () => {
    const odd = ['mo\u001b[31mde\n', 'tab\there', 'q"uote', "s'ingle", 'back\\slash', 'a.b', 'x]y', '', ' ', 'é\u202e', '\u2028', '0x', 'ünï']
    for (const key of odd) {
      const path = ['tools', key, 'mode']
      expect(parseConfigPath(formatConfigPath(path)).map((segment) => segment.key), JSON.stringify(key)).toEqual(path)
    }
  })
})

describe('quoted keys in paths', () => {
  it('read JSON escapes, as the paths toolsearch prints write them', () => {
    expect(keys('a["line\\nbreak"]')).toEqual(['a', '"line\nbreak"'])
    expect(keys('a["\\u001b[2J"]')).toEqual(['a', '"\u001b[2J"'])
    expect(keys("a['it\\'s']")).toEqual(['a', `"it's"`])
    expect(keys('a["back\\\\slash"]')).toEqual(['a', '"back\\slash"'])
  })

  it('name a broken \\u escape', () => {
    expect(() => parseConfigPath('a["\\u12"]')).toThrow('Invalid path (bad \\u escape in a quoted key): a["\\u12"]')
  })
})
