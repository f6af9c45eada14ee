/**
 * `natural` prints dotenv banners to stdout when its package entry is loaded, which would corrupt
 * `--json`. Only its leaf modules (the Porter stemmer, the Damerau–Levenshtein distance) may be
 * loaded; these tests fail if the package entry ever is, or if anything else writes to stdout
 * around a JSON document.
 */
import {spawnSync} from 'node:child_process'
import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {describe, expect, it} from 'vitest'

import {ROOT, parseJsonOutput, runCli} from '../helpers/cli.js'

const CATALOG = join(ROOT, 'test/fixtures/eval/catalog.json')

function builtFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
  )
}

describe('stdout stays clean', () => {
  it('no built module loads the natural package entry, only its leaf modules', () => {
    const whole = /(?:from|import\(|require\()\s*['"]natural['"]/
    const files = builtFiles(join(ROOT, 'dist'))
    // The built modules that use natural's leaf modules are among those scanned, so the scan is not vacuous.
    expect(files.filter((file) => /natural\/lib\/natural\//.test(readFileSync(file, 'utf8'))).length).toBeGreaterThan(0)
    const offenders = files.filter((file) => whole.test(readFileSync(file, 'utf8')))
    expect(offenders).toEqual([])
  })

  it('the enhanced ranker stems and corrects typos without writing to stdout', () => {
    // A fresh process, so the leaf modules load here for the first time.
    const module = pathToFileURL(join(ROOT, 'dist/src/search/enhanced/index.js')).href
    const script = `
      const {buildEnhancedRanker} = await import(${JSON.stringify(module)})
      const ranker = buildEnhancedRanker([{id: 'openclaw:kit:delete_file', source: 'openclaw', sourceName: 'kit', name: 'delete_file', description: 'Remove a file from disk for good.', trusted: true}])
      const hits = ranker.search('delte the files', 5)
      const {createRequire} = await import('node:module')
      const loaded = Object.keys(createRequire(${JSON.stringify(module)}).cache).filter((file) => /natural|dotenv/.test(file))
      process.stderr.write(JSON.stringify({hits: hits.map((hit) => hit.entry.id), loaded}))
    `
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8', env: {...process.env, NO_COLOR: '1'}})
    expect(child.status, child.stderr).toBe(0)
    expect(child.stdout).toBe('')
    const {hits, loaded} = JSON.parse(child.stderr) as {hits: string[]; loaded: string[]}
    expect(hits).toEqual(['openclaw:kit:delete_file'])
    // The leaf modules did load (so the test exercised them); natural's entry and dotenv did not.
    expect(loaded.some((file) => file.includes('porter_stemmer'))).toBe(true)
    expect(loaded.some((file) => file.includes('levenshtein_distance'))).toBe(true)
    expect(loaded.filter((file) => /natural[\\/]lib[\\/]natural[\\/]index\.js$|dotenv/.test(file))).toEqual([])
  })

  it('search --ranker enhanced --json with a misspelt query prints one JSON document and nothing else', async () => {
    const result = await runCli(['search', '--catalog', CATALOG, '--ranker', 'enhanced', '--json', 'delte', 'the', 'files'])
    expect(result.code).toBe(0)
    expect(result.stdout).not.toMatch(/dotenv|injected env/i)
    const hits = parseJsonOutput<Array<{id: string}>>(result)
    expect(hits.map((hit) => hit.id)).toContain('openclaw:kit:delete_file')
  })
})
