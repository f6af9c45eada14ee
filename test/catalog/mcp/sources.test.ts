import {describe, expect, it} from 'vitest'

import {adHocServers, httpServerName, splitCommandLine, stdioServerName} from '../../../src/catalog/mcp/adhoc.js'
import {openclawMcpServers} from '../../../src/catalog/mcp/openclaw-servers.js'

describe('splitCommandLine', () => {
  it('splits words like a shell, with quotes and backslashes, expanding nothing', () => {
    expect(splitCommandLine('npx -y @modelcontextprotocol/server-everything')).toEqual(['npx', '-y', '@modelcontextprotocol/server-everything'])
    expect(splitCommandLine(`node "my server.js" --name 'a b' c\\ d "q\\"x" '$HOME' ""`)).toEqual(['node', 'my server.js', '--name', 'a b', 'c d', 'q"x', '$HOME', ''])
    expect(splitCommandLine('  ')).toEqual([])
  })
  it('refuses an unterminated quote', () => {
    expect(() => splitCommandLine('node "server.js')).toThrow('--stdio: unterminated double quote in "node "server.js"')
  })
})

describe('stdioServerName: mcporter\'s names', () => {
  // A file system of one package: /srv/pkgs/everything holds @modelcontextprotocol/server-everything.
  const files: Record<string, string> = {
    '/srv/pkgs/everything/package.json': JSON.stringify({name: '@modelcontextprotocol/server-everything'}),
    '/srv/pkgs/everything/dist/package.json': JSON.stringify({type: 'module'}),
    '/srv/broken/package.json': '{',
  }
  const readText = (file: string) => files[file]
  it.each([
    // A package runner: the package it runs, slugged (mcporter).
    ['npx -y @modelcontextprotocol/server-everything', 'modelcontextprotocol-server-everything'],
    ['npx -y @modelcontextprotocol/server-github@1.2.3', 'modelcontextprotocol-server-github'],
    ['uvx mcp-server-fetch', 'mcp-server-fetch'],
    ['pnpm dlx mcp-server-time@latest', 'mcp-server-time'],
    ['docker run -i --rm ghcr.io/acme/tools:1.2', 'tools'],
    // A generic entry point: the package it belongs to (a package.json without a name is skipped),
    // so the installed files of a package get the name npx gives it.
    ['node /srv/pkgs/everything/dist/index.js stdio', 'modelcontextprotocol-server-everything'],
    ['node --import ./hook.mjs /srv/pkgs/everything/dist/index.js', 'modelcontextprotocol-server-everything'],
    // A script with a name of its own keeps it; a generic one outside a package takes its directory's (build directories skipped).
    ['node /srv/mcp/weather.js', 'weather'],
    ['node /srv/pkgs/everything/dist/weather.js', 'weather'],
    ['node /srv/mcp/Garden_Tools/dist/index.js', 'garden-tools'],
    ['python3 /srv/broken/server.py', 'broken'],
    ['python -m mcp_server_time', 'mcp-server-time'],
    // No script: the command.
    ["node -e 'setTimeout(() => {}, 100000)'", 'node'],
    ['/usr/local/bin/github-mcp-server stdio', 'github-mcp-server'],
  ])('%s → %s', (line, name) => {
    expect(stdioServerName(splitCommandLine(line), '/srv', readText)).toBe(name)
  })

  it('names an HTTP server by its host and the last part of its path (mcporter)', () => {
    expect(httpServerName(new URL('https://www.mcp.linear.app/mcp'))).toBe('mcp-linear-app-mcp')
    expect(httpServerName(new URL('http://127.0.0.1:3000/'))).toBe('127-0-0-1')
    expect(httpServerName(new URL('http://[::1]:3000/sse'))).toBe('1-sse')
  })
})

