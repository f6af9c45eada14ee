/**
 * The catalog entries kept on disk between runs, beside the search index. Reading a catalog of
 * thousands of tools is decoding and parsing megabytes of JSON, checking every value and building
 * an entry per tool, and a person debugging a catalog runs search after search over the same
 * files: each run after the first reads back the entries the files gave, without parsing them.
 *
 * **Never a different answer.** Entries are read back only for exactly the input that made them:
 * the same files named the same way (as typed, and where they resolve), read with the same
 * `--owner`, by the same build of toolsearch on the same V8 (`cacheKey`), and every file holding
 * exactly the bytes it held then: the cache keeps a copy of each, compared in full with the file
 * (a chunk at a time, never a hash). The entries themselves are checked as the index is: written
 * twice over, the two copies compared byte for byte, and field by field as they are decoded. A
 * file that declares MCP servers (whose tools come from live servers) is never kept; nor is a
 * value that JSON would not give back exactly (`isExactJson`: -0, a non-finite number, an
 * `undefined`).
 *
 * **Only what is read is parsed.** An entry's schemas and run (`parameters`, `outputSchema`, `run`)
 * are kept as JSON text, made a string and parsed the first time the entry's property is read
 * (`KeptTexts`): a search reads the schemas of its hits, a directory none. Each entry records
 * where it came from (`cachedEntryInput`), so that the index built from cached entries is keyed by
 * that instead of by walking every string of every entry (src/search/index-cache.ts).
 *
 * Where and whose files: the index cache's directory (`IndexCache`), with its rules
 * (src/fs/cache-files.ts): the user's alone, written whole or not at all, the most recently used
 * kept.
 */
import {closeSync, constants, fstatSync, openSync, readSync} from 'node:fs'
import {join} from 'node:path'

import {type CacheFileKind, cacheKey, markUsed, withCacheFile, writeCacheFile, writtenTwice} from '../fs/cache-files.js'
import {privateDirectoryProblem} from '../fs/private-directory.js'
import type {SkippedTool} from './guard.js'
import type {CatalogEntry, McpProvenance, ToolSource, Visibility} from './types.js'
import type {JsonPath} from '../shared/json-path.js'

/** Where entries are kept (the index cache's directory) and the build they must come from. */
export interface EntriesCache {
  directory: string
  build: string
}

/** A catalog file as the loader names it (`file`, as typed), finds it (`path`) and resolves its runs against (`directory`). */
export interface CatalogFileRef {
  file: string
  path: string
  directory: string
}

/** What one file gave the loader: its tools, and the ones skipped for a defect. */
export interface FileEntries {
  entries: CatalogEntry[]
  skipped: SkippedTool[]
}

/** How many cached catalogs the directory keeps: the most recently used. */
export const MAX_CACHED_CATALOGS = 4
/** Cached catalogs (the files' copies included) larger than this are neither written nor read. */
export const MAX_CATALOG_CACHE_BYTES = 96 * 1024 * 1024

const MAGIC_PREFIX = 'TSENTRY'
const MAGIC = `${MAGIC_PREFIX}4`
const FILE_PREFIX = 'catalog-'
const FILE_SUFFIX = '.entries'
const ENTRY_FILES: CacheFileKind = {
  names: /^catalog-[0-9a-f]{8}\.entries$/,
  tempNames: /^catalog-[0-9a-f]{8}\.entries\.\d+\.[0-9a-f]+\.tmp$/,
  magicPrefix: MAGIC_PREFIX,
  keep: MAX_CACHED_CATALOGS,
  maxBytes: MAX_CATALOG_CACHE_BYTES,
}

/**
 * One entry's fields, as numbers: texts by their number in the file's text table, -1 for none. An
 * origin's path is the JSON text of its segments but the last, and that last one when it is an
 * index (`tools`, 3: the tools of a file share one text), else -1 and the whole path as text.
 */
