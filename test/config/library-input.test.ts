/**
 * The library's edit functions refuse, at the call and with the real reason, what a config cannot
 * hold or an edit cannot mean: keys that reach a prototype, cycles, nesting past what the reader
 * takes, values that are not JSON (a Date, a Map, a function…), and edits whose offsets are not
 * whole positions of the text outside surrogate pairs. Before, these were planned and refused
 * later for another reason, overflowed the stack, or were written as `{}`.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {applyEdits, parseConfigPath, parseSource, planRemove, planSet, setConfigValue} from '../../src/index.js'
import {MAX_DEPTH} from '../../src/config/cst.js'
import type {ConfigPath} from '../../src/config/path.js'
import {tempDir} from '../helpers/cli.js'

const TEXT = '{\n  tools: { toolSearch: { mode: "tools" } },\n}\n'
const source = () => parseSource('/config/openclaw.json5', TEXT)
const segments = (...keys: string[]): ConfigPath => keys.map((key) => ({key, quoted: false}))

describe('planSet and planRemove refuse keys that reach a prototype, with that reason', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('%s in the path', (key) => {
    const error = {code: 'config-forbidden-key', exitCode: 2, message: `Forbidden key "${key}" at tools.${key}: keys __proto__, constructor and prototype are not allowed`}
    expect(() => planSet(source(), segments('tools', key, 'x'), 1)).toThrow(expect.objectContaining(error))
    expect(() => planRemove(source(), segments('tools', key))).toThrow(expect.objectContaining(error))
  })

  it('in the value, at any depth (an own __proto__ key, as JSON.parse makes it)', () => {
    const value = JSON.parse('{"a": [{"__proto__": {"polluted": true}}]}') as unknown
    expect(() => planSet(source(), segments('tools', 'extra'), value)).toThrow(expect.objectContaining({code: 'config-forbidden-key', message: 'Forbidden key "__proto__" at tools.extra.a[0].__proto__: keys __proto__, constructor and prototype are not allowed'}))
    expect(() => planSet(source(), segments('tools', 'extra'), {constructor: 1})).toThrow('Forbidden key "constructor" at tools.extra.constructor')
  })
})

describe('planSet refuses values a config cannot hold, naming the place', () => {
  class Settings {
    mode = 'tools'
  }
  it.each([
    ['a Date', {when: new Date(0)}, 'tools.extra.when', 'a Date is not a config value'],
    ['a Map', new Map([['a', 1]]), 'tools.extra', 'a Map is not a config value'],
    ['a Set', {list: new Set([1])}, 'tools.extra.list', 'a Set is not a config value'],
    ['a class instance', new Settings(), 'tools.extra', 'a Settings is not a config value'],
    ['a RegExp', /x/, 'tools.extra', 'a RegExp is not a config value'],
    ['a function', {run: () => 1}, 'tools.extra.run', 'a function is not a config value'],
    ['a symbol', [Symbol('s')], 'tools.extra[0]', 'a symbol is not a config value'],
    ['a bigint', {big: 10n}, 'tools.extra.big', 'a bigint is not a config value'],
    ['undefined in an array', [1, undefined], 'tools.extra[1]', 'undefined is not a config value'],
    ['undefined as a member', {a: undefined}, 'tools.extra.a', 'undefined is not a config value'],
    ['undefined itself', undefined, 'tools.extra', 'undefined is not a config value'],
    // eslint-disable-next-line no-sparse-arrays
    ['an array with a hole', [1, , 3], 'tools.extra[1]', 'the array has a hole here'],
    ['symbol keys', {[Symbol('k')]: 1}, 'tools.extra', 'an object with symbol keys is not a config value'],
  ])('%s', (_name, value, where, problem) => {
    expect(() => planSet(source(), segments('tools', 'extra'), value)).toThrow(expect.objectContaining({code: 'config-value', exitCode: 2, message: expect.stringMatching(new RegExp(`^Cannot write ${where.replace(/[.[\]]/g, '\\$&')}: ${problem}`))}))
  })

  it('a cyclic value', () => {
    const value: Record<string, unknown> = {a: {b: {}}}
    ;(value.a as {b: Record<string, unknown>}).b.back = value
    expect(() => planSet(source(), segments('tools', 'extra'), value)).toThrow(expect.objectContaining({code: 'config-value', message: 'Cannot write tools.extra.a.b.back: the value refers back to itself (a cycle), so it cannot be written out'}))
    // The same object twice, side by side, is no cycle.
    const shared = {x: 1}
    expect(applyEdits(TEXT, planSet(source(), segments('tools', 'extra'), {a: shared, b: shared}).edits)).toContain('extra: {a: {x: 1}, b: {x: 1}}')
  })

  it('a value 100,000 levels deep, and exactly one level past what the reader takes', () => {
    const nested = (levels: number) => {
      let value: unknown = 1
      for (let i = 0; i < levels; i++) value = {n: value}
      return value
    }
    expect(() => planSet(source(), segments('tools', 'extra'), nested(100_000))).toThrow(expect.objectContaining({code: 'config-value', message: expect.stringContaining(`the value nests deeper than ${MAX_DEPTH} levels in the file`)}))
    // The top object and tools are the first two levels of the file: the deepest value the
    // reader takes is written; one level more is refused by planSet as the reader would refuse it.
    const deepest = planSet(source(), segments('tools', 'extra'), nested(MAX_DEPTH - 2)).edits
    expect(parseSource('/config/openclaw.json5', applyEdits(TEXT, deepest)).root).toBeDefined()
    expect(() => planSet(source(), segments('tools', 'extra'), nested(MAX_DEPTH - 1))).toThrow(expect.objectContaining({code: 'config-value'}))
    expect(() => parseSource('/config/openclaw.json5', `{tools: {extra: ${JSON.stringify(nested(MAX_DEPTH - 1))}}}`)).toThrow(`Nesting deeper than ${MAX_DEPTH} levels`)
  })

  it('plain objects, null-prototype objects, arrays and JSON scalars are written', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, {a: 1})
    const after = applyEdits(TEXT, planSet(source(), parseConfigPath('tools.extra'), {bare, list: [1, 'two', null, false, -0.5]}).edits)
    expect(after).toContain('extra: {bare: {a: 1}, list: [1, "two", null, false, -0.5]}')
  })

  it('setConfigValue refuses a Date at the call, and the file stays as it was', async () => {
    const file = join(tempDir(), 'openclaw.json5')
    writeFileSync(file, TEXT)
    const location = {path: file, rule: 'flag', exists: true} as Parameters<typeof setConfigValue>[0]
    await expect(setConfigValue(location, parseConfigPath('tools.extra'), {when: new Date(0)}, {env: {}})).rejects.toMatchObject({code: 'config-value', message: 'Cannot write tools.extra.when: a Date is not a config value (a config holds objects, arrays, strings, numbers, booleans and null)'})
    await expect(setConfigValue(location, segments('tools', '__proto__'), 1, {env: {}})).rejects.toMatchObject({code: 'config-forbidden-key'})
    expect(readFileSync(file, 'utf8')).toBe(TEXT)
  })
})

describe('applyEdits refuses an edit that does not fit its text, naming it', () => {
  const text = 'ab😀cd'
  it.each([
    ['NaN', {offset: Number.NaN, length: 0, content: 'x'}, 'Edit 0 has offset NaN: it must be a whole number'],
    ['a fraction', {offset: 1.5, length: 0, content: 'x'}, 'Edit 0 has offset 1.5: it must be a whole number'],
    ['Infinity', {offset: 0, length: Number.POSITIVE_INFINITY, content: ''}, 'Edit 0 has length Infinity: it must be a whole number'],
    ['a negative offset', {offset: -1, length: 1, content: ''}, 'Edit 0 has offset -1: it must not be negative'],
    ['a negative length', {offset: 2, length: -1, content: ''}, 'Edit 0 has length -1: it must not be negative'],
    ['an offset as text', {offset: '1', length: 0, content: 'x'}, 'Edit 0 has offset string: it must be a whole number'],
    ['past the end', {offset: 5, length: 2, content: ''}, 'Edit 0 reaches past the end of the text (offset 5 + length 2 > 6)'],
    ['a start inside a surrogate pair', {offset: 3, length: 0, content: 'x'}, 'Edit 0 starts at 3, between the two halves of a surrogate pair'],
    ['an end inside a surrogate pair', {offset: 1, length: 2, content: ''}, 'Edit 0 ends at 3, between the two halves of a surrogate pair'],
    ['content that is not a string', {offset: 0, length: 0, content: 5}, 'Edit 0 has content of type number: it must be a string'],
  ])('%s', (_name, edit, message) => {
    expect(() => applyEdits(text, [edit as never])).toThrow(expect.objectContaining({code: 'invalid-edit', exitCode: 2, message}))
  })

  it('names which edit, and applies edits that fit around the pair', () => {
    expect(() => applyEdits(text, [{offset: 0, length: 1, content: 'A'}, {offset: 3, length: 1, content: ''}])).toThrow('Edit 1 starts at 3')
    expect(applyEdits(text, [{offset: 2, length: 2, content: '😁'}, {offset: 6, length: 0, content: '!'}])).toBe('ab😁cd!')
  })
})
