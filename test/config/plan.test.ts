import {describe, expect, it} from 'vitest'
import JSON5 from 'json5'

import {applyEdits, type Edit} from '../../src/config/edit.js'
import {parseConfigPath} from '../../src/config/path.js'
import {planRemove, planSet} from '../../src/config/plan.js'
import {parseSource} from '../../src/config/source.js'

function set(text: string, path: string, value: unknown, format: 'json5' | 'json' = 'json5', packageKey?: string): {after: string; edits: Edit[]} {
  const source = parseSource('/config/openclaw.json5', text, format, packageKey)
  const {edits} = planSet(source, parseConfigPath(path), value)
  return {after: applyEdits(text, edits), edits}
}

function unset(text: string, path: string): {after: string; edits: Edit[]} {
  const source = parseSource('/config/openclaw.json5', text)
  const {edits} = planRemove(source, parseConfigPath(path))
  return {after: applyEdits(text, edits), edits}
}

/** Everything before the first edit and after the last one is byte-identical. */
function expectOutsideUntouched(before: string, after: string, edits: Edit[]): void {
  const start = Math.min(...edits.map((edit) => edit.offset))
  const end = Math.max(...edits.map((edit) => edit.offset + edit.length))
  expect(after.slice(0, start)).toBe(before.slice(0, start))
  expect(after.slice(after.length - (before.length - end))).toBe(before.slice(end))
}

// A config with most of what JSON5 allows: BOM, CRLF, tabs, block and line comments everywhere,
// single and double quotes, quoted and unquoted keys, keys that look like numbers, trailing commas,
// hex, Infinity, Unicode (including a raw U+2028 inside a string), and ${VAR} references.
const NASTY = [
  '\uFEFF// OpenClaw config — ünïcödé 🚀\r\n',
  '/* leading block\r\n   comment */\r\n',
  '{\r\n',
  '\t// agents first\r\n',
  "\t'agents': { 'list': [ {id: 'main', /* inline */ }, {id: \"second\"}, ], },\r\n",
  '\t"1": 0x1F, // looks like a number\r\n',
  '\tinf: +Infinity,\r\n',
  '\tsecret: "${GITHUB_TOKEN}",\r\n',
  "\tline: 'a\u2028b',\r\n",
  '\ttools: {\r\n',
  '\t\t/* before toolSearch */ toolSearch: {\r\n',
  "\t\t\tmode: 'code', // retired\r\n",
  '\t\t\tcodeTimeoutMs: 2500,\r\n',
  '\t\t\t"searchDefaultLimit": 4 /* four */,\r\n',
  '\t\t},\r\n',
  '\t\tdeny: ["exec",],\r\n',
  '\t}, // end tools\r\n',
  '}\r\n',
  '// trailing comment\r\n',
].join('')

describe('planSet on a nasty JSON5 file', () => {
  it('replaces a single-quoted string and keeps its quote and everything else', () => {
    const {after, edits} = set(NASTY, 'tools.toolSearch.mode', 'tools')
    expect(edits).toHaveLength(1)
    expect(after).toBe(NASTY.replace("mode: 'code'", "mode: 'tools'"))
    expectOutsideUntouched(NASTY, after, edits)
  })

  it('inserts a new key with the object’s tab indentation, CRLF and trailing comma', () => {
    const {after, edits} = set(NASTY, 'tools.toolSearch.maxSearchLimit', 12)
    expect(after).toBe(NASTY.replace('\t\t\t"searchDefaultLimit": 4 /* four */,\r\n', '\t\t\t"searchDefaultLimit": 4 /* four */,\r\n\t\t\t"maxSearchLimit": 12,\r\n'))
    expectOutsideUntouched(NASTY, after, edits)
  })

  it('creates missing containers as objects, quoting the new key like its siblings', () => {
    // The agents object quotes its keys with single quotes ('list'); the file as a whole mostly
    // leaves keys unquoted, which is what the nested new keys follow. The object is on one line,
    // so the new member is too.
    const {after} = set(NASTY, 'agents.defaults.experimental.localModelLean', true)
    expect(after).toBe(
      NASTY.replace(
        "{id: \"second\"}, ], },\r\n",
        "{id: \"second\"}, ], 'defaults': {experimental: {localModelLean: true}}, },\r\n",
      ),
    )
  })

  it('indexes into an existing array and keeps the inline object style', () => {
    const {after, edits} = set(NASTY, 'agents.list[1].id', 'other')
    expect(after).toBe(NASTY.replace('{id: "second"}', '{id: "other"}'))
    expectOutsideUntouched(NASTY, after, edits)
  })

  it('quotes a key that looks like a number and replaces a hex value', () => {
    const {after} = set(NASTY, '1', 32)
    expect(after).toBe(NASTY.replace('"1": 0x1F,', '"1": 32,'))
  })

  it('never replaces a ${VAR} reference when editing elsewhere', () => {
    const {after} = set(NASTY, 'tools.deny[1]', 'process')
    expect(after).toContain('secret: "${GITHUB_TOKEN}"')
    expect(after).toBe(NASTY.replace('deny: ["exec",]', 'deny: ["exec", "process",]'))
  })

  it('plans nothing for a no-op, even when the quotes differ', () => {
    expect(set(NASTY, 'tools.toolSearch.mode', 'code').edits).toEqual([])
    expect(set(NASTY, '1', 31).edits).toEqual([])
    expect(applyEdits(NASTY, [])).toBe(NASTY)
  })

  it('treats a different type as a change (1 is not "1")', () => {
    expect(set(NASTY, 'tools.toolSearch.searchDefaultLimit', '4').edits).toHaveLength(1)
  })

  it('refuses to set below a scalar and out-of-range indexes', () => {
    expect(() => set(NASTY, 'secret.inner', 1)).toThrow('Cannot set secret.inner: secret is a string, not an object')
    expect(() => set(NASTY, 'agents.list[5]', 1)).toThrow('index 5 is out of range (the array has 2 elements)')
    expect(() => set(NASTY, 'agents.list.name', 1)).toThrow('agents.list is an array; use an index like [0]')
  })

  it('appends at index == length', () => {
    const {after} = set(NASTY, 'tools.deny[1]', 'x')
    expect(after).toContain('deny: ["exec", "x",]')
  })
})