const FIELD = {id: 0, name: 1, source: 2, sourceName: 3, description: 4, flags: 5, originFile: 6, originPath: 7, originIndex: 8, label: 9, parameters: 10, outputSchema: 11, run: 12, mcp: 13} as const
const FIELDS = 14
const SOURCES: readonly ToolSource[] = ['openclaw', 'mcp', 'client']
const VISIBILITIES: readonly Visibility[] = ['direct-only', 'direct-and-cataloged', 'deferred']
const TRUSTED = 1
const REQUIRES_APPROVAL = 2
const VISIBILITY_SHIFT = 2

interface Header {
  key: string
  owner: string | null
  files: Array<{file: string; path: string; directory: string; bytes: number; entries: number; skipped: SkippedTool[]}>
  /** Names this set of cached entries for the index keyed by it (`cachedEntryInput`). */
  snapshot: string
  entries: number
  texts: number
  /**
   * The text table in four parts (`TEXT_PARTS`), each its texts joined: the texts an entry holds
   * as they are (names, descriptions) that Latin-1 can hold, then the others of them as UTF-16LE;
   * then the same two parts of the JSON texts (schemas and runs). Most catalog text is ASCII: kept
   * one byte a character it is half as much to read and check, and reads back as one-byte strings.
   * A run makes a string of each of the first two parts and the JSON texts one at a time, when an
   * entry's property is first read (`KeptTexts`).
   */
  parts: Array<{texts: number; bytes: number}>
}

/** The parts of the text table, in order: which texts, and how each is kept. */
const TEXT_PARTS = [
  {json: false, encoding: 'latin1'},
  {json: false, encoding: 'utf16le'},
  {json: true, encoding: 'latin1'},
  {json: true, encoding: 'utf16le'},
] as const

const padTo8 = (n: number): number => Math.ceil(n / 8) * 8
const bytesOf = (array: Int32Array): Buffer => Buffer.from(array.buffer, array.byteOffset, array.byteLength)

/**
 * Whether `value` comes back exactly from `JSON.parse(JSON.stringify(value))`: strings, booleans,
 * null, finite numbers other than -0, arrays and plain objects of them. Kept values are parsed
 * values (JSON or JSON5) already checked for depth by the catalog guard.
 */
export function isExactJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value) || !isExactJson(value[i])) return false
    return true
  }
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false
  for (const key in value) {
    if (!Object.hasOwn(value, key) || !isExactJson((value as Record<string, unknown>)[key])) return false
  }
  return true
}

/** The file a set of catalog files is kept under: a digest of their names (the header says the rest). */
function cacheFileName(files: readonly CatalogFileRef[], owner: string | undefined): string {
  const sample = [owner ?? '', ...files.flatMap((ref) => [ref.file, ref.path])].join('\u0000')
  // FNV-1a, 32 bits, over UTF-16 code units.
  let hash = 0x81_1c_9d_c5
  for (let i = 0; i < sample.length; i++) hash = Math.imul(hash ^ sample.charCodeAt(i), 0x01_00_01_93) >>> 0
  return `${FILE_PREFIX}${hash.toString(16).padStart(8, '0')}${FILE_SUFFIX}`
}

// --- reading -------------------------------------------------------------------------------

/** Where each cached entry came from: its set of cached entries and its number in it. */
const cachedFrom = new WeakMap<CatalogEntry, {snapshot: string; number: number}>()

/**
 * What an index of `entries` is a function of, when every one of them was read back from the same
 * cached set (unchanged since: entries are not edited after loading): that set's name and the
 * entries' numbers in it. Undefined otherwise.
 */
export function cachedEntryInput(entries: readonly CatalogEntry[]): {snapshot: string; numbers: Int32Array} | undefined {
  const first = entries[0] === undefined ? undefined : cachedFrom.get(entries[0])
  if (first === undefined) return undefined
  const numbers = new Int32Array(entries.length)
  for (let i = 0; i < entries.length; i++) {
    const from = cachedFrom.get(entries[i]!)
    if (from === undefined || from.snapshot !== first.snapshot) return undefined
    numbers[i] = from.number
  }
  return {snapshot: first.snapshot, numbers}
}

