/**
 * The catalog entries kept between runs (src/catalog/entries-cache.ts): read back they are exactly
 * the entries the files give, key for key and value for value, and only for exactly the same
 * files, names, owner and build; anything else reads the files again.
 */
import {chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, it} from 'vitest'

import {loadCatalogs} from '../../src/catalog/index.js'
import {MAX_CACHED_CATALOGS, cachedEntryInput, isExactJson, keptJsonText} from '../../src/catalog/entries-cache.js'
import type {Catalog, CatalogEntry} from '../../src/catalog/types.js'
import {ROOT, tempDir} from '../helpers/cli.js'

const BUILD = 'test-build'

/** Catalog files of every shape the loader reads, with runs, labels, output schemas and a defect. */
function catalogFiles(dir: string): string[] {
  const native = join(dir, 'native.json')
  writeFileSync(
    native,
    JSON.stringify({
      tools: [
        {name: 'schedule_task', description: 'Schedules a task — café 😀.', label: 'Schedule', parameters: {type: 'object', properties: {when: {type: 'string', enum: ['now', 'later']}, n: {type: 'integer', minimum: -3.5}}}, outputSchema: {type: 'object', properties: {id: {type: 'string'}}}, run: {result: {ok: true, list: [1, 'two', null]}}},
        {name: 'ask', source: 'client', requiresApproval: true, run: {cases: [{when: {q: 'a'}, result: 1}], result: 2}},
        {name: 'shell', description: '', run: {command: ['echo', 'hi'], timeoutMs: 500, cwd: 'sub', env: {A: 'b'}}},
        {name: 'read', sourceName: 'core'},
        {name: 'hidden', catalogMode: 'direct-only'},
        {name: 'imported', source: 'mcp', sourceName: 'gh', run: {mcpServer: 'github', mcpTool: 'create_issue'}},
        {name: 'deep', parameters: JSON.parse(`${'{"a":'.repeat(140)}1${'}'.repeat(140)}`)},
      ],
    }),
  )
  const mcp = join(dir, 'github.json')
  writeFileSync(mcp, JSON.stringify({tools: [{name: 'create_issue', title: 'Create issue', description: 'Creates an issue.', inputSchema: {type: 'object'}}, {name: 'list', inputSchema: {}, annotations: {title: 'List'}}]}))
  const openai = join(dir, 'openai.json')
  writeFileSync(openai, JSON.stringify([{type: 'function', function: {name: 'get_weather', description: 'Weather.', parameters: {type: 'object'}}}]))
  const json5 = join(dir, 'tools.json5')
  writeFileSync(json5, "// JSON5\n{tools: [{name: 'notes', description: 'Takes notes.', parameters: {type: 'object', properties: {text: {type: 'string',},},},},]}\n")
  return [native, mcp, openai, json5]
}

/** An entry as plain data, its properties in order (what printing or comparing it sees). */
const plain = (entry: CatalogEntry) => JSON.parse(JSON.stringify(entry)) as unknown
const keysOf = (entries: readonly CatalogEntry[]) => entries.map((entry) => Object.keys(entry))
const cacheFiles = (directory: string) => readdirSync(directory).filter((name) => name.endsWith('.entries'))

async function load(files: readonly string[], cache: {directory: string; build: string} | undefined, options: {cwd?: string; owner?: string} = {}): Promise<Catalog> {
  return loadCatalogs(files, {...options, entriesCache: cache})
}

