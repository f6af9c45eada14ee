import {describe, expect, it} from 'vitest'

import {findMcpServerBlock, parseMcpServers} from '../../../src/catalog/mcp/index.js'
import {ToolsearchError} from '../../../src/shared/errors.js'
import type {JsonPath} from '../../../src/shared/json-path.js'

const FILE = '/home/me/project/.cursor/mcp.json'

function parseError(raw: unknown): ToolsearchError {
  try {
    parseMcpServers(raw, FILE)
  } catch (error) {
    expect(error).toBeInstanceOf(ToolsearchError)
    return error as ToolsearchError
  }
  throw new Error('expected parseMcpServers to throw')
}

describe('parseMcpServers', () => {
  it('reads stdio servers with defaults for args and env, and remembers where each was declared', () => {
    const servers = parseMcpServers({github: {command: 'npx', args: ['-y', 'server-github'], env: {TOKEN: '${GITHUB_TOKEN}'}}, bare: {command: 'srv'}}, FILE)
    expect(servers.github).toEqual({transport: 'stdio', command: 'npx', args: ['-y', 'server-github'], env: {TOKEN: '${GITHUB_TOKEN}'}, origin: {file: FILE, path: ['mcpServers', 'github']}, launchSummary: 'npx -y server-github'})
    expect(servers.bare).toEqual({transport: 'stdio', command: 'srv', args: [], env: {}, origin: {file: FILE, path: ['mcpServers', 'bare']}, launchSummary: 'srv'})
  })

  it('reads HTTP servers, whatever type name the client used for them', () => {
    for (const type of [undefined, 'http', 'streamable-http', 'streamableHttp', 'sse']) {
      const servers = parseMcpServers({remote: {type, url: 'https://mcp.example.com/mcp', headers: {Authorization: 'Bearer ${TOKEN}'}}}, FILE)
      expect(servers.remote).toEqual({transport: 'http', url: 'https://mcp.example.com/mcp', headers: {Authorization: 'Bearer ${TOKEN}'}, origin: {file: FILE, path: ['mcpServers', 'remote']}, launchSummary: 'https://mcp.example.com/mcp'})
    }
  })

  it('keeps ${VAR} references as written: a parsed config never holds a secret', () => {
    const servers = parseMcpServers({s: {command: 'x', env: {KEY: '${SECRET_KEY}'}}}, FILE)
    expect(JSON.stringify(servers)).toContain('${SECRET_KEY}')
  })

  it('resolves a relative cwd against the config file directory, and leaves variable paths for later', () => {
    const servers = parseMcpServers({a: {command: 'x', cwd: '..'}, b: {command: 'x', cwd: '/abs'}, c: {command: 'x', cwd: '${HOME}/srv'}}, FILE)
    // The launch OpenClaw names to the model shows the cwd as written.
    expect(servers.a).toMatchObject({cwd: '/home/me/project', launchSummary: 'x (cwd=..)'})
    expect(servers.b).toMatchObject({cwd: '/abs'})
    expect(servers.c).toMatchObject({cwd: '${HOME}/srv'})
  })

  it('skips disabled servers and ignores keys other clients use', () => {
    const servers = parseMcpServers({off: {command: 'x', disabled: true}, on: {command: 'y', autoApprove: ['a'], alwaysAllow: []}}, FILE)
    expect(Object.keys(servers)).toEqual(['on'])
  })

  it('uses the path it is given in messages and origins (VS Code "servers")', () => {
    const servers = parseMcpServers({s: {type: 'stdio', command: 'x'}}, FILE, ['servers'])
    expect(servers.s.origin).toEqual({file: FILE, path: ['servers', 's']})
    expect(parseErrorAt({s: {command: 1}}, ['servers']).message).toBe(`${FILE}: servers.s.command: must be a string`)
  })

  it.each([
    [[], 'mcpServers: must be an object of servers'],
    [{s: 'npx server'}, 'mcpServers.s: must be an object with "command" (stdio) or "url" (HTTP)'],
    [{s: {}}, 'mcpServers.s: needs "command" (stdio server) or "url" (HTTP server)'],
    [{s: {command: 'x', url: 'http://a'}}, 'mcpServers.s: has both "command" and "url"; a server is either stdio or HTTP'],
    [{s: {command: 42}}, 'mcpServers.s.command: must be a string'],
    [{s: {command: '  '}}, 'mcpServers.s.command: must not be empty'],
    [{s: {command: 'x', args: '--port 1'}}, 'mcpServers.s.args: must be an array of strings'],
    [{s: {command: 'x', args: ['a', 3]}}, 'mcpServers.s.args[1]: must be a string'],
    [{s: {command: 'x', env: {PORT: 3000}}}, 'mcpServers.s.env.PORT: must be a string'],
    [{s: {command: 'x', env: ['A=1']}}, 'mcpServers.s.env: must be an object of strings'],
    [{s: {command: 'x', cwd: 1}}, 'mcpServers.s.cwd: must be a string'],
    [{s: {url: 'ftp://host/x'}}, 'mcpServers.s.url: must be an http or https URL'],
    [{s: {url: 'not a url'}}, 'mcpServers.s.url: must be an http or https URL'],
    [{s: {url: 'http://a', headers: {Authorization: true}}}, 'mcpServers.s.headers.Authorization: must be a string'],
    [{s: {type: 'websocket', url: 'ws://a'}}, 'mcpServers.s.type: must be one of "stdio", "http", "streamable-http", "sse"'],
    [{s: {type: 'sse', command: 'x'}}, 'mcpServers.s.type: is "sse" but the server has a "command"'],
    [{s: {type: 'stdio', url: 'http://a'}}, 'mcpServers.s.type: is "stdio" but the server has a "url"'],
    [{'': {command: 'x'}}, 'mcpServers[""]: server name must not be empty'],
    [{'bad\u001bname': {command: 'x'}}, 'mcpServers["bad\\u001bname"]: server name must not contain control characters'],
  ])('rejects %j with a message naming the file and entry', (raw, message) => {
    const error = parseError(raw)
    expect(error.message).toBe(`${FILE}: ${message}`)
    expect(error.exitCode).toBe(2)
    expect(error.file).toBe(FILE)
  })

  it('rejects prototype-polluting names for servers and env keys', () => {
    expect(parseError(JSON.parse('{"__proto__": {"command": "x"}}')).message).toContain('mcpServers.__proto__: is not allowed as a server name')
    expect(parseError(JSON.parse('{"s": {"command": "x", "env": {"__proto__": "y"}}}')).message).toContain('mcpServers.s.env.__proto__: is not allowed')
    expect(({} as Record<string, unknown>).command).toBeUndefined()
  })
})

