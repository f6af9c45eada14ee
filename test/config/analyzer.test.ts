import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ConfigAnalyzer} from '../../src/config/analyzer.js'
import type {ConfigLocation} from '../../src/config/index.js'
import type {ConfigDocument} from '../../src/config/load.js'
import {setConfigValue} from '../../src/config/change.js'
import {parseConfigPath} from '../../src/config/path.js'
import {builtinChecks} from '../../src/doctor/checks/index.js'
import {notesAfterChange, runDoctor} from '../../src/doctor/run.js'
import {tempDir} from '../helpers/cli.js'

const locationOf = (path: string): ConfigLocation => ({path, rule: 'flag', reason: 'test', exists: true, nearMisses: []})

/** An analyzer that records the documents it hands out and those it validated. */
class CountingAnalyzer extends ConfigAnalyzer {
  readonly documents = new Set<ConfigDocument>()
  readonly validated = new Set<ConfigDocument>()
  requests = 0

  override document(text: string | undefined): ConfigDocument {
    this.requests++
    const document = super.document(text)
    this.documents.add(document)
    return document
  }

  override problems(document: ConfigDocument) {
    this.validated.add(document)
    return super.problems(document)
  }
}

describe('ConfigAnalyzer', () => {
  it('loads a text once, and again when a file it includes changed', () => {
    const dir = tempDir()
    const top = join(dir, 'openclaw.json5')
    writeFileSync(top, '{tools: {$include: "./tools.json5"}}')
    writeFileSync(join(dir, 'tools.json5'), '{toolSearch: {mode: "tools"}}')
    const analyzer = new ConfigAnalyzer(locationOf(top), {})
    const text = readFileSync(top, 'utf8')
    const first = analyzer.document(text)
    // An equal text that is another string (read again) is the same document.
    expect(analyzer.document(`${text.slice(0, 5)}${text.slice(5)}`)).toBe(first)
    writeFileSync(join(dir, 'tools.json5'), '{toolSearch: {mode: "directory"}}')
    const second = analyzer.document(text)
    expect(second).not.toBe(first)
    expect(second.resolved).toEqual({tools: {toolSearch: {mode: 'directory'}}})
  })

  it('doctor --fix loads and validates the text it read and the text it wrote once each', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json5')
    writeFileSync(file, '{\n  tools: {\n    toolSearch: {mode: "code", codeTimeoutMs: 1, maxSearchLimit: 80},\n  },\n}\n')
    const analyzer = new CountingAnalyzer(locationOf(file), {})
    const result = await runDoctor(builtinChecks().all(), locationOf(file), {env: {}, fix: true, analyzer})
    expect(result.outcome?.status).toBe('written')
    expect(readFileSync(file, 'utf8')).toBe('{\n  tools: {\n    toolSearch: {mode: "tools", maxSearchLimit: 80},\n  },\n}\n')
    expect(result.findings.map((finding) => finding.check)).toEqual(['tools.toolSearch.limits'])
    // The report, both fix passes, the writer under the lock and the report after it all asked
    // this analyzer, and it parsed and validated two texts.
    expect(analyzer.requests).toBe(6)
    expect(analyzer.documents.size).toBe(2)
    expect(analyzer.validated.size).toBe(2)
  })

  it('config set loads the text before and after once each, warnings included', async () => {
    const dir = tempDir()
    const file = join(dir, 'openclaw.json5')
    writeFileSync(file, '{tools: {toolSearch: {mode: "tools"}}}\n')
    const analyzer = new CountingAnalyzer(locationOf(file), {})
    const outcome = await setConfigValue(locationOf(file), parseConfigPath('tools.toolSearch.maxSearchLimit'), 80, {env: {}, analyzer})
    expect(await notesAfterChange(analyzer, outcome)).toEqual(['Warning: tools.toolSearch.maxSearchLimit is 80; it is clamped to 50.'])
    expect(analyzer.requests).toBe(4)
    expect(analyzer.documents.size).toBe(2)
    expect(analyzer.validated.size).toBe(2)
  })
})
