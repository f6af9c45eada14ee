/**
 * The index cache end to end: the built CLI (which carries a build, src/cli/build.ts) run twice in
 * one HOME. The second run reads the index the first kept, and prints exactly the same; a changed
 * catalog is never answered from the old index; `--no-cache` and an unusable cache directory change
 * nothing but the time.
 */
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs'
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

  it('a cache file with rewritten postings is never an answer (the whole file is checked)', async () => {
    const cacheDir = join(tempDir(), 'c')
    const args = ['search', '--catalog', join(ROOT, 'examples/catalog.json5'), 'read', 'a', 'file', '--limit', '3']
    const first = await runCli(args, {spawn: true, env: {TOOLSEARCH_CACHE_DIR: cacheDir}})
    expect(first.stdout).toContain('openclaw:core:read')
    const [name] = indexFiles(join(cacheDir, 'index'))
    const file = join(cacheDir, 'index', name!)
    // Every posting made the last tool's, with frequency 1000.
    const bytes = readFileSync(file)
    const headerBytes = bytes.readUInt32LE(8)
    const header = JSON.parse(bytes.toString('utf8', 12, 12 + headerBytes)) as {documents: number; terms: number; postings: number}
    const at = Math.ceil((12 + headerBytes) / 8) * 8 + 8 * header.documents + 4 * (header.terms + 1)
    for (let p = 0; p < header.postings; p++) {
      bytes.writeInt32LE(header.documents - 1, at + 4 * p)
      bytes.writeInt32LE(1000, at + 4 * header.postings + 4 * p)
    }
    writeFileSync(file, bytes)
    const second = await runCli(args, {spawn: true, env: {TOOLSEARCH_CACHE_DIR: cacheDir}})
    expect(second).toEqual(first)
  })

  it('a cache directory others can write is not used, and DEBUG says why', async () => {
    const cacheDir = join(tempDir(), 'c')
    mkdirSync(join(cacheDir, 'index'), {recursive: true, mode: 0o700})
    chmodSync(join(cacheDir, 'index'), 0o777)
    const args = ['search', 'read a file', '--json', '--catalog', MCP_LISTS]
    const plain = await runCli([...args, '--no-cache'], {spawn: true})
    const refused = await runCli(args, {spawn: true, env: {TOOLSEARCH_CACHE_DIR: cacheDir}})
    expect(refused).toEqual(plain)
    expect(readdirSync(join(cacheDir, 'index'))).toEqual([])
    const debug = await runCli(args, {spawn: true, env: {TOOLSEARCH_CACHE_DIR: cacheDir, DEBUG: 'toolsearch'}})
    expect(debug.stdout).toBe(plain.stdout)
    expect(debug.stderr).toBe(`[index cache] ${join(cacheDir, 'index')} is not used: it is writable by its group and others (mode 0777); the index is built without it\n`)
    expect(readdirSync(join(cacheDir, 'index'))).toEqual([])
  })

  it('under DEBUG the cache is used as in any run: kept, then read back', async () => {
    const cacheDir = join(tempDir(), 'c')
    const args = ['search', 'read a file', '--json', '--catalog', MCP_LISTS]
    const env = {TOOLSEARCH_CACHE_DIR: cacheDir, DEBUG: 'toolsearch'}
    const first = await runCli(args, {spawn: true, env})
    expect(first.stderr).toBe('')
    expect(indexFiles(join(cacheDir, 'index'))).toHaveLength(1)
    expect(await runCli(args, {spawn: true, env})).toEqual(first)
  })

  it('a symlinked <cache>/index is not followed, and nothing in its target is removed', async () => {
    const target = tempDir()
    const past = Date.now() / 1000 - 86_400
    for (let i = 1; i <= 6; i++) {
      writeFileSync(join(target, `openclaw-backup${i}.index`), 'data\n')
      utimesSync(join(target, `openclaw-backup${i}.index`), past + i * 3600, past + i * 3600)
    }
    writeFileSync(join(target, 'openclaw-notes.tmp'), 'keep\n')
    utimesSync(join(target, 'openclaw-notes.tmp'), past, past)
    const before = readdirSync(target).sort()
    const cacheDir = tempDir()
    symlinkSync(target, join(cacheDir, 'index'))
    const result = await runCli(['search', '--catalog', join(ROOT, 'examples/catalog.json5'), 'read', '--limit', '1'], {spawn: true, env: {TOOLSEARCH_CACHE_DIR: cacheDir}})
    expect(result.code).toBe(0)
    expect(readdirSync(target).sort()).toEqual(before)
  })
})

describe("directory and search keep the catalog's entries between runs", () => {
  const entriesFiles = (directory: string) => (existsSync(directory) ? readdirSync(directory).filter((name) => name.endsWith('.entries')) : [])

  it('directory reads them back and prints the same; --no-cache neither reads nor writes them', async () => {
    const cacheDir = tempDir()
    const env = {TOOLSEARCH_CACHE_DIR: cacheDir}
    const args = ['directory', '--catalog', join(ROOT, 'examples/catalog.json5'), '--json']
    const first = await runCli(args, {spawn: true, env})
    expect(first.code).toBe(0)
    expect(entriesFiles(join(cacheDir, 'index'))).toHaveLength(1)
    const second = await runCli(args, {spawn: true, env})
    expect(second).toEqual(first)
    const elsewhere = tempDir()
    const uncached = await runCli([...args, '--no-cache'], {spawn: true, env: {TOOLSEARCH_CACHE_DIR: elsewhere}})
    expect(uncached).toEqual(first)
    expect(readdirSync(elsewhere)).toEqual([])
  })

  it('a search after a directory over the same catalog reads the entries the directory kept', async () => {
    const cacheDir = tempDir()
    const env = {TOOLSEARCH_CACHE_DIR: cacheDir}
    await runCli(['directory', '--catalog', MCP_LISTS], {spawn: true, env})
    const [kept] = entriesFiles(join(cacheDir, 'index'))
    const search = await runCli(['search', 'create a pull request', '--json', '--catalog', MCP_LISTS], {spawn: true, env})
    expect(entriesFiles(join(cacheDir, 'index'))).toEqual([kept])
    const fresh = await runCli(['search', 'create a pull request', '--json', '--catalog', MCP_LISTS, '--no-cache'], {spawn: true})
    expect(search).toEqual(fresh)
  })
})
