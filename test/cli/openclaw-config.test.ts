/**
 * A catalog from the OpenClaw config holds OpenClaw's own tools under its policy, and the
 * directory is sized by the window the config declares for the model (docs/openclaw-runs.md).
 */
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'

function config(extra: Record<string, unknown> = {}): string {
  const file = join(tempDir(), 'openclaw.json')
  writeFileSync(file, JSON.stringify({agents: {defaults: {model: {primary: 'mock/m'}}}, ...extra}))
  return file
}

const window = (tokens: number) => ({models: {providers: {mock: {models: [{id: 'm', contextWindow: tokens}]}}}})
type ListJson = {tools: Array<{id: string; description?: string}>}

describe('a catalog from the OpenClaw config', () => {
  it("lists OpenClaw's own tools, or none with --openclaw-tools none", async () => {
    const file = config()
    const listed = parseJsonOutput<ListJson>(await runCli(['catalog', 'list', '--config', file, '--json']))
    expect(listed.tools.map((tool) => tool.id)).toEqual(expect.arrayContaining(['openclaw:core:web_fetch', 'openclaw:browser:browser', 'openclaw:core:read']))
    expect(await runCli(['catalog', 'list', '--config', file, '--openclaw-tools', 'none'])).toMatchObject({code: 2})
  })

  it("applies the config's tool policy the way OpenClaw does", async () => {
    const listed = parseJsonOutput<ListJson>(await runCli(['catalog', 'list', '--config', config({tools: {profile: 'minimal'}}), '--json']))
    expect(listed.tools.map((tool) => tool.id).sort()).toEqual(['openclaw:core:gateway', 'openclaw:core:session_status'])
  })

  it('refuses a release it has no data for (exit 2)', async () => {
    const result = await runCli(['search', 'fetch a page', '--config', config(), '--openclaw-tools', '1999.1.1'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--openclaw-tools 1999.1.1: no data for OpenClaw 1999.1.1')
  })

  it("sizes the directory by the model's window in the config; --context-window still wins", async () => {
    const small = await runCli(['directory', '--config', config(window(16000)), '--json'])
    const flagged = await runCli(['directory', '--config', config(window(16000)), '--context-window', '200000', '--json'])
    expect(parseJsonOutput<{maxChars: number}>(small).maxChars).toBe(1600)
    expect(parseJsonOutput<{maxChars: number}>(flagged).maxChars).toBe(18000)
    const none = await runCli(['directory', '--config', config(), '--json'])
    expect(parseJsonOutput<{maxChars: number}>(none).maxChars).toBe(18000)
  })

  it('joins a named catalog only when asked, by release', async () => {
    const catalog = join(ROOT, 'examples', 'catalog.json5')
    const plain = parseJsonOutput<ListJson>(await runCli(['catalog', 'list', '--catalog', catalog, '--json']))
    const joined = parseJsonOutput<ListJson>(await runCli(['catalog', 'list', '--catalog', catalog, '--openclaw-tools', '2026.9.6', '--json']))
    expect(plain.tools.some((tool) => tool.id === 'openclaw:core:web_fetch')).toBe(false)
    expect(joined.tools.some((tool) => tool.id === 'openclaw:core:web_fetch')).toBe(true)
    // A tool the file defines under OpenClaw's id is the file's definition.
    const read = (list: ListJson) => list.tools.filter((tool) => tool.id === 'openclaw:core:read')
    expect(read(joined)).toEqual(read(plain))
    expect(read(plain)).toHaveLength(1)
  })
})