describe('entries read back', () => {
  it('are the entries the files give, key for key and in the same order, skipped tools included', async () => {
    const dir = tempDir()
    const files = catalogFiles(dir)
    const cache = {directory: join(dir, 'cache'), build: BUILD}
    const fresh = await load(files, undefined)
    const first = await load(files, cache)
    expect(cacheFiles(cache.directory)).toHaveLength(1)
    const again = await load(files, cache)
    expect(cachedEntryInput(again.entries)).toBeDefined()
    expect(again.entries.map(plain)).toEqual(fresh.entries.map(plain))
    expect(keysOf(again.entries)).toEqual(keysOf(fresh.entries))
    expect(again.entries).toEqual(fresh.entries)
    expect(again.skippedTools).toEqual(fresh.skippedTools)
    expect(again.skippedTools).toHaveLength(1)
    expect(first.entries).toEqual(fresh.entries)
    // The run that wrote them keys its index as the next run will.
    expect(cachedEntryInput(first.entries)).toEqual(cachedEntryInput(again.entries))
  })

  it('for a directory named as a catalog, are those of the files in it', async () => {
    const dir = tempDir()
    const tools = join(dir, 'tools')
    mkdirSync(tools)
    for (const file of catalogFiles(dir)) copyFileSync(file, join(tools, relative(dir, file)))
    const cache = {directory: join(dir, 'cache'), build: BUILD}
    const fresh = await load([tools], undefined)
    await load([tools], cache)
    const again = await load([tools], cache)
    expect(cachedEntryInput(again.entries)).toBeDefined()
    expect(again.entries.map(plain)).toEqual(fresh.entries.map(plain))
    expect(again.entries.map((entry) => entry.origin.file)).toContain(join(tools, 'github.json'))
  })

  it('keep where each tool came from whatever the texts are kept in (a schema first, and not Latin-1)', async () => {
    // Texts are numbered as first met, a tool's schemas before its name; the table is written in
    // parts by kind and encoding, and renumbered so. An index in an origin's path is no text.
    const dir = tempDir()
    const file = join(dir, 'wide.json')
    const tools = ['a', 'b', 'c', 'd'].map((name, i) => ({name, description: i === 1 ? 'Caf\u00e9 \u2192 \u6771\u4eac' : `Tool ${name}.`, parameters: {type: 'object', description: i === 0 ? 'Arrow \u2192 first' : `P${i}`}, run: {result: i}}))
    writeFileSync(file, JSON.stringify({tools}))
    const cache = {directory: join(dir, 'cache'), build: BUILD}
    const fresh = await load([file], undefined)
    await load([file], cache)
    const read = await load([file], cache)
    expect(cachedEntryInput(read.entries)).toBeDefined()
    expect(read.entries.map((entry) => entry.origin.path)).toEqual([['tools', 0], ['tools', 1], ['tools', 2], ['tools', 3]])
    expect(read.entries.map(plain)).toEqual(fresh.entries.map(plain))
  })

  it('parse their schemas and runs only when read, then hold them as plain values', async () => {
    const dir = tempDir()
    const files = catalogFiles(dir)
    const cache = {directory: join(dir, 'cache'), build: BUILD}
    await load(files, cache)
    const [entry] = (await load(files, cache)).entries
    const text = keptJsonText(entry!, 'parameters')
    expect(text).toBe(JSON.stringify({type: 'object', properties: {when: {type: 'string', enum: ['now', 'later']}, n: {type: 'integer', minimum: -3.5}}}))
    expect(Object.getOwnPropertyDescriptor(entry, 'parameters')?.get).toBeTypeOf('function')
    const first = entry!.parameters
    expect(first).toEqual(JSON.parse(text!))
    expect(entry!.parameters).toBe(first)
    expect(keptJsonText(entry!, 'parameters')).toBe(text)
    // Another value is no longer the kept text's.
    entry!.parameters = {type: 'object'}
    expect(entry!.parameters).toEqual({type: 'object'})
    expect(keptJsonText(entry!, 'parameters')).toBeUndefined()
    expect(Object.keys(entry!)).toEqual(['id', 'name', 'source', 'sourceName', 'description', 'trusted', 'visibility', 'requiresApproval', 'origin', 'label', 'parameters', 'outputSchema', 'run'])
  })
})