describe('adHocServers', () => {
  it('builds a stdio server with its env, and an HTTP server with its headers', () => {
    // A generic entry point outside any package is named after its directory.
    const cwd = '/nonexistent/weather-tools'
    expect(adHocServers({stdio: 'node server.js --port 0', env: ['TOKEN=a=b', 'DEBUG=']}, cwd)).toEqual({
      'weather-tools': {transport: 'stdio', command: 'node', args: ['server.js', '--port', '0'], env: {TOKEN: 'a=b', DEBUG: ''}, cwd, origin: {file: '(command line)', path: ['--stdio', 'weather-tools']}, launchSummary: 'node server.js --port 0'},
    })
    expect(adHocServers({'http-url': 'http://127.0.0.1:3000/mcp', header: ['Authorization: Bearer x:y', 'X-Team=core']}, '/work')).toEqual({
      '127-0-0-1-mcp': {transport: 'http', url: 'http://127.0.0.1:3000/mcp', headers: {Authorization: 'Bearer x:y', 'X-Team': 'core'}, origin: {file: '(command line)', path: ['--http-url', '127-0-0-1-mcp']}, launchSummary: 'http://127.0.0.1:3000/mcp'},
    })
    expect(Object.keys(adHocServers({stdio: 'node a.js', 'server-name': 'mine'}, '/'))).toEqual(['mine'])
    expect(adHocServers({}, '/')).toEqual({})
  })
  it('refuses flags that do not go together, and malformed pairs', () => {
    expect(() => adHocServers({stdio: 'a', 'http-url': 'http://h/'}, '/')).toThrow('--stdio and --http-url each give one ad-hoc server; use one of them.')
    expect(() => adHocServers({env: ['A=1']}, '/')).toThrow('--env sets a variable of the --stdio server; give --stdio too.')
    expect(() => adHocServers({header: ['A: 1']}, '/')).toThrow('--header is sent to the --http-url server; give --http-url too.')
    expect(() => adHocServers({stdio: 'a', env: ['NOVALUE']}, '/')).toThrow('--env "NOVALUE": expected NAME=value')
    expect(() => adHocServers({stdio: ' '}, '/')).toThrow('--stdio needs a command')
    expect(() => adHocServers({'http-url': 'not a url'}, '/')).toThrow('--http-url "not a url": not a URL')
    expect(() => adHocServers({'http-url': 'ftp://h/x'}, '/')).toThrow('must be an http or https URL')
  })
})

describe('openclawMcpServers', () => {
  const file = '/home/me/.openclaw/openclaw.json'
  it('reads mcp.servers as OpenClaw does: transports, enabled, text env, timeouts, tool filters', () => {
    const servers = openclawMcpServers(
      {
        mcp: {
          servers: {
            local: {command: 'node', args: ['s.js'], env: {PORT: 8080, DEBUG: true}, cwd: 'tools', connectionTimeoutMs: 1500.7, toolFilter: {include: ['get_*'], exclude: ['get_secret']}},
            remote: {url: 'https://mcp.example.com/mcp', transport: 'streamable-http', headers: {'X-Retries': 3}, requestTimeoutMs: 0.4},
            slow: {command: 'node', requestTimeoutMs: 120_000.9},
            legacy: {url: 'https://old.example.com/sse', transport: 'sse'},
            off: {command: 'node', enabled: false},
            oauth: {url: 'https://gh.example.com/mcp', auth: 'oauth'},
          },
        },
      },
      file,
    )
    expect(Object.keys(servers)).toEqual(['local', 'remote', 'slow', 'legacy', 'oauth'])
    expect(servers.local).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['s.js'],
      env: {PORT: '8080', DEBUG: 'true'},
      cwd: '/home/me/.openclaw/tools',
      origin: {file, path: ['mcp', 'servers', 'local']},
      launchSummary: 'node s.js (cwd=tools)',
      startupTimeoutMs: 1500,
      toolFilter: {include: ['get_*'], exclude: ['get_secret']},
    })
    // Whole milliseconds, and never 0 (which would mean no limit at all).
    expect(servers.remote).toMatchObject({transport: 'http', headers: {'X-Retries': '3'}, requestTimeoutMs: 1})
    expect(servers.slow).toMatchObject({requestTimeoutMs: 120_000})
    expect(servers.slow!.startupTimeoutMs).toBeUndefined()
    expect(servers.legacy).toMatchObject({transport: 'http', url: 'https://old.example.com/sse'})
    expect(servers.oauth).toMatchObject({unavailableReason: 'signs in with OAuth (auth: "oauth"), which toolsearch cannot do'})
  })
  it('is empty without mcp.servers, and names the entry that is wrong', () => {
    expect(openclawMcpServers({}, file)).toEqual({})
    expect(openclawMcpServers({mcp: {sessionIdleTtlMs: 0}}, file)).toEqual({})
    expect(() => openclawMcpServers({mcp: {servers: []}}, file)).toThrow(`${file}: mcp.servers: must be an object of servers`)
    expect(() => openclawMcpServers({mcp: {servers: {a: {command: 'x', transport: 'sse'}}}}, file)).toThrow('mcp.servers.a.type: is "sse" but the server has a "command"')
    expect(() => openclawMcpServers({mcp: {servers: {a: {command: 'x', connectionTimeoutMs: 0}}}}, file)).toThrow('mcp.servers.a.connectionTimeoutMs: must be a positive number (milliseconds)')
    expect(() => openclawMcpServers({mcp: {servers: {a: {command: 'x', requestTimeoutMs: '5000'}}}}, file)).toThrow('mcp.servers.a.requestTimeoutMs: must be a positive number (milliseconds)')
    expect(() => openclawMcpServers({mcp: {servers: {a: {command: 'x', toolFilter: {include: []}}}}}, file)).toThrow('mcp.servers.a.toolFilter.include: must be a list of tool names or globs')
  })
})
