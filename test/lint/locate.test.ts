import {describe, expect, it} from 'vitest'

import {createLocator} from '../../src/lint/locate.js'
import {tool} from '../search/tools.js'

describe('tool locations', () => {
  it('point at the line and column of the entry in a JSON5 file, reading each file once', () => {
    const text = '// tools\n{\n  tools: [\n    {name: "a"},\n    // second\n    {name: "b"},\n  ],\n}\n'
    let reads = 0
    const locate = createLocator(() => {
      reads++
      return text
    })
    const entry = (index: number) => ({...tool(`t${index}`), origin: {file: 'catalog.json5', path: `tools[${index}]`}})
    expect(locate(entry(0))).toEqual({file: 'catalog.json5', line: 4, column: 5})
    expect(locate(entry(1))).toEqual({file: 'catalog.json5', line: 6, column: 5})
    expect(reads).toBe(1)
  })

  it('name the file alone when it cannot be read or the path is not in it, and the server of a live tool', () => {
    const unreadable = createLocator(() => undefined)
    expect(unreadable({...tool('a'), origin: {file: 'gone.json', path: 'tools[0]'}})).toEqual({file: 'gone.json'})
    const live = {...tool('echo', {source: 'mcp', sourceName: 'everything'}), origin: {file: 'servers.json', path: 'mcpServers.everything'}, run: {kind: 'mcp' as const, server: 'everything', tool: 'echo'}}
    expect(createLocator(() => '{"mcpServers": {"everything": {"command": "x"}}}')(live)).toEqual({file: 'servers.json', line: 1, column: 31, server: 'everything'})
  })
})