/** Reads `length` bytes at `position` of `fd` (8-byte aligned), or undefined when the file is shorter. */
function readAt(fd: number, position: number, length: number): Buffer | undefined {
  const buffer = Buffer.alloc(length)
  let done = 0
  while (done < length) {
    const count = readSync(fd, buffer, done, length - done, position + done)
    if (count === 0) return undefined
    done += count
  }
  return buffer
}

/** How much of a catalog file is compared with its copy at a time. */
const COMPARE_CHUNK = 256 * 1024

/** Whether `fd` holds exactly `expected` at `position`, read a chunk at a time into `scratch`. */
function fdHolds(fd: number, position: number, expected: Buffer, scratch: Buffer): boolean {
  for (let done = 0; done < expected.length; ) {
    const size = Math.min(scratch.length, expected.length - done)
    if (readSync(fd, scratch, 0, size, position + done) !== size || scratch.compare(expected, done, done + size, 0, size) !== 0) return false
    done += size
  }
  return true
}

/**
 * Whether the regular file at `path` holds exactly the `length` bytes at `position` of `fd`,
 * compared a chunk at a time (neither is read whole into memory). Never throws: a file that cannot
 * be read is not the same.
 */
function fileHoldsCopy(path: string, fd: number, position: number, length: number, scratch: {file: Buffer; copy: Buffer}): boolean {
  let file: number | undefined
  try {
    file = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY)
    const stats = fstatSync(file)
    if (!stats.isFile() || stats.size !== length) return false
    for (let done = 0; done < length; ) {
      const size = Math.min(COMPARE_CHUNK, length - done)
      const a = readSync(file, scratch.file, 0, size, done)
      const b = readSync(fd, scratch.copy, 0, size, position + done)
      if (a !== size || b !== size || scratch.file.compare(scratch.copy, 0, size, 0, size) !== 0) return false
      done += size
    }
    // A file that grew since its size was read is not the same either.
    return readSync(file, scratch.file, 0, 1, length) === 0
  } catch {
    return false
  } finally {
    if (file !== undefined) closeSync(file)
  }
}

/** The header at the start of a cached catalog (`fd`) when it is the one for `files` read with `owner` by `build`. */
function matchingHeader(fd: number, files: readonly CatalogFileRef[], owner: string | undefined, build: string): {header: Header; bodyAt: number} | undefined {
  const start = readAt(fd, 0, 12)
  if (start === undefined || start.toString('latin1', 0, 8) !== MAGIC) return undefined
  const headerBytes = start.readUInt32LE(8)
  const text = headerBytes > MAX_CATALOG_CACHE_BYTES ? undefined : readAt(fd, 12, headerBytes)
  if (text === undefined) return undefined
  const header = JSON.parse(text.toString('utf8')) as Header
  if (header === null || typeof header !== 'object' || header.key !== cacheKey(build) || header.owner !== (owner ?? null) || !Array.isArray(header.files)) return undefined
  if (header.files.length !== files.length) return undefined
  for (let i = 0; i < files.length; i++) {
    const kept = header.files[i]!
    const ref = files[i]!
    if (kept.file !== ref.file || kept.path !== ref.path || kept.directory !== ref.directory || !Number.isSafeInteger(kept.bytes) || kept.bytes < 0) return undefined
  }
  return {header, bodyAt: padTo8(12 + headerBytes)}
}

/**
 * The entries `files` give (read with `owner`), from `cache` when it holds exactly those files'
 * (see the module's doc); undefined otherwise — the caller then reads the files. Never throws.
 */