function parseErrorAt(raw: unknown, path: JsonPath): ToolsearchError {
  try {
    parseMcpServers(raw, FILE, path)
  } catch (error) {
    return error as ToolsearchError
  }
  throw new Error('expected parseMcpServers to throw')
}

describe('findMcpServerBlock', () => {
  it('finds mcpServers (Claude Desktop, Cursor, Claude Code), beside tools too', () => {
    expect(findMcpServerBlock({mcpServers: {a: {command: 'x'}}})).toEqual({block: {a: {command: 'x'}}, path: ['mcpServers']})
    expect(findMcpServerBlock({tools: [], mcpServers: {}})).toEqual({block: {}, path: ['mcpServers']})
  })

  it("finds VS Code's servers block only when every value looks like a server", () => {
    const vscode = {inputs: [], servers: {a: {type: 'stdio', command: 'x'}, b: {type: 'http', url: 'http://h/mcp'}}}
    expect(findMcpServerBlock(vscode)).toEqual({block: vscode.servers, path: ['servers']})
    expect(findMcpServerBlock({servers: {prod: {host: 'db1'}}})).toBeUndefined()
    expect(findMcpServerBlock({servers: {}})).toBeUndefined()
    expect(findMcpServerBlock({tools: [], servers: {a: {command: 'x'}}})).toBeUndefined()
  })

  it('finds nothing in other shapes', () => {
    for (const document of [null, [], 'x', {tools: []}, {servers: [{command: 'x'}]}]) expect(findMcpServerBlock(document)).toBeUndefined()
  })
})
