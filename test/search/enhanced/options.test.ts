/**
 * The enhanced ranker's options: every knob lives in `ENHANCED` (src/search/enhanced/options.ts),
 * and the limits that used to be private constants are read from the options a ranker is built
 * with, not from a copy of their default.
 */
import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, it} from 'vitest'

import {buildEnhancedRanker, ENHANCED, EXACT_FORM_FIELD} from '../../../src/search/enhanced/index.js'
import {ROOT} from '../../helpers/cli.js'
import {tool} from '../tools.js'

const ENHANCED_DIR = join(ROOT, 'src/search/enhanced')

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, {withFileTypes: true}).flatMap((entry) => {
    const path = join(directory, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith('.ts') ? [path] : []
  })
}

describe('enhanced ranker options', () => {
  it('keeps every numeric knob in options.ts: no module-level numeric constant elsewhere', () => {
    const offenders = sourceFiles(ENHANCED_DIR)
      .filter((file) => !file.endsWith('options.ts'))
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').filter((line) => /^(?:export )?const [A-Z][A-Z0-9_]*(?::[^=]+)? = -?\d/.test(line)).map((line) => `${relative(ROOT, file)}: ${line}`))
    expect(offenders).toEqual([])
  })

  it('has a number for every knob but the stemmer and the field table', () => {
    for (const [name, value] of Object.entries(ENHANCED)) {
      if (name === 'stemmer' || name === 'fields') continue
      expect(typeof value, name).toBe('number')
    }
  })

  it('reads the typo limit from the options: a correction needs a word of `typoMinLength` letters', () => {
    // `serach` (6 letters) is corrected to `search` by default, not when words need 7 letters.
    const catalog = [tool('web_search', {description: 'Search the web.'}), tool('notes', {description: 'Keep notes.'})]
    expect(buildEnhancedRanker(catalog).search('serach', 5).map((hit) => hit.entry.name)).toEqual(['web_search'])
    expect(buildEnhancedRanker(catalog, {...ENHANCED, typoMinLength: 7}).search('serach', 5)).toEqual([])
  })

  it('reads the glued-word limits from the options', () => {
    // `cherrypick` splits into two catalog words by default, not when a split needs three parts or more letters.
    const catalog = [tool('cherry_pick', {description: 'Apply one commit onto the current branch.'}), tool('merge', {description: 'Merge branches.'})]
    const top = (options = ENHANCED) => buildEnhancedRanker(catalog, options).search('cherrypick', 5).map((hit) => hit.entry.name)
    expect(top()).toEqual(['cherry_pick'])
    expect(top({...ENHANCED, gluedWordMinLength: 11})).toEqual([])
  })

  it('reads the exact-form length from the options', () => {
    // `add` and `tag` are too short for the bonus by default; with a limit of 3 they earn it.
    const catalog = [tool('add_tag', {description: 'Attach a label to an item.'}), tool('add_tags', {description: 'Attach a label to an item.'})]
    const forms = (options = ENHANCED) => buildEnhancedRanker(catalog, options).search('add tag', 5)[0]!.contributions.filter((contribution) => contribution.field === EXACT_FORM_FIELD)
    expect(forms()).toEqual([])
    expect(forms({...ENHANCED, exactFormMinLength: 3}).map((contribution) => contribution.term)).toEqual(['add', 'tag'])
  })
})
