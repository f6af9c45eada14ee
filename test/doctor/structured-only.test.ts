import {describe, expect, it} from 'vitest'

import {ConfigAnalyzer} from '../../src/config/analyzer.js'
import {parseSource, nodeToValue} from '../../src/config/source.js'
import {contextFor, detectAll, fixText, messageOf} from '../../src/doctor/run.js'
import {checks, findings, fix, location} from './helpers.js'

const MODE_FINDING = 'Tool Search code mode (tool_search_code) is retired; use structured Tool Search. Run "toolsearch doctor --fix".'
const TIMEOUT_FINDING = 'tools.toolSearch.codeTimeoutMs is retired. Run "toolsearch doctor --fix".'
const MODE_CHANGE = 'Tool Search code mode (tool_search_code) is retired; using structured Tool Search.'
const TIMEOUT_CHANGE = 'Removed tools.toolSearch.codeTimeoutMs; Tool Search no longer executes code.'

/** The same tools.toolSearch written two ways: one member per line, and all on one line. */
function layouts(toolSearch: string): string[] {
  const members = toolSearch.replace(/^\{|\}$/g, '').split(/,\s*/).filter(Boolean)
  const multiline = `// config\n{\n  tools: {\n    toolSearch: {\n${members.map((member) => `      ${member},\n`).join('')}    },\n    deny: ["exec"], // keep\n  },\n}\n`
  const inline = `{"tools": {"toolSearch": {${members.join(', ')}}, "deny": ["exec"]}}`
  return [multiline, inline]
}

function toolSearchOf(text: string): unknown {
  const source = parseSource('/x', text)
  const value = nodeToValue(source, source.root!) as {tools: {toolSearch: unknown}}
  return value.tools.toolSearch
}

// SPEC §3.2, row by row: input → output, the finding lines and the change lines.
const TABLE: Array<{input: string; output: Record<string, unknown>; findings: string[]; changes: string[]}> = [
  {
    input: '{enabled: false, mode: "code", codeTimeoutMs: 2500, searchDefaultLimit: 4, maxSearchLimit: 12}',
    output: {enabled: false, mode: 'tools', searchDefaultLimit: 4, maxSearchLimit: 12},
    findings: [MODE_FINDING, TIMEOUT_FINDING],
    changes: [MODE_CHANGE, TIMEOUT_CHANGE],
  },
  {input: '{codeTimeoutMs: 2500}', output: {enabled: true}, findings: [TIMEOUT_FINDING], changes: [TIMEOUT_CHANGE]},
  {input: '{codeTimeoutMs: null}', output: {enabled: true}, findings: [TIMEOUT_FINDING], changes: [TIMEOUT_CHANGE]},
  {input: '{codeTimeoutMs: 2500, enabled: null}', output: {enabled: true}, findings: [TIMEOUT_FINDING], changes: [TIMEOUT_CHANGE]},
  {input: '{codeTimeoutMs: 2500, enabled: "invalid"}', output: {enabled: true}, findings: [TIMEOUT_FINDING], changes: [TIMEOUT_CHANGE]},
  {input: '{codeTimeoutMs: 2500, enabled: false}', output: {enabled: false}, findings: [TIMEOUT_FINDING], changes: [TIMEOUT_CHANGE]},
  {input: '{codeTimeoutMs: 2500, searchDefaultLimit: 4}', output: {searchDefaultLimit: 4}, findings: [TIMEOUT_FINDING], changes: [TIMEOUT_CHANGE]},
  {input: '{codeTimeoutMs: 2500, mode: "directory"}', output: {mode: 'directory'}, findings: [TIMEOUT_FINDING], changes: [TIMEOUT_CHANGE]},
  {input: '{mode: "code"}', output: {mode: 'tools'}, findings: [MODE_FINDING], changes: [MODE_CHANGE]},
]

