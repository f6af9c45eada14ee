/**
 * Where lint says a tool is: the catalog is loaded with `locations`, each file parsed once in a way
 * that keeps where each value is written, and a finding reads the line and column off the entry's
 * origin. The value and every error are the ones the plain loader gives.
 */
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {loadCatalogs} from '../../src/catalog/index.js'
import {locateOrigin, parseLocatedCatalogText} from '../../src/catalog/load.js'
import {parseMcpServers} from '../../src/catalog/mcp/index.js'
import {toolLocation} from '../../src/lint/locate.js'
import {tempDir} from '../helpers/cli.js'
import {tool} from '../search/tools.js'

function write(name: string, content: string): string {
  const file = join(tempDir(), name)
  writeFileSync(file, content)
  return file
}

async function loadFailure(file: string, locations: boolean): Promise<string> {
  const error = await loadCatalogs([file], {locations}).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof Error)) throw new Error('expected the catalog to be refused')
  return error.message
}

describe('tool locations', () => {
  it('point at the line and column of each entry in a JSON5 file, the entries otherwise as a plain load gives them', async () => {
    const file = write('catalog.json5', '// tools\n{\n  tools: [\n    {name: "a"},\n    // second\n    {name: "b"},\n  ],\n}\n')
    const located = await loadCatalogs([file], {locations: true})
    expect(located.entries.map((entry) => toolLocation(entry))).toEqual([
      {file, line: 4, column: 5},
      {file, line: 6, column: 5},
    ])
    const plain = await loadCatalogs([file])
    expect(plain.entries.map((entry) => entry.origin)).toEqual([
      {file, path: ['tools', 0]},
      {file, path: ['tools', 1]},
    ])
    expect(located.entries.map(({origin: _origin, ...entry}) => entry)).toEqual(plain.entries.map(({origin: _origin, ...entry}) => entry))
  })

  it('count a byte-order mark as no column', async () => {
    const file = write('tools.json', '\ufeff{"tools":[{"name":"a"}]}')
    expect(toolLocation((await loadCatalogs([file], {locations: true})).entries[0]!)).toEqual({file, line: 1, column: 11})
  })

  it('point a declared MCP server at its entry, and name the server of a live tool', async () => {
    const text = '{"mcpServers": {"everything": {"command": "x"}}}'
    const {document, locate} = await parseLocatedCatalogText(text, 'servers.json')
    const {everything} = parseMcpServers((document as {mcpServers: unknown}).mcpServers, 'servers.json')
    locateOrigin(everything!.origin, locate)
    expect(everything!.origin).toEqual({file: 'servers.json', path: ['mcpServers', 'everything'], line: 1, column: 31})
    const live = {...tool('echo', {source: 'mcp', sourceName: 'everything'}), origin: everything!.origin, run: {kind: 'mcp' as const, server: 'everything', tool: 'echo'}}
    expect(toolLocation(live)).toEqual({file: 'servers.json', line: 1, column: 31, server: 'everything'})
  })

  it('name the file alone where no position was kept', () => {
    expect(toolLocation({...tool('a'), origin: {file: 'OpenClaw 2026.9.6', path: ['tools', 0]}})).toEqual({file: 'OpenClaw 2026.9.6'})
  })

  it('refuse a malformed catalog with the words of a plain load', async () => {
    const texts = {
      'empty.json': '  \n',
      'comments.json5': '// nothing here\n',
      'syntax.json5': '{tools: [{name: "a",}',
      'trailing.json': '{"tools": []} x',
      'zeros.json5': '{tools: [{name: "a", n: 01}]}',
      'not-object.json': '"tools"',
      'proto.json': '{"__proto__": {}, "tools": []}',
    }
    for (const [name, text] of Object.entries(texts)) {
      const file = write(name, text)
      expect(await loadFailure(file, true), name).toBe(await loadFailure(file, false))
    }
  })

  it('load what only JSON reads (nesting deeper than the syntax tree takes) as a plain load does, without positions', async () => {
    const deep = `${'['.repeat(300)}${']'.repeat(300)}`
    const file = write('deep.json', `{"tools": [{"name": "a", "x": ${deep}}, {"name": "b"}]}`)
    const located = await loadCatalogs([file], {locations: true})
    const plain = await loadCatalogs([file])
    expect(located).toEqual(plain)
    expect(located.skippedTools?.map((skipped) => skipped.name)).toEqual(['a'])
    expect(toolLocation(located.entries[0]!)).toEqual({file})
  })
})