describe('planRemove on a nasty JSON5 file', () => {
  it('removes a whole member line and nothing else', () => {
    const {after, edits} = unset(NASTY, 'tools.toolSearch.codeTimeoutMs')
    expect(after).toBe(NASTY.replace('\t\t\tcodeTimeoutMs: 2500,\r\n', ''))
    expectOutsideUntouched(NASTY, after, edits)
  })

  it('removes a member with its same-line comment', () => {
    const {after} = unset(NASTY, 'tools.toolSearch.mode')
    expect(after).toBe(NASTY.replace("\t\t\tmode: 'code', // retired\r\n", ''))
  })

  it('removes one array element (splice exactly one)', () => {
    const {after} = unset(NASTY, 'agents.list[0]')
    expect(after).toBe(NASTY.replace("[ {id: 'main', /* inline */ }, {id", '[ {id'))
  })

  it('fails for an absent path', () => {
    expect(() => unset(NASTY, 'tools.toolSearch.enabled')).toThrow('Config path not found: tools.toolSearch.enabled')
    expect(() => unset(NASTY, 'agents.list[9]')).toThrow('Config path not found: agents.list[9]')
  })
})

describe('style of inserted text', () => {
  it('uses LF, two spaces, double quotes and no trailing comma when the file does', () => {
    const text = '{\n  "tools": {\n    "deny": ["a"]\n  }\n}\n'
    expect(set(text, 'tools.toolSearch', {enabled: true, mode: 'tools'}).after).toBe(
      '{\n  "tools": {\n    "deny": ["a"],\n    "toolSearch": {\n      "enabled": true,\n      "mode": "tools"\n    }\n  }\n}\n',
    )
  })

  it('uses single quotes and unquoted keys when the file does', () => {
    const text = "{\n    a: 'x',\n    b: 'y',\n}\n"
    expect(set(text, 'c', 'z').after).toBe("{\n    a: 'x',\n    b: 'y',\n    c: 'z',\n}\n")
  })

  it('quotes keys that are not identifiers even in an unquoted file', () => {
    const text = '{\n  a: 1\n}\n'
    expect(set(text, '["b.c"]', 2).after).toBe('{\n  a: 1,\n  "b.c": 2\n}\n')
  })

  it('adds a comma to the previous last member, before its comment', () => {
    const text = '{\n  a: 1 // one\n}\n'
    expect(set(text, 'b', 2).after).toBe('{\n  a: 1, // one\n  b: 2\n}\n')
  })

  it('expands an empty object in a multi-line file', () => {
    const text = '{\n  tools: {},\n}\n'
    expect(set(text, 'tools.toolSearch', true).after).toBe('{\n  tools: {\n    toolSearch: true,\n  },\n}\n')
  })

  it('keeps scalars on one line when they go into an empty array', () => {
    expect(set('{\n  tools: {\n    allow: [],\n  },\n}\n', 'tools.allow[0]', 'read*').after).toBe('{\n  tools: {\n    allow: ["read*"],\n  },\n}\n')
    expect(set('{\n  list: [],\n}\n', 'list[0]', {id: 'a'}).after).toBe('{\n  list: [\n    {\n      id: "a",\n    },\n  ],\n}\n')
  })

  it('creates missing containers as objects: digits index only into arrays that exist', () => {
    expect(set('{}', 'agents.0.id', 'main').after).toBe('{\n  "agents": {\n    "0": {\n      "id": "main"\n    }\n  }\n}')
    expect(set('{agents: {}}', 'agents[0]', 1).after).toBe('{agents: {"0": 1}}')
    expect(set('{agents: [5]}', 'agents[0]', 1).after).toBe('{agents: [1]}')
    expect(() => set('{agents: [5]}', 'agents["0"]', 1)).toThrow('Cannot set agents["0"]: agents is an array; use an index like [0]')
  })

  it('writes a complete document into an empty file', () => {
    expect(set('', 'tools.toolSearch.mode', 'tools').after).toBe('{\n  "tools": {\n    "toolSearch": {\n      "mode": "tools"\n    }\n  }\n}\n')
  })

  it('keeps package.json plain JSON under its openclaw key', () => {
    const text = '{\n  "name": "x",\n  "openclaw": {\n    "tools": {}\n  }\n}\n'
    expect(set(text, 'tools.toolSearch', true, 'json', 'openclaw').after).toBe('{\n  "name": "x",\n  "openclaw": {\n    "tools": {\n      "toolSearch": true\n    }\n  }\n}\n')
  })

  it('escapes strings for the quote in use', () => {
    const text = "{\n  a: 'x',\n}\n"
    expect(set(text, 'a', "it's \"q\"\n").after).toBe("{\n  a: 'it\\'s \"q\"\\n',\n}\n")
  })
})

