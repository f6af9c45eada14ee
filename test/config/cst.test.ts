import {describe, expect, it} from 'vitest'

import {parseCst} from '../../src/config/cst.js'
import {nodeToValue, parseSource} from '../../src/config/source.js'
import {positionAt} from '../../src/config/text.js'

function value(text: string): unknown {
  const source = parseSource('x', text)
  return source.root === undefined ? undefined : nodeToValue(source, source.root)
}

function error(text: string) {
  const result = parseCst(text)
  if (result.ok) throw new Error('expected a parse error')
  return result.error
}

describe('parseCst reads JSON5', () => {
  it('reads what JSON5 allows', () => {
    expect(value("\uFEFF// c\n{a: 1, 'b': 'x', \"c\": [1, 2,], /* d */ d: 0x1F, e: +Infinity, f: .5, g: 5., h: -0x10, $_i: null,}")).toEqual({
      a: 1,
      b: 'x',
      c: [1, 2],
      d: 31,
      e: Number.POSITIVE_INFINITY,
      f: 0.5,
      g: 5,
      h: -16,
      $_i: null,
    })
    expect(Number.isNaN(value('NaN'))).toBe(true)
  })

  it('decodes escapes, line continuations and raw U+2028 in strings', () => {
    expect(value("'a\\'b\\x41\\u00e9\\\nc\u2028d\\0'")).toBe("a'bAéc\u2028d\0")
    expect(value('{ünï: 1, \\u0061b: 2}')).toEqual({ünï: 1, ab: 2})
  })

  it('reads identifier keys that mix ASCII, other letters and escapes, and strings with the other quote', () => {
    expect(value('{éa1: 1, a\\u0062c: 2, $_9: 3, _ü_x: 4, "q\'t": "it\'s", \'d"q\': \'say "hi"\'}')).toEqual({éa1: 1, abc: 2, $_9: 3, _ü_x: 4, "q't": "it's", 'd"q': 'say "hi"'})
    expect(parseCst('{a: 1, b : 2}').ok).toBe(true)
    expect(error('{1a: 1}').message).toBe('Unexpected "1"; expected a key or "}"')
    expect(error('{a-b: 1}').message).toBe('Expected ":" after key "a" but found "-"')
    expect(error('{"a\nb": 1}').message).toBe('Unterminated string (line break inside a string)')
    expect(error('{a: "x').message).toBe('Unterminated string')
  })

  it('skips every JSON5 white space and comments up to any line break', () => {
    expect(value('\u000B{\u000Ca:\u00A0// c\u2028\u2003 1 /* x\n */ ,\u2029b: 2// end\r}')).toEqual({a: 1, b: 2})
  })

  it('keeps the last of duplicate keys', () => {
    expect(value('{a: 1, a: 2}')).toEqual({a: 2})
  })

  it('reads an empty document as no value', () => {
    expect(value('  // only a comment\n')).toBeUndefined()
  })

  it('reports errors with line and column', () => {
    expect(error('{\n  a: @\n}')).toMatchObject({line: 2, column: 6, message: 'Unexpected "@"; expected a value'})
    expect(error('{a: 1 b: 2}')).toMatchObject({line: 1, column: 7, message: 'Expected "," or "}" but found "b"'})
    expect(error('{a: "x')).toMatchObject({line: 1, column: 5, message: 'Unterminated string'})
    expect(error('{a: 1 /* x')).toMatchObject({message: 'Unterminated block comment'})
    expect(error('{a: 1} x')).toMatchObject({message: 'Unexpected "x" after the end of the value'})
    expect(error('{a: 1')).toMatchObject({message: 'Expected "," or "}" but found end of file'})
    expect(error('{a: 01}')).toMatchObject({line: 1, column: 5, message: 'Numbers cannot have leading zeros'})
    expect(error('[-00.5]')).toMatchObject({column: 2, message: 'Numbers cannot have leading zeros'})
  })

  it('refuses absurd nesting instead of overflowing the stack', () => {
    expect(error('['.repeat(10_000)).message).toMatch(/Nesting deeper than/)
  })
})

describe('positionAt', () => {
  it('counts CRLF as one line break and does not count the BOM as a column', () => {
    const text = '\uFEFFab\r\ncd\ref'
    expect(positionAt(text, 1)).toEqual({line: 1, column: 1})
    expect(positionAt(text, 5)).toEqual({line: 2, column: 1})
    expect(positionAt(text, 8)).toEqual({line: 3, column: 1})
  })
})

describe('parseCst counts comments (what a JSON rewrite would drop)', () => {
  it('counts line and block comments once each, never comment-like text inside strings', () => {
    const result = parseCst('// a\n{\n  /* b */ x: "// not c", // d\n  y: \'/* not e */\',\n}\n/* f */')
    expect(result).toMatchObject({ok: true, comments: 4})
    expect(parseCst('{"x": 1}')).toMatchObject({ok: true, comments: 0})
  })
})
