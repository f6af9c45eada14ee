import {describe, expect, it} from 'vitest'

import {parsePlain} from '../../src/config/cst.js'
import {applyEdits} from '../../src/config/edit.js'
import {documentFromEdit, documentFromText} from '../../src/config/load.js'
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

describe('a text edited from a loaded one (documentFromEdit)', () => {
  const location = {path: FILE} as Parameters<typeof documentFromText>[0]
  const env = {HOME: '/home/x'}
  const text = '// lead\n{\n  tools: {toolSearch: {mode: "code", codeTimeoutMs: 2500, limit: 6}},\n  dup: {a: 1}, dup: {a: 2},\n  list: [1, {b: "${HOME}/x"}, "s"],\n  agents: {one: {name: "One"}, two: {name: "Two ${MISSING}"}},\n}\n'
  const at = (needle: string, from = 0) => {
    const offset = text.indexOf(needle, from)
    if (offset === -1) throw new Error(`no ${needle}`)
    return offset
  }
  // [what, edits, whether it is read from the edit]
  const cases: Array<[string, Array<{offset: number; length: number; content: string}>, boolean]> = [
    ['a value replaced', [{offset: at('"code"'), length: 6, content: '"tools"'}], true],
    ['a member removed', [{offset: at('codeTimeoutMs'), length: 'codeTimeoutMs: 2500, '.length, content: ''}], true],
    ['a member added, with a reference', [{offset: at('one: {') + 6, length: 0, content: 'home: "${HOME}", '}], true],
    ['inside a key written twice, the dead one', [{offset: at('a: 1') + 3, length: 1, content: '5'}], true],
    ['inside a key written twice, the live one', [{offset: at('a: 2') + 3, length: 1, content: '7'}], true],
    ['inside an array element', [{offset: at('"${HOME}/x"') + 1, length: 0, content: 'y'}], true],
    ['two edits far apart', [{offset: at('"code"'), length: 6, content: '"tools"'}, {offset: at('"Two'), length: 4, content: '"2'}], true],
    ['an $include brought in', [{offset: at('mode:'), length: 0, content: '$include: "x.json5", '}], false],
    ['a comment that would swallow the rest of the line', [{offset: at('limit: 6}') + 8, length: 0, content: '// gone'}], false],
    ['the whole file', [{offset: 0, length: text.length, content: '{a: 1}'}], false],
  ]

  it.each(cases)('gives the document loading the edited text gives: %s', (_what, edits, fromEdit) => {
    const base = documentFromText(location, text, env)
    expect(base.source.top).toBeDefined()
    const after = applyEdits(text, edits)
    const edited = documentFromEdit(base, edits, after, env)
    expect(edited !== undefined).toBe(fromEdit)
    if (edited === undefined) return
    const whole = documentFromText(location, after, env)
    expect(edited.source.text).toBe(after)
    expect(JSON.stringify(edited.authored)).toBe(JSON.stringify(whole.authored))
    expect(edited.authored).toStrictEqual(whole.authored)
    expect(edited.resolved).toStrictEqual(whole.resolved)
    expect(edited.warnings).toStrictEqual(whole.warnings)
    expect(edited.source.root).toStrictEqual(whole.source.root)
    for (const path of pathsOf(whole.authored)) expect(edited.origins.get(path)).toStrictEqual(whole.origins.get(path))
  })

  it('is not used before the loaded text has its syntax tree (building it would cost more than reading the edit)', () => {
    // No finding or missing variable asks where a value is written here, so no tree is built.
    const plain = '{tools: {toolSearch: {mode: "code"}}}'
    const base = documentFromText(location, plain, env)
    const edits = [{offset: plain.indexOf('"code"'), length: 6, content: '"tools"'}]
    expect(documentFromEdit(base, edits, applyEdits(plain, edits), env)).toBeUndefined()
    expect(base.source.top).toBeDefined()
    expect(documentFromEdit(base, edits, applyEdits(plain, edits), env)?.authored).toStrictEqual({tools: {toolSearch: {mode: 'tools'}}})
  })
})
