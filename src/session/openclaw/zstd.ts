/**
 * zstd decompression of OpenClaw's compressed transcript events (`event_zstd`): the runtime's zlib
 * where it has zstd (Node >= 22.15), else `fzstd` (a maintained pure-JavaScript decoder, ~10 kB,
 * no native build). Loaded on first use.
 */
import * as zlib from 'node:zlib'

type Decompress = (data: Uint8Array) => Uint8Array

let decompress: Decompress | undefined

async function decoder(): Promise<Decompress> {
  if (decompress !== undefined) return decompress
  const native = (zlib as {zstdDecompressSync?: (data: Uint8Array) => Buffer}).zstdDecompressSync
  if (typeof native === 'function' && process.env.TOOLSEARCH_ZSTD !== 'js') {
    decompress = (data) => native(data)
  } else {
    const fzstd = (await import('fzstd')) as {decompress: Decompress}
    decompress = (data) => fzstd.decompress(data)
  }
  return decompress
}

/** Loads the decoder, so that `decompressZstd` can run synchronously inside a database read. */
export async function loadZstd(): Promise<void> {
  await decoder()
}

/** The decompressed bytes; throws when `data` is not a valid zstd frame. Call `loadZstd` first. */
export function decompressZstd(data: Uint8Array): Uint8Array {
  if (decompress === undefined) throw new Error('zstd decoder not loaded')
  return decompress(data)
}
