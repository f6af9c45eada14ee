import {spawnSync} from 'node:child_process'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ttyProgressLine} from '../../src/catalog/mcp/index.js'
import {ROOT} from '../helpers/cli.js'

function fakeStream(isTTY: boolean, columns = 40) {
  const writes: string[] = []
  return {writes, stream: {isTTY, columns, write: (text: string) => writes.push(text)}}
}

describe('ttyProgressLine', () => {
  it('rewrites one line on a TTY and clears it on the empty message', () => {
    const {writes, stream} = fakeStream(true)
    const progress = ttyProgressLine(stream)
    progress('Starting MCP servers: 0/2 done')
    progress('Starting MCP servers: 1/2 done')
    progress('')
    expect(writes).toEqual(['\r\u001b[2KStarting MCP servers: 0/2 done', '\r\u001b[2KStarting MCP servers: 1/2 done', '\r\u001b[2K'])
  })

  it('fits the terminal width and neutralises control characters from server names', () => {
    const {writes, stream} = fakeStream(true, 30)
    ttyProgressLine(stream)('waiting for \u001b[31mevil\u001b[0m and a very long list of servers')
    expect(writes[0]).toBe('\r\u001b[2Kwaiting for \\u001b[31mevil\\u…')
  })

  it('clears a line still showing when the process exits (Ctrl-C while servers start)', () => {
    const module = join(ROOT, 'dist/src/mcp/progress.js')
    const script = `const {ttyProgressLine} = await import(${JSON.stringify(module)}); const progress = ttyProgressLine({isTTY: true, columns: 80, write: (text) => process.stdout.write(text)}); progress('Starting MCP servers: 0/1 done'); process.exit(130)`
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'})
    expect(run.status).toBe(130)
    expect(run.stdout).toBe('\r\u001b[2KStarting MCP servers: 0/1 done\r\u001b[2K')
  })

  it('prints nothing when the stream is not a terminal', () => {
    const {writes, stream} = fakeStream(false)
    const progress = ttyProgressLine(stream)
    progress('Starting MCP servers: 0/1 done')
    progress('')
    expect(writes).toEqual([])
  })
})
