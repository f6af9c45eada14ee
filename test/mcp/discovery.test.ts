/**
 * Servers from where people keep them: each MCP client's config file, in the format that client
 * writes, placed in a temp HOME and a temp project, is found by `catalog sources` and used with
 * `--catalog <client>`.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {clientConfigFiles, projectRoot, readClientServers} from '../../src/discovery/clients.js'
import {ROOT, parseJsonOutput, runCli, tempDir} from '../helpers/cli.js'
import {FIXTURE_SERVER, RECORD_PID, leftoverServers, pidFile, recordedPids} from './helpers.js'

const FIXTURES = join(ROOT, 'test/fixtures/mcp-clients')

/** Where each fixture goes: `~` is the temp HOME, `.` the temp project. */
const PLACES: Array<[string, string]> = [
  ['claude_desktop_config.json', '~/.config/Claude/claude_desktop_config.json'],
  ['claude.json', '~/.claude.json'],
  ['mcp.json', './.mcp.json'],
  ['cursor-user-mcp.json', '~/.cursor/mcp.json'],
  ['cursor-project-mcp.json', './.cursor/mcp.json'],
  ['vscode-mcp.json', './.vscode/mcp.json'],
  ['windsurf-mcp_config.json', '~/.codeium/windsurf/mcp_config.json'],
  ['codex-config.toml', '~/.codex/config.toml'],
  ['codex-project-config.toml', './.codex/config.toml'],
]

function placeClientConfigs(): {home: string; project: string; pids: string} {
  const home = tempDir('toolsearch-home-')
  const project = tempDir('toolsearch-project-')
  const pids = pidFile(tempDir())
  for (const [fixture, place] of PLACES) {
    const target = place.startsWith('~/') ? join(home, place.slice(2)) : join(project, place.slice(2))
    mkdirSync(dirname(target), {recursive: true})
    const text = readFileSync(join(FIXTURES, fixture), 'utf8')
      .replaceAll('__NODE__', process.execPath)
      .replaceAll('__SERVER__', FIXTURE_SERVER)
      .replaceAll('__RECORD_PID__', RECORD_PID)
      .replaceAll('__PIDS__', pids)
      .replaceAll('__PROJECT__', project)
    writeFileSync(target, text)
  }
  return {home, project, pids}
}

interface SourceJson {
  client: string
  scope: string
  path: string
  status: string
  servers: string[]
  error?: string
}

describe('catalog sources', () => {
  it('finds every client\'s file in HOME and in the project, with its servers, starting nothing', async () => {
    const {home, project, pids} = placeClientConfigs()
    const result = await runCli(['catalog', 'sources', '--json'], {cwd: project, env: {HOME: home}})
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const rows = parseJsonOutput<{sources: SourceJson[]}>(result).sources.map(({client, scope, path, status, servers}) => ({client, scope, path: path.replace(home, '~').replace(project, '.'), status, servers}))
    expect(rows).toEqual([
      {client: 'openclaw', scope: 'openclaw', path: '~/.openclaw/openclaw.json', status: 'not-found', servers: []},
      {client: 'claude-desktop', scope: 'user', path: '~/.config/Claude/claude_desktop_config.json', status: 'read', servers: ['desktop-fixture']},
      {client: 'claude-code', scope: 'user', path: '~/.claude.json', status: 'read', servers: ['code-user']},
      {client: 'claude-code', scope: 'project', path: './.mcp.json', status: 'read', servers: ['code-project']},
      {client: 'claude-code', scope: 'local', path: '~/.claude.json', status: 'read', servers: ['code-local']},
      {client: 'cursor', scope: 'user', path: '~/.cursor/mcp.json', status: 'read', servers: ['cursor-fixture']},
      {client: 'cursor', scope: 'project', path: './.cursor/mcp.json', status: 'read', servers: ['cursor-remote']},
      {client: 'vscode', scope: 'user', path: '~/.config/Code/User/mcp.json', status: 'not-found', servers: []},
      {client: 'vscode', scope: 'project', path: './.vscode/mcp.json', status: 'read', servers: ['vscode-fixture', 'vscode-remote']},
      {client: 'windsurf', scope: 'user', path: '~/.codeium/windsurf/mcp_config.json', status: 'read', servers: ['windsurf-fixture', 'windsurf-remote']},
      {client: 'codex', scope: 'user', path: '~/.codex/config.toml', status: 'read', servers: ['codex-fixture', 'codex-remote']},
      {client: 'codex', scope: 'project', path: './.codex/config.toml', status: 'read', servers: ['codex-project']},
    ])
    const text = await runCli(['catalog', 'sources'], {cwd: project, env: {HOME: home}})
    expect(text.stdout).toContain('  codex (user)           ~/.codex/config.toml  2 servers: codex-fixture, codex-remote\n')
    expect(text.stdout).toContain('  vscode (project)       .vscode/mcp.json  2 servers: vscode-fixture, vscode-remote\n')
    expect(recordedPids(pids)).toEqual([])
  })

  it('names a client file it cannot use, and keeps listing the others', async () => {
    const {home, project} = placeClientConfigs()
    writeFileSync(join(home, '.codex', 'config.toml'), '[mcp_servers.broken\ncommand = 1\n')
    const result = await runCli(['catalog', 'sources', '--json'], {cwd: project, env: {HOME: home}})
    expect(result.code).toBe(0)
    const codex = parseJsonOutput<{sources: SourceJson[]}>(result).sources.find((row) => row.client === 'codex' && row.scope === 'user')
    expect(codex).toMatchObject({status: 'invalid', error: expect.stringMatching(/config\.toml: not valid TOML: .*\(line 1, column \d+\)$/) as unknown as string})
  })
})