export function readCachedEntries(cache: EntriesCache, files: readonly CatalogFileRef[], owner: string | undefined): FileEntries[] | undefined {
  if (files.length === 0 || privateDirectoryProblem(cache.directory) !== undefined) return undefined
  const file = join(cache.directory, cacheFileName(files, owner))
  const result = withCacheFile(ENTRY_FILES, file, (fd, stats) => readCached(fd, stats.size, files, owner, cache.build))
  if (result !== undefined) markUsed(file)
  return result
}

/**
 * The header, the entries and the text table are read and checked against their second copy; the
 * files' copies after them are compared with the files in place.
 */
function readCached(fd: number, size: number, files: readonly CatalogFileRef[], owner: string | undefined, build: string): FileEntries[] | undefined {
  const matched = matchingHeader(fd, files, owner, build)
  if (matched === undefined) return undefined
  const {header, bodyAt} = matched
  if (!Array.isArray(header.parts) || header.parts.length !== TEXT_PARTS.length || typeof header.snapshot !== 'string') return undefined
  const counts = [header.entries, header.texts, ...header.parts.flatMap((part) => [part?.texts, part?.bytes])]
  if (!counts.every((n) => Number.isSafeInteger(n) && n >= 0)) return undefined
  const textsBytes = header.parts.reduce((sum, part) => sum + part.bytes, 0)
  const recordsBytes = 4 * FIELDS * header.entries
  const lengthsBytes = 4 * header.texts
  const textsAt = bodyAt + recordsBytes + lengthsBytes
  const checkedBytes = padTo8(textsAt + textsBytes)
  const copiesAt = 2 * checkedBytes
  const copiesBytes = header.files.reduce((sum, kept) => sum + kept.bytes, 0)
  if (copiesAt + copiesBytes !== size) return undefined
  const checked = readAt(fd, 0, checkedBytes)
  if (checked === undefined) return undefined
  // The checked part is written twice (`writtenTwice`), then the files' copies; the second copy
  // is compared a chunk at a time, as the files are.
  const scratch = {file: Buffer.allocUnsafe(COMPARE_CHUNK), copy: Buffer.allocUnsafe(COMPARE_CHUNK)}
  if (!fdHolds(fd, checkedBytes, checked, scratch.copy) || !sameFiles(fd, header, files, copiesAt, scratch)) return undefined
  const records = new Int32Array(checked.buffer, checked.byteOffset + bodyAt, FIELDS * header.entries)
  const lengths = new Int32Array(checked.buffer, checked.byteOffset + bodyAt + recordsBytes, header.texts)
  const texts = KeptTexts.read(checked, textsAt, lengths, header.parts)
  return texts === undefined ? undefined : decodeEntries(header, records, texts)
}

/** Whether every file holds exactly the copy kept of it. */
function sameFiles(fd: number, header: Header, files: readonly CatalogFileRef[], copiesAt: number, scratch: {file: Buffer; copy: Buffer}): boolean {
  let at = copiesAt
  for (let i = 0; i < files.length; i++) {
    const length = header.files[i]!.bytes
    if (!fileHoldsCopy(files[i]!.path, fd, at, length, scratch)) return false
    at += length
  }
  return true
}

/**
 * The text table of a cached catalog, read where it lies in the checked bytes. The texts entries
 * hold as they are are made strings at once (a string of each part, cut into its texts); a JSON
 * text, most of the table, becomes a string the first time it is asked for (`keepJsonText`): a
 * search reads the schemas of its hits, a directory none.
 */
class KeptTexts {
  private readonly strings: Array<string | undefined>