describe('tools.toolSearch.structured-only: the §3.2 table', () => {
  for (const row of TABLE) {
    for (const [index, text] of layouts(row.input).entries()) {
      it(`${row.input} → ${JSON.stringify(row.output)} (${index === 0 ? 'multi-line' : 'one line'})`, async () => {
        const found = (await findings(text)).filter((finding) => finding.check === 'tools.toolSearch.structured-only')
        expect(found.map((finding) => finding.message)).toEqual(row.findings)
        expect(found.every((finding) => finding.severity === 'error')).toBe(true)
        const fixed = await fix(text)
        expect(fixed.changes).toEqual(row.changes)
        const output = toolSearchOf(fixed.text) as Record<string, unknown>
        expect(output).toEqual(row.output)
        expect(Object.keys(output)).toEqual(Object.keys(row.output))
        // Everything outside tools.toolSearch is untouched.
        expect(fixed.text.slice(0, text.indexOf('toolSearch'))).toBe(text.slice(0, text.indexOf('toolSearch')))
        expect(fixed.text.slice(fixed.text.indexOf('deny'))).toBe(text.slice(text.indexOf('deny')))
        // Idempotent: a second run finds nothing and changes no byte.
        expect(await findings(fixed.text)).toEqual([])
        expect(await fix(fixed.text)).toEqual({text: fixed.text, changes: []})
      })
    }
  }

  for (const input of ['unset', 'true', 'false', '{}', '{enabled: false}', '{mode: "tools"}', '{mode: "directory"}']) {
    it(`${input} is unchanged, with no findings of this check`, async () => {
      const text = input === 'unset' ? '{\n  tools: {deny: ["exec"]},\n}\n' : `{\n  tools: {\n    toolSearch: ${input},\n  },\n}\n`
      const found = await findings(text)
      expect(found.filter((finding) => finding.check === 'tools.toolSearch.structured-only')).toEqual([])
      expect(await fix(text)).toEqual({text, changes: []})
    })
  }

  it('leaves the input text alone and keeps a trailing comment on the mode line', async () => {
    const text = '{\n  tools: {\n    toolSearch: {\n      mode: "code", // old\n      codeTimeoutMs: 2500,\n    },\n  },\n}\n'
    const copy = `${text}`
    const fixed = await fix(text)
    expect(text).toBe(copy)
    expect(fixed.text).toBe('{\n  tools: {\n    toolSearch: {\n      mode: "tools", // old\n    },\n  },\n}\n')
  })

  it('keeps a timeout-only object enabled in the file’s own style', async () => {
    expect((await fix("{\r\n\ttools: {\r\n\t\ttoolSearch: {\r\n\t\t\t'codeTimeoutMs': 2500,\r\n\t\t},\r\n\t},\r\n}\r\n")).text).toBe(
      // Tabs, CRLF and trailing commas as in the file; the emptied object has no key left to copy
      // a quote style from, so the file's majority (unquoted keys) applies.
      "{\r\n\ttools: {\r\n\t\ttoolSearch: {\r\n\t\t\tenabled: true,\r\n\t\t},\r\n\t},\r\n}\r\n",
    )
    expect((await fix('{"tools": {"toolSearch": {"codeTimeoutMs": 1}}}')).text).toBe('{"tools": {"toolSearch": {"enabled": true}}}')
  })

  it('reports a mode that is "code" through a ${VAR} reference but never rewrites the reference', async () => {
    const text = '{\n  tools: {\n    toolSearch: {\n      mode: "${TS_MODE}",\n      codeTimeoutMs: "${TS_TIMEOUT}",\n      maxSearchLimit: 9,\n    },\n  },\n  token: "${API_TOKEN}",\n}\n'
    const env = {TS_MODE: 'code', TS_TIMEOUT: '100', API_TOKEN: 'secret'}
    const context = await contextFor(new ConfigAnalyzer(location, env), text)
    const found = detectAll(checks, context).filter((finding) => finding.check === 'tools.toolSearch.structured-only')
    expect(found.map(({messageId, fixable}) => ({messageId, fixable}))).toEqual([
      {messageId: 'retiredModeFromEnv', fixable: false},
      {messageId: 'retiredTimeout', fixable: true},
    ])
    expect(messageOf(checks, found[0])).toBe(
      'Tool Search code mode (tool_search_code) is retired; use structured Tool Search. tools.toolSearch.mode is written as "${TS_MODE}", which the environment turns into "code": make it "tools" there (doctor --fix never rewrites a ${VAR} reference).',
    )
    const fixed = await fixText(checks, new ConfigAnalyzer(location, env), text)
    // The timeout goes (reference and all); the mode reference and every other ${VAR} stay.
    expect(fixed.text).toBe(text.replace('      codeTimeoutMs: "${TS_TIMEOUT}",\n', ''))
    expect(fixed.changes.map((change) => change.message)).toEqual([TIMEOUT_CHANGE])
  })

  it('points findings at the value (mode) and the key (codeTimeoutMs)', async () => {
    const text = '{\n  tools: {\n    toolSearch: {\n      mode: "code",\n      codeTimeoutMs: 2500,\n    },\n  },\n}\n'
    expect((await findings(text)).map(({path, line, column}) => ({path, line, column}))).toEqual([
      {path: 'tools.toolSearch.mode', line: 4, column: 13},
      {path: 'tools.toolSearch.codeTimeoutMs', line: 5, column: 7},
    ])
  })
})
