/** Schema patterns on the linear-time engine: JSON Schema search semantics, V8 escapes, fail-closed syntax. */
import {describe, expect, it} from 'vitest'

import {UnsupportedPatternError, compileLinearRegex, linearRegExpEngine} from '../../src/call/regex.js'
import {assertValidArguments, compileToolSchemas} from '../../src/call/validate.js'
import {entry} from '../directory/entry.js'

describe('compileLinearRegex', () => {
  it('searches (unanchored unless the pattern anchors)', () => {
    expect(compileLinearRegex('b').test('abc')).toBe(true)
    expect(compileLinearRegex('^b').test('abc')).toBe(false)
    expect(compileLinearRegex('^[a-z]+$').test('abc')).toBe(true)
    expect(compileLinearRegex('^[a-z]+$').test('abc1')).toBe(false)
  })

  // A backtracking engine never finishes these (2^100000 paths); a linear one takes milliseconds,
  // so the generous timeout separates the two on any machine without timing the answer.
  it('answers a catastrophic-backtracking pattern in linear time', () => {
    const evil = compileLinearRegex('^(a+)+$')
    expect(evil.test(`${'a'.repeat(100_000)}!`)).toBe(false)
    expect(evil.test('a'.repeat(100_000))).toBe(true)
  }, 60_000)

  it('reads V8 \\u escapes, but leaves an escaped backslash alone', () => {
    expect(compileLinearRegex('^\\u00e9$').test('é')).toBe(true)
    expect(compileLinearRegex('^\\u{1F600}$').test('😀')).toBe(true)
    expect(compileLinearRegex('^\\\\u0041$').test('\\u0041')).toBe(true)
  })

  it.each([
    ['lookahead', '^(?=a)a', 'lookaround'],
    ['negative lookbehind', '(?<!x)a', 'lookaround'],
    ['a backreference', '^(a)\\1$', 'backreference'],
    ['a named backreference', '^(?<x>a)\\k<x>$', 'backreference'],
  ])('refuses %s, naming why', (_label, pattern, reason) => {
    expect(() => compileLinearRegex(pattern)).toThrow(UnsupportedPatternError)
    expect(() => compileLinearRegex(pattern)).toThrow(reason)
  })

  it('serves as ajv code.regExp engine', () => {
    expect(linearRegExpEngine('^a', 'u').test('ab')).toBe(true)
    expect(linearRegExpEngine.code).toBe('toolsearch/linear-regexp')
  })
})

describe('patterns in a trusted schema', () => {
  it('validates pattern and patternProperties keys on the linear-time engine', async () => {
    const tool = entry('keys', {parameters: {type: 'object', patternProperties: {'^(a+)+$': {type: 'number'}}, additionalProperties: false}})
    const schemas = await compileToolSchemas(tool)
    expect(() => assertValidArguments(tool, schemas, {aaa: 1})).not.toThrow()
    // V8's backtracking engine needs hours for this key; the linear one, milliseconds.
    expect(() => assertValidArguments(tool, schemas, {[`${'a'.repeat(40)}!`]: 1})).toThrow(`<root>: must not have additional properties: "${'a'.repeat(40)}!"`)
  }, 60_000)

  it('makes a schema whose pattern RE2 cannot express invalid, with the reason as a hint', async () => {
    const tool = entry('look', {parameters: {type: 'object', properties: {v: {type: 'string', pattern: '^(?!x)'}}}})
    await expect(compileToolSchemas(tool)).rejects.toMatchObject({
      code: 'invalid-schema',
      message: 'Tool "openclaw:plugin:look" has an invalid inputSchema.',
      hint: 'The pattern "^(?!x)" cannot be checked in linear time: it uses lookaround, which RE2 does not support.',
    })
  })
})