  private constructor(
    private readonly bytes: Buffer,
    /** Where each text starts in `bytes`, and where the last one ends. */
    private readonly starts: Int32Array,
    /** The first text of each part, and the number after the last text. */
    private readonly partStarts: readonly number[],
  ) {
    this.strings = new Array<string | undefined>(starts.length - 1)
    // The parts of texts kept as they are: one string each, cut.
    for (let part = 0; part < TEXT_PARTS.length; part++) {
      if (TEXT_PARTS[part]!.json) continue
      const first = partStarts[part]!
      const end = partStarts[part + 1]!
      const joined = bytes.toString(TEXT_PARTS[part]!.encoding, starts[first], starts[end])
      const unit = TEXT_PARTS[part]!.encoding === 'latin1' ? 1 : 2
      for (let n = first; n < end; n++) this.strings[n] = joined.slice((starts[n]! - starts[first]!) / unit, (starts[n + 1]! - starts[first]!) / unit)
    }
  }

  /**
   * The table of `parts` (`Header.parts`), at `textsAt` in `bytes` with their texts' `lengths`;
   * undefined when they do not add up.
   */
  static read(bytes: Buffer, textsAt: number, lengths: Int32Array, parts: ReadonlyArray<{texts: number; bytes: number}>): KeptTexts | undefined {
    const starts = new Int32Array(lengths.length + 1)
    const partStarts = [0]
    starts[0] = textsAt
    let n = 0
    for (let part = 0; part < parts.length; part++) {
      const unit = TEXT_PARTS[part]!.encoding === 'latin1' ? 1 : 2
      const end = n + parts[part]!.texts
      if (end > lengths.length) return undefined
      for (; n < end; n++) {
        if (lengths[n]! < 0) return undefined
        starts[n + 1] = starts[n]! + unit * lengths[n]!
      }
      if (starts[n]! - starts[partStarts[part]!]! !== parts[part]!.bytes) return undefined
      partStarts.push(n)
    }
    return n === lengths.length ? new KeptTexts(bytes, starts, partStarts) : undefined
  }

  /** Whether the table has a text numbered `n`. */
  has(n: number): boolean {
    return n >= 0 && n < this.strings.length
  }

  /** Text number `n`, or undefined when the table has none so numbered. */
  text(n: number): string | undefined {
    if (!this.has(n)) return undefined
    let text = this.strings[n]
    if (text === undefined) {
      let part = 0
      while (n >= this.partStarts[part + 1]!) part++
      text = this.bytes.toString(TEXT_PARTS[part]!.encoding, this.starts[n], this.starts[n + 1])
      this.strings[n] = text
    }
    return text
  }
}

type KeptJsonKey = 'parameters' | 'outputSchema' | 'run'

/**
 * The text table of a read-back entry, and the number in it of the JSON each of its properties
 * holds while it holds it (`keptJsonText`).
 */
const keptTexts = new WeakMap<CatalogEntry, {texts: KeptTexts; numbers: Partial<Record<KeptJsonKey, number>>}>()

/**
 * The JSON text `entry[key]` was read back from, while the property still holds that value;
 * undefined for any other entry or property. Entries with the same text hold equal values, so
 * what is worked out from a value once (a search hit's hints) can be kept by its text.
 */
export function keptJsonText(entry: CatalogEntry, key: KeptJsonKey): string | undefined {
  const kept = keptTexts.get(entry)
  const number = kept?.numbers[key]
  return number === undefined ? undefined : kept!.texts.text(number)
}

/** The values parsed so far from kept texts, by entry. */
const parsedValues = new WeakMap<CatalogEntry, Partial<Record<KeptJsonKey, unknown>>>()

/**
 * A property whose value is parsed from the entry's kept JSON text the first time it is read, and
 * is that same value on every later read; setting it makes it a plain property holding the value
 * set (and no longer the kept text's). One getter and setter pair per property serves every entry.
 */
function parsedOnRead(key: KeptJsonKey): PropertyDescriptor {
  return {
    configurable: true,
    enumerable: true,
    get(this: CatalogEntry) {
      let values = parsedValues.get(this)
      if (values === undefined) parsedValues.set(this, (values = {}))
      if (!(key in values)) {
        const text = keptJsonText(this, key)
        values[key] = text === undefined ? undefined : (JSON.parse(text) as unknown)
      }
      return values[key]
    },
    set(this: CatalogEntry, value: unknown) {
      const kept = keptTexts.get(this)
      if (kept !== undefined) delete kept.numbers[key]
      Object.defineProperty(this, key, {value, writable: true, enumerable: true, configurable: true})
    },
  }
}

