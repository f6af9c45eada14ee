import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {loadCatalogs} from '../../src/catalog/load.js'
import {directorySection} from '../../src/directory/render.js'
import {parseLanes, setUpLane} from '../../src/probe/lanes.js'
import {ROOT} from '../helpers/cli.js'

describe('probe lanes', () => {
  it('--lanes: known names, each once, in the order given', () => {
    expect(parseLanes('directory, direct,directory')).toEqual(['directory', 'direct'])
    expect(() => parseLanes('tools,code')).toThrow('Unknown lane "code": the lanes are direct, tools, directory.')
    expect(() => parseLanes(' , ')).toThrow('--lanes names no lane')
  })

  it('puts --system-prompt-file text before the directory section, and alone in the direct lane', async () => {
    const catalog = await loadCatalogs([join(ROOT, 'examples', 'catalog.json5')], {env: {}})
    const tools = setUpLane('tools', catalog, {searchDefaultLimit: 8, systemPrompt: 'You are a careful assistant.\n'})
    expect(tools.system).toBe(`You are a careful assistant.\n\n${directorySection(tools.directory!)}`)
    expect(setUpLane('direct', catalog, {searchDefaultLimit: 8, systemPrompt: 'Be brief.'}).system).toBe('Be brief.')
    expect(setUpLane('direct', catalog, {searchDefaultLimit: 8}).system).toBeUndefined()
  })

  it('lets the model call by name what each lane offers by name', async () => {
    const catalog = await loadCatalogs([join(ROOT, 'examples', 'catalog.json5')], {env: {}})
    const names = (lane: 'direct' | 'tools' | 'directory') => [...setUpLane(lane, catalog, {searchDefaultLimit: 8}).callableByName.keys()]
    // A name two tools share (create_issue) is nobody's.
    expect(names('direct')).not.toContain('create_issue')
    expect(names('direct')).toContain('weather_forecast')
    // tools mode: the visible tools only (core primitives, direct-only tools).
    expect(names('tools').sort()).toEqual(['apply_patch', 'edit', 'exec', 'ls', 'process', 'read', 'session_status', 'write'])
    // directory mode: a unique deferred name too; client tools, not cataloged, stay the model's own.
    expect(names('directory')).toEqual(expect.arrayContaining(['weather_forecast', 'pick_file', 'show_notification', 'read']))
    expect(setUpLane('directory', catalog, {searchDefaultLimit: 8}).tools.map((tool) => tool.function.name)).toEqual(expect.arrayContaining(['pick_file', 'tool_search']))
  })
})
