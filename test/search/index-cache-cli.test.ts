/**
 * The index cache end to end: the built CLI (which carries a build, src/cli/build.ts) run twice in
 * one HOME. The second run reads the index the first kept, and prints exactly the same; a changed
 * catalog is never answered from the old index; `--no-cache` and an unusable cache directory change
 * nothing but the time.
 */
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {ROOT, runCli, tempDir} from '../helpers/cli.js'

const MCP_LISTS = join(ROOT, 'test/fixtures/mcp-tools-list')

function catalogFile(description: string): string {
  const file = join(tempDir(), 'tools.json')
  writeFileSync(
    file,
    JSON.stringify({
      tools: [
        {name: 'open_pull_request', description: 'Open a pull request on a repository.'},
        {name: 'send_message', description},
        {name: 'read_file', description: 'Read a file from disk.'},
      ],
    }),
  )
  return file
}

const indexFiles = (directory: string) => (existsSync(directory) ? readdirSync(directory).filter((name) => name.endsWith('.index')) : [])

describe('search keeps its index between runs', () => {
  it('the second run reads the index the first kept, and prints the same', async () => {
    const home = tempDir()
    const args = ['search', 'create a pull request', '--json', '--catalog', MCP_LISTS]
    const first = await runCli(args, {spawn: true, env: {HOME: home}})
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    const directory = join(home, '.cache', 'toolsearch', 'index')
    if (process.platform === 'linux') expect(indexFiles(directory)).toHaveLength(1)
    const second = await runCli(args, {spawn: true, env: {HOME: home}})
    expect(second).toEqual(first)
    const uncached = await runCli([...args, '--no-cache'], {spawn: true, env: {HOME: tempDir()}})
    expect(uncached).toEqual(first)
  })

  it('a catalog changed between runs is answered from its own index', async () => {
    const cacheDir = tempDir()
    const file = catalogFile('Send a chat message to a channel.')
    const args = ['search', 'send a pull request message', '--json', '--catalog', file]
    const env = {TOOLSEARCH_CACHE_DIR: cacheDir}
    await runCli(args, {spawn: true, env})
    expect(indexFiles(join(cacheDir, 'index'))).toHaveLength(1)
    // Same tools, same ids: only a description changes, and with it the ranking.
    writeFileSync(file, readFileSync(catalogFile('Send a pull request review message about a pull request.'), 'utf8'))
    const after = await runCli(args, {spawn: true, env})
    const fresh = await runCli([...args, '--no-cache'], {spawn: true})
    expect(after.stdout).toBe(fresh.stdout)
    expect(JSON.parse(after.stdout)[0].name).toBe('send_message')
  })

  it('--no-cache neither reads nor writes it', async () => {
    const cacheDir = tempDir()
    const result = await runCli(['search', 'read a file', '--json', '--no-cache', '--catalog', MCP_LISTS], {spawn: true, env: {TOOLSEARCH_CACHE_DIR: cacheDir}})
    expect(result.code).toBe(0)
    expect(readdirSync(cacheDir)).toEqual([])
  })

  it('a cache directory that cannot be made changes nothing but the time', async () => {
    const blocker = join(tempDir(), 'a-file')
    writeFileSync(blocker, '')
    const args = ['search', 'read a file', '--json', '--catalog', MCP_LISTS]
    const blocked = await runCli(args, {spawn: true, env: {TOOLSEARCH_CACHE_DIR: join(blocker, 'cache')}})
    const plain = await runCli([...args, '--no-cache'], {spawn: true})
    expect(blocked).toEqual(plain)
  })
})