const PARSED_ON_READ: Record<KeptJsonKey, PropertyDescriptor> = {parameters: parsedOnRead('parameters'), outputSchema: parsedOnRead('outputSchema'), run: parsedOnRead('run')}

/** Makes `entry[key]` the value of the JSON text numbered `number` in `texts`, parsed when first read (`parsedOnRead`). */
function keepJsonText(entry: CatalogEntry, key: KeptJsonKey, texts: KeptTexts, number: number): void {
  let kept = keptTexts.get(entry)
  if (kept === undefined) keptTexts.set(entry, (kept = {texts, numbers: {}}))
  kept.numbers[key] = number
  Object.defineProperty(entry, key, PARSED_ON_READ[key])
}

/** A path's JSON text as `encodeEntries` writes it, or undefined when it is not an array of keys and indexes. */
function jsonPathOf(text: string | undefined): JsonPath | undefined {
  if (text === undefined) return undefined
  let path: unknown
  try {
    path = JSON.parse(text)
  } catch {
    return undefined
  }
  return Array.isArray(path) && path.every((segment) => typeof segment === 'string' || (typeof segment === 'number' && Number.isInteger(segment) && segment >= 0)) ? path : undefined
}

/** The entries of the records, checked field by field; undefined when any field is not what the writer writes. */
function decodeEntries(header: Header, records: Int32Array, texts: KeptTexts): FileEntries[] | undefined {
  const text = (n: number): string | undefined => texts.text(n)
  const optional = (n: number): string | null | undefined => (n === -1 ? null : text(n))
  // A JSON text's number, checked but not made into a string (`KeptTexts`).
  const optionalJson = (n: number): number | null | undefined => (n === -1 ? null : texts.has(n) ? n : undefined)
  const paths = new Map<number, JsonPath | undefined>()
  const pathOf = (n: number): JsonPath | undefined => {
    if (!paths.has(n)) paths.set(n, jsonPathOf(text(n)))
    return paths.get(n)
  }
  const result: FileEntries[] = []
  let number = 0
  for (const kept of header.files) {
    if (!Number.isSafeInteger(kept.entries) || kept.entries < 0 || number + kept.entries > header.entries || !Array.isArray(kept.skipped)) return undefined
    const entries: CatalogEntry[] = []
    for (let end = number + kept.entries; number < end; number++) {
      const at = number * FIELDS
      const id = text(records[at + FIELD.id]!)
      const name = text(records[at + FIELD.name]!)
      const source = SOURCES[records[at + FIELD.source]!]
      const sourceName = text(records[at + FIELD.sourceName]!)
      const description = text(records[at + FIELD.description]!)
      const flags = records[at + FIELD.flags]!
      const visibility = VISIBILITIES[flags >> VISIBILITY_SHIFT]
      const originFile = text(records[at + FIELD.originFile]!)
      const originIndex = records[at + FIELD.originIndex]!
      const originBase = pathOf(records[at + FIELD.originPath]!)
      // Each entry its own path: the decoded base is shared by every entry with the same text.
      const originPath = originBase === undefined || originIndex < -1 ? undefined : originIndex === -1 ? [...originBase] : [...originBase, originIndex]
      const label = optional(records[at + FIELD.label]!)
      const parameters = optionalJson(records[at + FIELD.parameters]!)
      const outputSchema = optionalJson(records[at + FIELD.outputSchema]!)
      const run = optionalJson(records[at + FIELD.run]!)
      const mcp = optional(records[at + FIELD.mcp]!)
      if (id === undefined || name === undefined || source === undefined || sourceName === undefined || description === undefined || visibility === undefined) return undefined
      if (originFile === undefined || originPath === undefined || label === undefined || parameters === undefined || outputSchema === undefined || run === undefined || mcp === undefined) return undefined
      // The same object, key for key and in the same order, as `makeEntry` (and `nativeEntry`) build.
      const entry = {
        id,
        name,
        source,
        sourceName,
        description,
        trusted: (flags & TRUSTED) !== 0,
        visibility,
        requiresApproval: (flags & REQUIRES_APPROVAL) !== 0,
        origin: {file: originFile, path: originPath},
      } as CatalogEntry
      if (label !== null) entry.label = label
      if (parameters !== null) keepJsonText(entry, 'parameters', texts, parameters)
      if (outputSchema !== null) keepJsonText(entry, 'outputSchema', texts, outputSchema)
      if (run !== null) keepJsonText(entry, 'run', texts, run)
      if (mcp !== null) entry.mcp = JSON.parse(mcp) as McpProvenance
      cachedFrom.set(entry, {snapshot: header.snapshot, number})
      entries.push(entry)
    }
    result.push({entries, skipped: kept.skipped})
  }
  return number === header.entries ? result : undefined
}

