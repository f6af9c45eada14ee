import {describe, expect, it} from 'vitest'

import {controlTools} from '../../src/directory/controls.js'
import {estimateTokens, payloadReport, renderPayloadReport, toolDefinition} from '../../src/directory/payload.js'
import {renderDirectory} from '../../src/directory/render.js'
import {entry} from './entry.js'

const bytesOf = (value: unknown) => Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value), 'utf8')

function bigSchema(i: number) {
  const properties: Record<string, unknown> = {}
  for (let p = 0; p < 12; p++) properties[`field_${p}`] = {type: 'string', description: `Field ${p} of tool ${i}, explained at some length for the model.`}
  return {type: 'object', properties, required: ['field_0']}
}

describe('control tools', () => {
  it('declares tool_search (query, limit, queries), tool_describe (id) and tool_call (id, args)', () => {
    const shape = controlTools(8).map((tool) => [tool.name, Object.keys(tool.parameters.properties as object)])
    expect(shape).toEqual([
      ['tool_search', ['query', 'limit', 'queries']],
      ['tool_describe', ['id']],
      ['tool_call', ['id', 'args']],
    ])
  })

  it('states the default search limit in tool_search, and only there', () => {
    const [search, describeTool, call] = controlTools(5)
    const text = JSON.stringify(search)
    expect(text).toContain('Defaults to 5 when omitted.')
    expect(text).toContain('an omitted item limit counts as 5.')
    expect(JSON.stringify(controlTools(3)[0])).toBe(text.replaceAll('5 when omitted', '3 when omitted').replaceAll('counts as 5.', 'counts as 3.'))
    expect(controlTools(3).slice(1)).toEqual([describeTool, call])
  })
})

describe('payloadReport', () => {
  const catalog = [
    entry('read', {sourceName: 'core', parameters: {type: 'object', properties: {path: {type: 'string'}}}}),
    entry('message', {directOnly: true}),
    ...Array.from({length: 30}, (_, i) => entry(`tool_${i}`, {parameters: bigSchema(i)})),
    entry('remote', {source: 'mcp', sourceName: 'srv', parameters: bigSchema(99)}),
  ]

  it('measures direct exposure as every tool definition, in UTF-8 bytes', () => {
    const report = payloadReport(catalog)
    expect(report.direct.bytes).toBe(bytesOf(catalog.map(toolDefinition)))
    expect(report.direct).toMatchObject({toolDefinitions: 33, directoryBytes: 0, ratio: 1, tokens: estimateTokens(report.direct.bytes)})
    expect(report).toMatchObject({entries: 33, directlyVisible: 2, deferred: 31, tokenEstimate: 'ceil(bytes / 4)'})
  })

  it('sends the controls, the directly visible tools and the directory in tools mode', () => {
    const report = payloadReport(catalog, {contextWindow: 32_768})
    const visible = [...controlTools(8), toolDefinition(catalog[0]!), toolDefinition(catalog[1]!)]
    const directory = renderDirectory(catalog, {mode: 'tools', contextWindow: 32_768})
    expect(report.tools.schemaBytes).toBe(bytesOf(visible))
    expect(report.tools.directoryBytes).toBe(bytesOf(directory.text))
    expect(report.tools.bytes).toBe(bytesOf(visible) + bytesOf(directory.text))
    expect(report.tools.toolDefinitions).toBe(5)
    expect(report.tools.ratio).toBeCloseTo(report.tools.bytes / report.direct.bytes)
    expect(report.contextWindow).toBe(32_768)
  })

  it('measures the controls for the default search limit in effect', () => {
    const report = payloadReport(catalog, {searchDefaultLimit: 12})
    const visible = [...controlTools(12), toolDefinition(catalog[0]!), toolDefinition(catalog[1]!)]
    expect(report.tools.schemaBytes).toBe(bytesOf(visible))
    // One more digit in each of the two places tool_search states the limit.
    expect(report.tools.schemaBytes - payloadReport(catalog).tools.schemaBytes).toBe(2)
  })

  it('differs in directory mode only by the directory footer', () => {
    const report = payloadReport(catalog)
    expect(report.directory.schemaBytes).toBe(report.tools.schemaBytes)
    expect(report.directory.directoryBytes).toBe(bytesOf(renderDirectory(catalog, {mode: 'directory'}).text))
    expect(report.directory.bytes).toBeLessThan(report.tools.bytes)
  })

  it('counts UTF-8 bytes, not characters', () => {
    const report = payloadReport([entry('emoji', {description: '🚀'.repeat(10), directOnly: true})])
    expect(report.direct.bytes).toBe(bytesOf([{name: 'emoji', description: '🚀'.repeat(10), parameters: {type: 'object', properties: {}}}]))
  })

  it('counts a missing or non-object schema as an empty object schema', () => {
    expect(toolDefinition(entry('a', {parameters: undefined})).parameters).toEqual({type: 'object', properties: {}})
    expect(toolDefinition(entry('a', {parameters: 'nonsense'})).parameters).toEqual({type: 'object', properties: {}})
  })
})

describe('renderPayloadReport', () => {
  it('prints a table and says how much tools mode saves on a large catalog', () => {
    const catalog = Array.from({length: 50}, (_, i) => entry(`tool_${i}`, {parameters: bigSchema(i)}))
    const report = payloadReport(catalog)
    const text = renderPayloadReport(report, {color: false})
    expect(text).toContain('Up-front payload for 50 tools (0 directly visible, 50 deferred)')
    expect(text).toContain('Tokens are estimated as ceil(bytes / 4).')
    expect(text).toMatch(new RegExp(`direct +${report.direct.bytes.toLocaleString('en-US')} +${report.direct.tokens.toLocaleString('en-US')} +100\\.0%`))
    const saved = report.direct.bytes - report.tools.bytes
    expect(text).toContain(`Tool Search saves ${((saved / report.direct.bytes) * 100).toFixed(1)}% up front in tools mode: ${saved.toLocaleString('en-US')} bytes`)
    expect(text).not.toContain('costs more')
  })

  it('says when compaction costs more than it saves', () => {
    const report = payloadReport([entry('tiny', {description: 'T.'})])
    expect(report.tools.bytes).toBeGreaterThan(report.direct.bytes)
    const text = renderPayloadReport(report, {color: false})
    expect(text).toContain('Up-front payload for 1 tool (0 directly visible, 1 deferred)')
    expect(text).toContain('Compaction costs more than it saves for this catalog: tools mode sends')
    expect(text).toContain(`tools mode sends ${(report.tools.bytes - report.direct.bytes).toLocaleString('en-US')} bytes more`)
  })
})
