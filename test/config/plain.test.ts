import {describe, expect, it} from 'vitest'

import {parsePlain} from '../../src/config/cst.js'
import {resolveIncludes} from '../../src/config/include.js'
import {FORBIDDEN_KEYS} from '../../src/config/path.js'
import {TreeOrigins, parseSource, plainSource} from '../../src/config/source.js'

const FILE = '/config/openclaw.json5'
const REFUSED = new Set([...FORBIDDEN_KEYS, '$include'])

/** Every path of a value, the root first. */
function pathsOf(value: unknown, path: string[] = []): string[][] {
  const children: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : value !== null && typeof value === 'object' ? Object.entries(value) : []
  return [path, ...children.flatMap(([key, child]) => pathsOf(child, [...path, key]))]
}

/** The value and origin tree the tree parser and the include resolver give. */
function throughTree(text: string) {
  const source = parseSource(FILE, text)
  return resolveIncludes(source, () => {
    throw new Error('no includes here')
  })
}

const TEXTS = [
  '{}',
  '[]',
  '"just a string"',
  '// lead\n{a: 1, "b": \'x\', c: [1, 2, {d: null}], e: {f: true, g: -0x10, h: +Infinity, i: .5}}',
  // A key written twice: the last one is the value, with its own members only.
  '{a: {x: 1, y: 2}, a: {x: 3}, b: [0, [1, [2]]], "1": "one", "0": "zero"}',
  "{'quoted key': \"it's\", unquoted_$: 'say \"hi\"', \\u0061b: 'esc\\n\\u00e9', 'multi\\\nline': 1}",
  '{toString: 1, hasOwnProperty: {valueOf: 2}, nested: {deeper: {deepest: [[], {}, [{}]]}}}',
  '\uFEFF{a: 1,\r\n  b: [\r\n 2,\r\n ],\r\n}',
]

describe('the plain parser (values without a syntax tree)', () => {
  it.each(TEXTS)('gives the values the tree gives, and the same origin for every path: %s', (text) => {
    const tree = throughTree(text)
    const plain = plainSource(FILE, text)
    expect(plain).toBeDefined()
    expect(plain!.value).toStrictEqual(tree.value)
    // Same key order too (what is written and printed follows it).
    expect(JSON.stringify(plain!.value)).toBe(JSON.stringify(tree.value))
    const origins = new TreeOrigins(plain!.source)
    for (const path of pathsOf(tree.value)) expect(origins.get(path), path.join('.')).toStrictEqual(tree.origins.get(path))
    // Paths the config does not have have no origin.
    for (const path of [['missing'], ['a', 'missing'], ['b', '01'], ['b', '9'], ['c', '0', 'x']]) expect(origins.get(path)).toStrictEqual(tree.origins.get(path))
  })

  it('builds the syntax tree only when it is asked for, and then the same tree', () => {
    const text = '{a: [1, {b: "c"}]}'
    const plain = plainSource(FILE, text)!
    expect(plain.source.root).toStrictEqual(parseSource(FILE, text).root)
    expect(plain.source.top).toBe(plain.source.root)
  })

  it('leaves to the tree parser a text that does not parse, holds no value, or has a forbidden key or a $include anywhere', () => {
    for (const text of ['', '  // only a comment\n', '{a: 1', '{a: 01}', '{a: 1 b: 2}', '[1 2]', '{a: 1} x', '{"__proto__": {}}', '{a: {constructor: 1}}', '[{prototype: 1}]', '{a: {$include: "x.json5"}}', "{'$include': 'x'}", '{\\u0024include: "x"}']) {
      expect(parsePlain(text, REFUSED), text).toBeUndefined()
      expect(plainSource(FILE, text), text).toBeUndefined()
    }
  })

  it('refuses nesting deeper than the tree parser does', () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
    expect(parsePlain(deep(257), REFUSED)).toBeDefined()
    expect(parsePlain(deep(258), REFUSED)).toBeUndefined()
    expect(() => parseSource(FILE, deep(257))).not.toThrow()
    expect(() => parseSource(FILE, deep(258))).toThrow(/Nesting deeper/)
  })
})