// --- writing -------------------------------------------------------------------------------

/** What was read of a file, for `writeCachedEntries`. */
export interface ReadCatalogFile extends CatalogFileRef, FileEntries {
  bytes: Buffer
}

/** A character Latin-1 cannot hold. */
const WIDE_CHARACTER = /[^\u0000-\u00ff]/u

/** The fields of a record that number a text (the others are a source, flags and an index in an origin's path). */
const TEXT_FIELDS: readonly number[] = Object.values(FIELD).filter((field) => field !== FIELD.source && field !== FIELD.flags && field !== FIELD.originIndex)

/** Texts numbered in order of first use, each once, and whether any use is as a value (not JSON). */
class TextTable {
  readonly texts: string[] = []
  private readonly plain: boolean[] = []
  private readonly numbers = new Map<string, number>()

  /**
   * The table as it is written, in its parts (`TEXT_PARTS`), each in order of first use; and
   * `renumber`, which maps a number given so far to its number there.
   */
  split(): {parts: string[][]; renumber: Int32Array} {
    const partOf = this.texts.map((text, n) => (this.plain[n] ? 0 : 2) + (WIDE_CHARACTER.test(text) ? 1 : 0))
    const parts: string[][] = TEXT_PARTS.map(() => [])
    for (let n = 0; n < this.texts.length; n++) parts[partOf[n]!]!.push(this.texts[n]!)
    const next = parts.map((_, part) => parts.slice(0, part).reduce((sum, texts) => sum + texts.length, 0))
    const renumber = new Int32Array(this.texts.length)
    for (let n = 0; n < this.texts.length; n++) renumber[n] = next[partOf[n]!]!++
    return {parts, renumber}
  }

  number(text: string, plain = true): number {
    let number = this.numbers.get(text)
    if (number === undefined) {
      number = this.texts.length
      this.texts.push(text)
      this.plain.push(plain)
      this.numbers.set(text, number)
    } else if (plain) {
      this.plain[number] = true
    }
    return number
  }

  /** `value` as JSON text, or undefined when JSON would not give it back exactly. */
  json(value: unknown): number | undefined {
    return isExactJson(value) ? this.number(JSON.stringify(value), false) : undefined
  }
}