describe('what is never read back', () => {
  async function changed(change: (files: string[], dir: string) => void | {files?: string[]; cwd?: string; owner?: string; build?: string}) {
    const dir = tempDir()
    const files = catalogFiles(dir)
    const cache = {directory: join(dir, 'cache'), build: BUILD}
    await load(files, cache)
    const made = change(files, dir) ?? {}
    const now = made.files ?? files
    const options = {cwd: made.cwd, owner: made.owner}
    const fresh = await load(now, undefined, options)
    const read = await load(now, {...cache, build: made.build ?? BUILD}, options)
    expect(read.entries.map(plain)).toEqual(fresh.entries.map(plain))
    return read
  }

  it('a file whose bytes changed, even one byte of the same length', async () => {
    const read = await changed(([native]) => writeFileSync(native!, readFileSync(native!, 'utf8').replace('Schedules a task', 'Schedules a tusk')))
    expect(read.entries[0]!.description).toBe('Schedules a tusk — café 😀.')
  })

  it('a file that grew or was cut short', async () => {
    const grown = await changed(([, mcp]) => writeFileSync(mcp!, `${readFileSync(mcp!, 'utf8')}\n`))
    expect(grown.entries).toHaveLength(10)
    const cut = await changed(([, , , json5]) => writeFileSync(json5!, "{tools: [{name: 'notes'}]}"))
    expect(cut.entries.find((entry) => entry.name === 'notes')?.description).toBe('')
  })

  it('the same files named another way, another owner, another build', async () => {
    const relativeNames = await changed((files, dir) => ({files: files.map((file) => relative(dir, file)), cwd: dir}))
    expect(relativeNames.entries[0]!.origin.file).toBe('native.json')
    const owned = await changed(() => ({owner: 'octo'}))
    expect(owned.entries.find((entry) => entry.name === 'create_issue')?.sourceName).toBe('octo')
    await changed(() => ({build: 'other-build'}))
  })

  it('a file that became a directory of catalog files: the files in it are read', async () => {
    const dir = tempDir()
    const [native, mcp] = catalogFiles(dir)
    const cache = {directory: join(dir, 'cache'), build: BUILD}
    const named = join(dir, 'tools.json')
    copyFileSync(native!, named)
    await load([named], cache)
    rmSync(named)
    mkdirSync(named)
    copyFileSync(mcp!, join(named, 'github.json'))
    const read = await load([named], cache)
    expect(read.entries.map((entry) => entry.name)).toEqual(['create_issue', 'list'])
  })

  it('a file moved elsewhere under the same name resolves elsewhere: its runs resolve there', async () => {
    const dir = tempDir()
    const files = catalogFiles(dir)
    const cache = {directory: join(dir, 'cache'), build: BUILD}
    await load(['native.json'], cache, {cwd: dir})
    const elsewhere = join(dir, 'elsewhere')
    mkdirSync(elsewhere)
    copyFileSync(files[0]!, join(elsewhere, 'native.json'))
    const read = await load(['native.json'], cache, {cwd: elsewhere})
    expect(read.entries.find((entry) => entry.name === 'shell')?.run).toMatchObject({cwd: join(elsewhere, 'sub')})
  })

  /** The catalog files, the entries they give, and the cache file keeping them (its path and bytes). */
  async function keptCatalog() {
    const dir = tempDir()
    const files = catalogFiles(dir)
    const cache = {directory: join(dir, 'cache'), build: BUILD}
    const fresh = await load(files, undefined)
    await load(files, cache)
    const path = join(cache.directory, cacheFiles(cache.directory)[0]!)
    return {files, cache, fresh, path, bytes: readFileSync(path)}
  }

  it('a damaged or cut cache file (it is read as if there were none)', async () => {
    const {files, cache, fresh, path, bytes} = await keptCatalog()
    // A byte in a text kept as Latin-1, one in a text kept as UTF-16 (it has an emoji), the same
    // Latin-1 text in the second copy only, then a byte of a file's copy, then the file cut short.
    const latin1 = bytes.indexOf(Buffer.from('Takes notes.', 'latin1'))
    const wide = bytes.indexOf(Buffer.from('Schedules a task', 'utf16le'))
    const secondCopy = bytes.indexOf(Buffer.from('Takes notes.', 'latin1'), latin1 + 1)
    expect(latin1).toBeGreaterThan(0)
    expect(wide).toBeGreaterThan(0)
    expect(secondCopy).toBeGreaterThan(latin1)
    for (const damage of [latin1, wide, secondCopy, bytes.length - 3]) {
      const damaged = Buffer.from(bytes)
      damaged[damage] = damaged[damage]! ^ 1
      writeFileSync(path, damaged, {mode: 0o600})
      const read = await load(files, cache)
      expect(read.entries.map(plain)).toEqual(fresh.entries.map(plain))
      // Refused, and written again from the files (a damaged second copy reads back no differently).
      expect(readFileSync(path).equals(damaged), `byte ${damage}`).toBe(false)
    }
    writeFileSync(path, bytes.subarray(0, bytes.length - 100), {mode: 0o600})
    expect((await load(files, cache)).entries.map(plain)).toEqual(fresh.entries.map(plain))
  })

  it('a text table whose lengths do not add up, even written so in both copies (it is read as if there were none)', async () => {
    const {files, cache, fresh, path, bytes} = await keptCatalog()
    // The layout `writeCachedEntries` writes: header, records, text lengths, the texts in their
    // parts (values in Latin-1, values in UTF-16, JSON in Latin-1, JSON in UTF-16); all of it twice.
    const headerBytes = bytes.readUInt32LE(8)
    const header = JSON.parse(bytes.toString('utf8', 12, 12 + headerBytes)) as {entries: number; texts: number; parts: Array<{texts: number; bytes: number}>}
    const padTo8 = (n: number) => Math.ceil(n / 8) * 8
    const lengthsAt = padTo8(12 + headerBytes) + 4 * 14 * header.entries
    const checkedBytes = padTo8(lengthsAt + 4 * header.texts + header.parts.reduce((sum, part) => sum + part.bytes, 0))
    const latin1Texts = header.parts[0]!.texts
    expect(header.parts[0]!.texts).toBeGreaterThan(0)
    expect(header.parts[1]!.texts).toBeGreaterThan(0)
    const changes: Array<[string, (damaged: Buffer) => void]> = [
      ['a Latin-1 text one longer', (damaged) => damaged.writeInt32LE(damaged.readInt32LE(lengthsAt) + 1, lengthsAt)],
      ['the last Latin-1 text one longer, the first UTF-16 one shorter', (damaged) => {
        const last = lengthsAt + 4 * (latin1Texts - 1)
        damaged.writeInt32LE(damaged.readInt32LE(last) + 2, last)
        damaged.writeInt32LE(damaged.readInt32LE(last + 4) - 1, last + 4)
      }],
      ['a negative length, the next text longer by as much (the lengths still add up)', (damaged) => {
        const length = damaged.readInt32LE(lengthsAt + 4)
        damaged.writeInt32LE(-1, lengthsAt + 4)
        damaged.writeInt32LE(damaged.readInt32LE(lengthsAt + 8) + length + 1, lengthsAt + 8)
      }],
    ]
    for (const [name, change] of changes) {
      const damaged = Buffer.from(bytes)
      change(damaged)
      damaged.copy(damaged, checkedBytes, 0, checkedBytes)
      writeFileSync(path, damaged, {mode: 0o600})
      const read = await load(files, cache)
      expect(read.entries.map(plain), name).toEqual(fresh.entries.map(plain))
      // Refused, and written again from the files.
      expect(readFileSync(path).equals(damaged), name).toBe(false)
    }
  })

  it('a value JSON would not give back exactly (-0, Infinity), or a file that declares MCP servers: nothing is kept', async () => {
    expect([0, -3.5, 'x', null, true, [1, {a: [2]}], {b: {}}].every(isExactJson)).toBe(true)
    expect([-0, Number.POSITIVE_INFINITY, Number.NaN, undefined, [1, undefined], {a: undefined}, new Date(0)].some(isExactJson)).toBe(false)
    expect(isExactJson([1, , 2])).toBe(false)
    const dir = tempDir()
    const cache = {directory: join(dir, 'cache'), build: BUILD}
    const negativeZero = join(dir, 'zero.json5')
    writeFileSync(negativeZero, "{tools: [{name: 'a', parameters: {minimum: -0}}]}")
    const infinite = join(dir, 'infinite.json5')
    writeFileSync(infinite, "{tools: [{name: 'b', parameters: {maximum: Infinity}}]}")
    const servers = join(dir, 'servers.json')
    writeFileSync(servers, JSON.stringify({tools: [{name: 'c'}], mcpServers: {}}))
    for (const file of [negativeZero, infinite, servers]) {
      const first = await load([file], cache)
      expect(cacheFiles(cache.directory)).toEqual([])
      expect(cachedEntryInput(first.entries)).toBeUndefined()
    }
    expect(Object.is((await load([negativeZero], cache)).entries[0]!.parameters, undefined)).toBe(false)
    expect(Object.is(((await load([negativeZero], cache)).entries[0]!.parameters as {minimum: number}).minimum, -0)).toBe(true)
  })

  it('a cache directory others can write: neither read nor written', async () => {
    if (process.platform === 'win32') return
    const dir = tempDir()
    const files = catalogFiles(dir)
    const cache = {directory: join(dir, 'cache'), build: BUILD}
    mkdirSync(cache.directory, {mode: 0o700})
    chmodSync(cache.directory, 0o777)
    await load(files, cache)
    expect(cacheFiles(cache.directory)).toEqual([])
  })
})

describe('the cache directory', () => {
  it(`keeps the ${MAX_CACHED_CATALOGS} most recently used catalogs`, async () => {
    const dir = tempDir()
    const cache = {directory: join(dir, 'cache'), build: BUILD}
    for (let i = 0; i < MAX_CACHED_CATALOGS + 2; i++) {
      const file = join(dir, `tools-${i}.json`)
      writeFileSync(file, JSON.stringify({tools: [{name: `tool_${i}`}]}))
      await load([file], cache)
    }
    expect(cacheFiles(cache.directory)).toHaveLength(MAX_CACHED_CATALOGS)
  })

  it('reads back the real catalogs of the fixtures as they load', async () => {
    const directory = join(ROOT, 'test/fixtures/mcp-tools-list')
    const files = readdirSync(directory).filter((name) => name.endsWith('.json')).map((name) => join(directory, name))
    const cache = {directory: join(tempDir(), 'cache'), build: BUILD}
    const fresh = await load(files, undefined)
    await load(files, cache)
    const read = await load(files, cache)
    expect(cachedEntryInput(read.entries)?.numbers).toHaveLength(fresh.entries.length)
    expect(read.entries.map(plain)).toEqual(fresh.entries.map(plain))
  })
})
