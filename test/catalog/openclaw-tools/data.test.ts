import {describe, expect, it} from 'vitest'

import {DEFAULT_OPENCLAW_TOOLS_RELEASE, openClawToolEntries, openClawToolsReleases, pluginIdOf} from '../../../src/catalog/openclaw-tools/index.js'
import {catalogedEntries, countTools} from '../../../src/catalog/index.js'
import {toolDefinition} from '../../../src/directory/payload.js'

describe("OpenClaw's own tools of a release", () => {
  const entries = openClawToolEntries(DEFAULT_OPENCLAW_TOOLS_RELEASE)

  it('ships the default release, and reads it once', () => {
    expect(openClawToolsReleases()).toContain(DEFAULT_OPENCLAW_TOOLS_RELEASE)
    expect(openClawToolEntries(DEFAULT_OPENCLAW_TOOLS_RELEASE)).toBe(entries)
  })

  it('holds 2026.9.6 as the recordings show it: 45 deferred, 7 direct and cataloged, 2 direct-only', () => {
    expect(countTools(entries)).toMatchObject({tools: 54, deferred: 45})
    expect(entries.filter((entry) => entry.visibility === 'direct-and-cataloged').map((entry) => entry.name).sort()).toEqual(['apply_patch', 'edit', 'exec', 'ls', 'process', 'read', 'write'])
    expect(entries.filter((entry) => entry.visibility === 'direct-only').map((entry) => entry.name)).toEqual(['openclaw', 'sessions_yield'])
    expect(catalogedEntries(entries)).toHaveLength(52)
    expect(new Set(entries.map((entry) => entry.sourceName))).toEqual(new Set(['core', 'browser', 'canvas', 'file-transfer', 'memory-core', 'ollama', 'talk-voice']))
  })

  it('makes trusted entries with ids, labels and schemas, and no executor', () => {
    const fetch = entries.find((entry) => entry.name === 'web_fetch')!
    expect(fetch).toMatchObject({id: 'openclaw:core:web_fetch', source: 'openclaw', sourceName: 'core', label: 'Web Fetch', trusted: true, visibility: 'deferred'})
    expect(fetch.run).toBeUndefined()
    expect(fetch.parameters).toMatchObject({type: 'object', required: ['url']})
    // Nothing in the data is the copy OpenClaw stores in a transcript, with deep parts replaced.
    expect(JSON.stringify(entries)).not.toContain('persisted detail redacted')
  })

  it('has no tool given to the model directly in another form than its entry, in 2026.9.6', () => {
    expect(entries.filter((entry) => entry.providerDefinition !== undefined)).toEqual([])
  })

  it('gives the provider form, where a release has one, as the direct definition', () => {
    const read = entries.find((entry) => entry.name === 'read')!
    expect(toolDefinition(read)).toEqual({name: 'read', description: read.description, parameters: read.parameters})
    const other = {...read, providerDefinition: {description: 'Read, as sent directly.', parameters: {type: 'object', properties: {}}}}
    expect(toolDefinition(other)).toEqual({name: 'read', description: 'Read, as sent directly.', parameters: {type: 'object', properties: {}}})
  })

  it('names the plugin a tool belongs to for the policy: none for core', () => {
    expect(pluginIdOf({sourceName: 'core'})).toBeUndefined()
    expect(pluginIdOf({sourceName: 'browser'})).toBe('browser')
  })

  it('refuses a release it has no data for, naming the ones it has (exit 2)', () => {
    expect(() => openClawToolEntries('2025.1.1')).toThrow(expect.objectContaining({code: 'usage', message: expect.stringContaining(`toolsearch knows ${DEFAULT_OPENCLAW_TOOLS_RELEASE}`)}))
  })
})