/** The records of `entries` (numbered from `records.length / FIELDS`), or false when one cannot be kept. */
function encodeEntries(entries: readonly CatalogEntry[], texts: TextTable, records: number[]): boolean {
  for (const entry of entries) {
    const json = (key: 'parameters' | 'outputSchema' | 'run' | 'mcp'): number | undefined => (Object.hasOwn(entry, key) ? texts.json(entry[key]) : -1)
    const parameters = json('parameters')
    const outputSchema = json('outputSchema')
    const run = json('run')
    const mcp = json('mcp')
    const source = SOURCES.indexOf(entry.source)
    const visibility = VISIBILITIES.indexOf(entry.visibility)
    if (parameters === undefined || outputSchema === undefined || run === undefined || mcp === undefined || source === -1 || visibility === -1) return false
    const flags = (entry.trusted ? TRUSTED : 0) | (entry.requiresApproval ? REQUIRES_APPROVAL : 0) | (visibility << VISIBILITY_SHIFT)
    const {path} = entry.origin
    const last = path.at(-1)
    if (typeof last === 'number' && !(Number.isInteger(last) && last >= 0 && last <= 0x7fffffff)) return false
    records.push(
      texts.number(entry.id),
      texts.number(entry.name),
      source,
      texts.number(entry.sourceName),
      texts.number(entry.description),
      flags,
      texts.number(entry.origin.file),
      texts.number(JSON.stringify(typeof last === 'number' ? path.slice(0, -1) : path)),
      typeof last === 'number' ? last : -1,
      entry.label === undefined ? -1 : texts.number(entry.label),
      parameters,
      outputSchema,
      run,
      mcp,
    )
  }
  return true
}

/**
 * Keeps the entries `files` gave (read with `owner`) in `cache`, best effort: nothing is written
 * when the directory is not the user's alone, when a value cannot be kept exactly or when the
 * file would be too large. Once written, `files`' entries count as read back from it
 * (`cachedEntryInput`): they are what the next run reads back.
 */
export async function writeCachedEntries(cache: EntriesCache, files: readonly ReadCatalogFile[], owner: string | undefined): Promise<void> {
  if (files.length === 0 || privateDirectoryProblem(cache.directory) !== undefined) return
  const copiesBytes = files.reduce((sum, read) => sum + read.bytes.length, 0)
  if (copiesBytes > MAX_CATALOG_CACHE_BYTES) return
  const texts = new TextTable()
  const records: number[] = []
  for (const read of files) if (!encodeEntries(read.entries, texts, records)) return
  const {parts, renumber} = texts.split()
  for (let at = 0; at < records.length; at += FIELDS) {
    for (const field of TEXT_FIELDS) if (records[at + field]! >= 0) records[at + field] = renumber[records[at + field]!]!
  }
  const partBytes = parts.map((part, n) => Buffer.from(part.join(''), TEXT_PARTS[n]!.encoding))
  const lengths = Int32Array.from(parts.flat(), (text) => text.length)
  const {randomUUID} = await import('node:crypto')
  const header: Header = {
    key: cacheKey(cache.build),
    owner: owner ?? null,
    files: files.map((read) => ({file: read.file, path: read.path, directory: read.directory, bytes: read.bytes.length, entries: read.entries.length, skipped: read.skipped})),
    snapshot: randomUUID(),
    entries: records.length / FIELDS,
    texts: lengths.length,
    parts: parts.map((part, n) => ({texts: part.length, bytes: partBytes[n]!.length})),
  }
  const headerJson = Buffer.from(JSON.stringify(header))
  const start = Buffer.alloc(padTo8(12 + headerJson.length), ' ')
  start.write(MAGIC, 0, 'latin1')
  start.writeUInt32LE(headerJson.length, 8)
  headerJson.copy(start, 12)
  const body = Buffer.concat([start, bytesOf(Int32Array.from(records)), bytesOf(lengths), ...partBytes])
  const checked = writtenTwice(Buffer.concat([body, Buffer.alloc(padTo8(body.length) - body.length)]))
  const whole = Buffer.concat([checked, ...files.map((read) => read.bytes)])
  if (!writeCacheFile(ENTRY_FILES, cache.directory, join(cache.directory, cacheFileName(files, owner)), whole)) return
  // These entries are now the kept ones: the index built from them this run is keyed as the index
  // of the entries read back next run will be.
  let number = 0
  for (const read of files) for (const entry of read.entries) cachedFrom.set(entry, {snapshot: header.snapshot, number: number++})
}
