import {describe, expect, it} from 'vitest'

import {arrayIndexOf, formatConfigPath, isIndexSegment, parseConfigPath} from '../../src/config/path.js'

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

  it('reads unquoted bracket keys and trims the path and every segment, as OpenClaw does', () => {
    expect(keys('agents.entries[main].model')).toEqual(['agents', 'entries', 'main', 'model'])
    expect(keys('agents.entries[ main ]')).toEqual(['agents', 'entries', 'main'])
    expect(keys('  tools . toolSearch .mode ')).toEqual(['tools', 'toolSearch', 'mode'])
    expect(keys('a[ 0 ].b')).toEqual(['a', '0', 'b'])
    expect(keys('[0]')).toEqual(['0'])
    expect(keys('a]b')).toEqual(['a]b'])
    expect(keys('a["x]y"]')).toEqual(['a', '"x]y"'])
    // Inside quotes spaces are part of the key.
    expect(keys('a[" b "]')).toEqual(['a', '" b "'])
  })

  it('names the problem in OpenClaw\'s words', () => {
    expect(() => parseConfigPath('a[0')).toThrow('Invalid path (missing "]"): a[0')
    expect(() => parseConfigPath('a["b')).toThrow('Invalid path (missing "]"): a["b')
    expect(() => parseConfigPath('a..b')).toThrow('Invalid path (empty segment): a..b')
    expect(() => parseConfigPath('a. .b')).toThrow('Invalid path (empty segment): a. .b')
    expect(() => parseConfigPath('a.')).toThrow('Invalid path (empty segment): a.')
    expect(() => parseConfigPath('.a')).toThrow('Invalid path (empty segment): .a')
    expect(() => parseConfigPath('a[0].')).toThrow('Invalid path (empty segment): a[0].')
    expect(() => parseConfigPath('a.[0]')).toThrow('Invalid path (empty segment): a.[0]')
    expect(() => parseConfigPath('a[ ]')).toThrow('Invalid path (empty "[]"): a[ ]')
    expect(() => parseConfigPath('a[0]b')).toThrow('Invalid path (missing separator after bracket): a[0]b')
    expect(() => parseConfigPath('a["b"x]')).toThrow('Invalid path bracket string ("b"x): a["b"x]')
    expect(() => parseConfigPath('a\\')).toThrow('Invalid path (trailing escape): a\\')
    expect(() => parseConfigPath('')).toThrow('Path is empty.')
    expect(() => parseConfigPath('   ')).toThrow('Path is empty.')
  })

  it('rejects keys that reach a prototype', () => {
    expect(() => parseConfigPath('__proto__.x')).toThrow('Invalid path segment: __proto__')
    expect(() => parseConfigPath('a.constructor')).toThrow('Invalid path segment: constructor')
    expect(() => parseConfigPath('a["prototype"]')).toThrow('Invalid path segment: prototype')
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
    expect(() => parseConfigPath('a["\\u12"]')).toThrow('Invalid path bracket string ("\\u12"): a["\\u12"]')
  })
})

describe('array indexes', () => {
  it('are canonical non-negative integers up to 100000, quoted or not', () => {
    expect(arrayIndexOf('0')).toBe(0)
    expect(arrayIndexOf('12')).toBe(12)
    expect(arrayIndexOf('100000')).toBe(100_000)
    for (const key of ['01', '-1', '1.5', '100001', ' 1', 'x']) expect(arrayIndexOf(key), key).toBeUndefined()
    expect(parseConfigPath('a["0"]').map(isIndexSegment)).toEqual([false, true])
    expect(parseConfigPath('a[01]').map(isIndexSegment)).toEqual([false, false])
  })
})
