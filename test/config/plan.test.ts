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

  it('creates a missing container as an array when an index goes into it, as OpenClaw does', () => {
    expect(set('{}', 'agents.list[0].id', 'main', 'json').after).toBe('{\n  "agents": {\n    "list": [\n      {\n        "id": "main"\n      }\n    ]\n  }\n}')
    expect(set('{}', 'agents.0.id', 'main', 'json').after).toBe('{\n  "agents": [\n    {\n      "id": "main"\n    }\n  ]\n}')
    expect(set('', 'a[0][0]', 1).after).toBe('{\n  "a": [\n    [1]\n  ]\n}\n')
    // An object key that is not a canonical index stays a key; a new array starts at 0.
    expect(set('{}', 'a[01]', 1, 'json').after).toBe('{\n  "a": {\n    "01": 1\n  }\n}')
    expect(() => set('{}', 'a[2]', 1)).toThrow('Cannot set a[2]: index 2 is out of range (the array has 0 elements)')
  })

  it('indexes an existing array with a quoted or unquoted index; on an object an index is a key', () => {
    expect(set('{agents: {}}', 'agents[0]', 1).after).toBe('{agents: {"0": 1}}')
    expect(set('{agents: [5]}', 'agents[0]', 1).after).toBe('{agents: [1]}')
    expect(set('{agents: [5]}', 'agents["0"]', 1).after).toBe('{agents: [1]}')
    expect(() => set('{agents: [5]}', 'agents[x]', 1)).toThrow('Cannot set agents.x: agents is an array; use an index like [0]')
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