describe('removal keeps commas consistent', () => {
  it('drops the previous comma when the last member goes and the file has no trailing commas', () => {
    expect(unset('{\n  "a": 1,\n  "b": 2\n}\n', 'b').after).toBe('{\n  "a": 1\n}\n')
  })

  it('a key written twice: setting it removes the earlier, dead copies, inline or on their own lines', () => {
    expect(set('{mode:"code", mode:"code"}', 'mode', 'tools').after).toBe('{mode:"tools"}')
    expect(set('{\n  mode: "code",\n  other: 1,\n  mode: "code",\n}\n', 'mode', 'tools').after).toBe('{\n  other: 1,\n  mode: "tools",\n}\n')
    // No change to the value: nothing is touched.
    expect(set('{mode:"code", mode:"tools"}', 'mode', 'tools').edits).toEqual([])
  })

  it('keeps the later lines of a multi-line block comment that starts on the removed member’s line', () => {
    const text = '{\n  a: 1, /* starts here\n     continues\n     ends */\n  b: 2,\n}\n'
    const {after} = unset(text, 'a')
    expect(after).toContain('/* starts here\n     continues\n     ends */')
    expect(after).not.toMatch(/\ba: 1/)
    expect(JSON5.parse(after)).toEqual({b: 2})
    const last = unset('{\n  b: 2,\n  a: 1 /* starts here\n  ends */\n}\n', 'a').after
    expect(last).toContain('/* starts here\n  ends */')
    expect(JSON5.parse(last)).toEqual({b: 2})
  })

  it('collapses an object whose only member goes', () => {
    expect(unset('{\n  t: {\n    a: 1,\n  },\n}\n', 't.a').after).toBe('{\n  t: {},\n}\n')
  })

  it('leaves no spaces dangling at the end of a line', () => {
    expect(unset('{\n  a: 1, b: 2,\n  c: 3,\n}\n', 'b').after).toBe('{\n  a: 1,\n  c: 3,\n}\n')
    expect(set('{ a: 1,\n  b: 2 }', 'c', 3).after).toBe('{ a: 1,\n  b: 2,\n  c: 3\n}')
    // Spaces the file already had at the end of a line are its own: kept.
    expect(set('{\n  a: 1,  \n}\n', 'b', 2).after).toBe('{\n  a: 1,  \n  b: 2,\n}\n')
  })

  it('handles single-line objects', () => {
    expect(unset('{a: 1, b: 2, c: 3}', 'b').after).toBe('{a: 1, c: 3}')
    expect(unset('{a: 1, b: 2}', 'b').after).toBe('{a: 1}')
    expect(unset('{a: 1, b: 2, }', 'b').after).toBe('{a: 1, }')
    expect(unset('{a: 1}', 'a').after).toBe('{}')
  })

  it('removes every occurrence of a duplicated key', () => {
    expect(unset('{\n  a: 1,\n  a: 2,\n  b: 3,\n}\n', 'a').after).toBe('{\n  b: 3,\n}\n')
  })

  it('never removes the BOM with the first line', () => {
    expect(unset('\uFEFF{\n  a: 1,\n  b: 2\n}', 'a').after).toBe('\uFEFF{\n  b: 2\n}')
    expect(unset('\uFEFF{a: 1,\nb: 2}', 'a').after).toBe('\uFEFF{\nb: 2}')
  })
})