describe('--catalog <client>', () => {
  it('lists the servers of Codex (TOML, enabled_tools) and VS Code (servers), starting them for real', async () => {
    const {home, project, pids} = placeClientConfigs()
    const codex = await runCli(['catalog', 'list', '--catalog', 'codex', '--server', 'codex-fixture', '--json'], {cwd: project, env: {HOME: home}})
    expect(codex.stderr).toBe('')
    expect(codex.code).toBe(0)
    const listed = parseJsonOutput<{files: string[]; tools: Array<{id: string; signature: string}>}>(codex)
    expect(listed.files).toEqual([`codex (${home}/.codex/config.toml, .codex/config.toml)`])
    expect(listed.tools).toEqual([expect.objectContaining({id: 'mcp:codex-fixture:codex-fixture__echo', signature: '{ message: string }'}), expect.objectContaining({id: 'mcp:codex-fixture:codex-fixture__weather'})])
    const vscode = await runCli(['call', '--catalog', 'vscode', 'mcp:vscode-fixture:vscode-fixture__echo', 'message=from vscode'], {cwd: project, env: {HOME: home}})
    expect(vscode.stdout).toBe('"echo: from vscode"\n')
    expect(recordedPids(pids)).toHaveLength(2)
    expect(await leftoverServers(pids)).toEqual([])
  })

  it('a client without a config file is a usage error saying where it looked', async () => {
    const home = tempDir('toolsearch-home-')
    const project = tempDir('toolsearch-project-')
    const result = await runCli(['catalog', 'list', '--catalog', 'windsurf'], {cwd: project, env: {HOME: home}})
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`Error: --catalog windsurf: no windsurf MCP config found (looked for ${home}/.codeium/windsurf/mcp_config.json). "toolsearch catalog sources" lists the configs found.\n`)
  })
})

describe('clientConfigFiles', () => {
  it('uses each platform\'s app settings directory for Claude Desktop and VS Code', () => {
    const paths = (platform: NodeJS.Platform, env: NodeJS.ProcessEnv) =>
      clientConfigFiles({cwd: '/p', env, platform})
        .filter((file) => file.client === 'claude-desktop' || (file.client === 'vscode' && file.scope === 'user'))
        .map((file) => file.path)
    expect(paths('darwin', {HOME: '/Users/me'})).toEqual(['/Users/me/Library/Application Support/Claude/claude_desktop_config.json', '/Users/me/Library/Application Support/Code/User/mcp.json'])
    expect(paths('linux', {HOME: '/home/me', XDG_CONFIG_HOME: '/home/me/.cfg'})).toEqual(['/home/me/.cfg/Claude/claude_desktop_config.json', '/home/me/.cfg/Code/User/mcp.json'])
    expect(paths('win32', {HOME: 'C:/Users/me', APPDATA: 'C:/Users/me/AppData/Roaming'})).toEqual(['C:/Users/me/AppData/Roaming/Claude/claude_desktop_config.json', 'C:/Users/me/AppData/Roaming/Code/User/mcp.json'])
  })
  it('finds the project root by .git, and honours CODEX_HOME', () => {
    const root = tempDir()
    mkdirSync(join(root, '.git'))
    mkdirSync(join(root, 'src', 'deep'), {recursive: true})
    expect(projectRoot(join(root, 'src', 'deep'))).toBe(root)
    const codex = clientConfigFiles({cwd: join(root, 'src'), env: {HOME: '/h', CODEX_HOME: '/opt/codex'}}).filter((file) => file.client === 'codex')
    expect(codex.map((file) => file.path)).toEqual(['/opt/codex/config.toml', join(root, '.codex', 'config.toml')])
  })
})

describe('readClientServers', () => {
  it('maps each client\'s own keys: Codex headers, limits and tool lists, Windsurf serverUrl, disabled servers', async () => {
    const {home, project} = placeClientConfigs()
    const context = {cwd: project, env: {HOME: home}}
    const files = clientConfigFiles(context)
    const read = async (client: string) => readClientServers(files.find((file) => file.client === client && file.scope === 'user')!, context)
    const codex = await read('codex')
    expect(Object.keys(codex!)).toEqual(['codex-fixture', 'codex-remote'])
    expect(codex!['codex-fixture']).toMatchObject({transport: 'stdio', startupTimeoutMs: 20_000, toolFilter: {include: ['echo', 'weather']}})
    expect(codex!['codex-remote']).toMatchObject({transport: 'http', url: 'https://mcp.example.invalid/mcp', headers: {Authorization: 'Bearer ${EXAMPLE_TOKEN}'}})
    const windsurf = await read('windsurf')
    expect(Object.keys(windsurf!)).toEqual(['windsurf-fixture', 'windsurf-remote'])
    expect(windsurf!['windsurf-remote']).toMatchObject({transport: 'http', url: 'https://mcp.example.invalid/mcp'})
  })
})
