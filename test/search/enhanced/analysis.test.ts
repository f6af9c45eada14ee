/** The enhanced ranker's text analysis: words, glued names, stems, lexicon, typos, query concepts. */
import {readdirSync} from 'node:fs'
import {join} from 'node:path'

import {describe, expect, it} from 'vitest'

import {catalogVocabulary, entryFieldWords, entryTextWords, nameWords, splitGluedWord} from '../../../src/search/enhanced/fields.js'
import {compileLexicon} from '../../../src/search/enhanced/lexicon/index.js'
import {ENHANCED} from '../../../src/search/enhanced/options.js'
import type {Concept} from '../../../src/search/enhanced/concept.js'
import {compileActions} from '../../../src/search/enhanced/intent.js'
import {queryConcepts, REWRITE_RULES} from '../../../src/search/enhanced/plan.js'
import {isQueryNoise, type QueryContext, queryWords} from '../../../src/search/enhanced/query.js'
import {withRepeatedTermsScaled} from '../../../src/search/enhanced/rules/repeated-terms.js'
import {pointedPlural} from '../../../src/search/enhanced/rules/several.js'
import {porterStem} from '../../../src/search/enhanced/stem.js'
import {typoCorrector, typoDistance} from '../../../src/search/enhanced/typo.js'
import {firstSentence, summaryAndRest, wordsOf} from '../../../src/search/enhanced/words.js'
import {ROOT} from '../../helpers/cli.js'
import {tool} from '../tools.js'

describe('wordsOf', () => {
  it('splits names on _, -, ., camelCase and digits, never keeping the glued whole', () => {
    expect(wordsOf('get_file_contents')).toEqual(['get', 'file', 'contents'])
    expect(wordsOf('getFileContents')).toEqual(['get', 'file', 'contents'])
    expect(wordsOf('API-get-block-children')).toEqual(['api', 'get', 'block', 'children'])
    expect(wordsOf('browser.take-screenshot')).toEqual(['browser', 'take', 'screenshot'])
    expect(wordsOf('parseHTMLPage v2')).toEqual(['parse', 'html', 'page', 'v', '2'])
  })

  it('keeps sentences as lowercase words', () => {
    expect(wordsOf('Read a file (UTF-8).')).toEqual(['read', 'a', 'file', 'utf', '8'])
  })
})

describe('firstSentence', () => {
  it('stops at the first sentence end followed by a space or the end', () => {
    expect(firstSentence('  Read contents from files. Supports offsets.')).toBe('Read contents from files.')
    expect(firstSentence('Use v1.2 of the API! Then more.')).toBe('Use v1.2 of the API!')
  })

  it('falls back to the first line when no sentence ends', () => {
    expect(firstSentence('Notion | Retrieve a page\nError Responses: 400')).toBe('Notion | Retrieve a page')
  })
})

describe('summaryAndRest', () => {
  it('is the first sentence and the text after it for a plain description', () => {
    expect(summaryAndRest('  Read contents from files. Supports offsets.')).toEqual({summary: 'Read contents from files.', rest: 'Supports offsets.'})
  })

  it('skips headings and list markers: a list number is not a sentence', () => {
    // firstSentence alone stops at "1." and says nothing about the tool.
    const text = '\n  🧭 Overview of use:\n    1. Lists the open tickets of a queue.\n    2. Pages through them.'
    expect(firstSentence(text)).toBe('🧭 Overview of use:\n    1.')
    expect(summaryAndRest(text).summary).toBe('Lists the open tickets of a queue.')
  })

  it('takes the summary from a Purpose section that follows a warning, and keeps the warning in the rest', () => {
    const text = '🛡️ Guardrails:\n  1. This tool modifies data.\n\n🎯 Purpose:\n  1. Creates many records at once.\n\n📦 Returns:\n  1. Their ids.'
    const {summary, rest} = summaryAndRest(text)
    expect(summary).toBe('Creates many records at once.')
    expect(rest).toContain('This tool modifies data.')
    expect(rest).toContain('Their ids.')
    expect(rest).not.toContain('Creates many records')
  })
})

describe('glued words', () => {
  const known = new Set(['sequential', 'thinking', 'air', 'quality', 'forecast', 'car', 'park'])

  it('splits a glued lowercase word into the fewest known words', () => {
    expect(splitGluedWord('sequentialthinking', known)).toEqual(['sequential', 'thinking'])
    expect(splitGluedWord('airqualityforecast', known)).toEqual(['air', 'quality', 'forecast'])
  })

  it('leaves known, short, unsplittable and mixed words alone', () => {
    expect(splitGluedWord('thinking', known)).toBeUndefined()
    expect(splitGluedWord('carpa', known)).toBeUndefined()
    expect(splitGluedWord('carparkxyz', known)).toBeUndefined()
    expect(splitGluedWord('car_park', known)).toBeUndefined()
  })

  it('adds the pieces of a glued name after its own words', () => {
    expect(nameWords('sequentialthinking', known)).toEqual(['sequentialthinking', 'sequential', 'thinking'])
  })

  it('learns the vocabulary from descriptions and labels, not from names', () => {
    const entries = [tool('hdbcarpark', {description: 'Find a car park.'})]
    const vocabulary = catalogVocabulary(entries.map(entryTextWords))
    expect(vocabulary.has('park')).toBe(true)
    expect(vocabulary.has('hdbcarpark')).toBe(false)
  })
})

describe('entry fields', () => {
  it('separates name, owner, label, summary, the rest of the description and trusted parameters', () => {
    const entry = tool('get_forecast', {
      sourceName: 'weather',
      label: 'Forecast',
      description: 'Get the forecast. Use the city name.',
      parameters: {type: 'object', properties: {city: {type: 'string', description: 'City to look up'}}},
    })
    expect(entryFieldWords(entry, new Set())).toEqual({
      name: ['get', 'forecast'],
      owner: ['weather'],
      label: ['forecast'],
      summary: ['get', 'the', 'forecast'],
      description: ['use', 'the', 'city', 'name'],
      parameters: ['city', 'city', 'to', 'look', 'up'],
    })
  })

  it('never reads an MCP schema and leaves out the default owners', () => {
    const mcp = tool('query', {source: 'mcp', sourceName: 'postgres', parameters: {type: 'object', properties: {sql: {type: 'string'}}}})
    expect(entryFieldWords(mcp, new Set()).parameters).toEqual([])
    const core = tool('read', {sourceName: 'core'})
    expect(entryFieldWords(core, new Set()).owner).toEqual([])
  })
})

describe('Porter stemming with exceptions', () => {
  it('conflates word forms', () => {
    expect(porterStem('recommendations')).toBe(porterStem('recommend'))
    expect(porterStem('deleting')).toBe(porterStem('delete'))
    // Irregular plurals, which Porter alone leaves apart.
    expect(porterStem('children')).toBe(porterStem('child'))
    expect(porterStem('people')).toBe(porterStem('person'))
    expect(porterStem('indices')).toBe(porterStem('index'))
    expect(porterStem('analyses')).toBe(porterStem('analysis'))
  })

  it('keeps apart words Porter would merge wrongly', () => {
    expect(porterStem('news')).not.toBe(porterStem('new'))
    expect(porterStem('settings')).not.toBe(porterStem('set'))
    expect(porterStem('settings')).toBe(porterStem('setting'))
    expect(porterStem('organization')).not.toBe(porterStem('organ'))
    // A terminal is a shell, not a thing to terminate; its plural still stems like it.
    expect(porterStem('terminal')).not.toBe(porterStem('terminate'))
    expect(porterStem('terminals')).toBe(porterStem('terminal'))
    // Useful is not use (Porter stems both, and using, to `us`).
    expect(porterStem('useful')).not.toBe(porterStem('using'))
  })
})

describe('lexicon', () => {
  const lexicon = compileLexicon(porterStem)
  const termsOf = (word: string) => (lexicon.get(porterStem(word)) ?? []).map(({term, relation}) => `${term}:${relation}`)

  it('links the words of a synonym group both ways', () => {
    expect(termsOf('erase')).toContain(`${porterStem('delete')}:synonym`)
    expect(termsOf('delete')).toContain(`${porterStem('erase')}:synonym`)
  })

  it('does not give a request "using" something what "useful" implies (feedback)', () => {
    expect(termsOf('useful')).toContain(`${porterStem('feedback')}:implication`)
    expect(termsOf('using')).not.toContain(`${porterStem('feedback')}:implication`)
  })

  it('follows implications one way only', () => {
    expect(termsOf('kubectl')).toContain(`${porterStem('kubernetes')}:implication`)
    expect(termsOf('kubernetes')).not.toContain('kubectl:implication')
  })

  it('keys phrases by their stemmed words and never maps a word to itself', () => {
    expect(lexicon.get('how mani')?.map(({term}) => term)).toContain('count')
    const selfLinks = [...lexicon].filter(([key, terms]) => terms.some(({term}) => key.split(' ').includes(term)))
    expect(selfLinks).toEqual([])
  })
})

describe('query noise', () => {
  it('drops stop words and request filler, keeps capability words', () => {
    expect(isQueryNoise('the')).toBe(true)
    expect(isQueryNoise('please')).toBe(true)
    expect(isQueryNoise('recommend')).toBe(true)
    expect(isQueryNoise('list')).toBe(false)
    expect(isQueryNoise('get')).toBe(false)
  })
})

describe('typo correction', () => {
  const correct = typoCorrector(
    new Map([
      ['click', 3],
      ['clink', 1],
      ['search', 5],
      ['postgres', 1],
      ['cli', 9],
      ['tool', 4],
      ['social', 2],
    ]),
  )

  it('finds the nearest known word with the same first letter', () => {
    // A swapped pair of letters is one edit.
    expect(correct('serach')).toBe('search')
    expect(correct('postgress')).toBe('postgres')
    // clik is one letter short of click and of clink: the more common word wins.
    expect(correct('clik')).toBe('click')
  })

  it('never corrects short words, other initials or words too far away', () => {
    expect(correct('cli')).toBeUndefined()
    expect(correct('klick')).toBeUndefined()
    expect(correct('sandwich')).toBeUndefined()
  })

  it('does not take a changed letter for a typo: that mostly makes another real word', () => {
    // took/tool and special/social differ by substitutions, which count as two edits each.
    expect(typoDistance('took', 'tool')).toBe(2)
    expect(correct('took')).toBeUndefined()
    expect(correct('special')).toBeUndefined()
    expect(typoDistance('serach', 'search')).toBe(1)
  })
})

describe('query concepts', () => {
  const lexicon = compileLexicon(porterStem)
  const context = (known: string[]): QueryContext => ({
    stem: porterStem,
    lexicon,
    actions: compileActions(porterStem),
    hasTerm: (term) => known.map(porterStem).includes(term),
    keepWhole: (chunk) => lexicon.has(porterStem(chunk)),
    splitGlued: (word) => splitGluedWord(word, new Set(known)),
    correct: typoCorrector(new Map(known.map((word) => [word, 1]))),
    synonymWeight: 0.5,
    implicationWeight: 0.8,
    typoWeight: 0.7,
    argumentWeight: 0.4,
    argumentKindWeight: 0.8,
    severalWeight: 0.5,
    repeatWeight: 1,
    phraseWordWeight: 1,
    laterActionWeight: 1,
    maxPhraseWords: ENHANCED.maxPhraseWords,
    maxCount: ENHANCED.maxCount,
  })

  it('gives typed words weight 1 and lexicon terms their relation weight, with expandedFrom', () => {
    const [concept] = queryConcepts('erase', context(['delete']))
    expect(concept!.text).toBe('erase')
    expect(concept!.terms[0]).toEqual({term: 'eras', weight: 1})
    expect(concept!.terms).toContainEqual({term: porterStem('delete'), weight: 0.5, expandedFrom: 'erase', word: 'delete'})
    const [kubectl] = queryConcepts('kubectl', context([]))
    expect(kubectl!.terms).toContainEqual({term: porterStem('kubernetes'), weight: 0.8, expandedFrom: 'kubectl', word: 'kubernetes'})
  })

  it('reads a plural pointed at or counted (these contacts, those 3 files, two contacts) as acting on several things', () => {
    expect(pointedPlural(['update', 'these', 'contacts'])).toBe('these contacts')
    expect(pointedPlural(['open', 'those', '3', 'files'])).toBe('those 3 files')
    // Not a plural, or nothing pointed at: no such concept.
    expect(pointedPlural(['read', 'these', 'details'])).toBeUndefined()
    expect(pointedPlural(['update', 'the', 'contacts'])).toBeUndefined()
    // A count of two or more (in words or digits, not a year) does the same.
    expect(pointedPlural(['link', 'two', 'contacts'])).toBe('two contacts')
    expect(pointedPlural(['add', '20', 'new', 'leads'])).toBe('20 new leads')
    expect(pointedPlural(['add', '1', 'new', 'leads'])).toBeUndefined()
    expect(pointedPlural(['orders', 'from', '2020', 'rows'])).toBeUndefined()
    expect(pointedPlural(['add', 'one', 'contacts'])).toBeUndefined()
    const concepts = queryConcepts('update these contacts', context(['update', 'contact']))
    expect(concepts).toContainEqual({text: 'these contacts', terms: [porterStem('multiple'), porterStem('batch'), porterStem('bulk')].map((term) => ({term, weight: 0.5, expandedFrom: 'these contacts'}))})
  })

  it('drops filler and counts each typed word once', () => {
    expect(queryConcepts('please please help me', context([]))).toEqual([])
    expect(queryConcepts('delete deleted', context(['delete']))).toHaveLength(1)
  })

  it('splits glued words the catalog knows and corrects typos at the typo weight', () => {
    expect(queryConcepts('cherrypick', context(['cherry', 'pick'])).map((concept) => concept.text)).toEqual(['cherry', 'pick'])
    const [typo] = queryConcepts('serach', context(['search']))
    expect(typo!.terms[0]).toEqual({term: 'search', weight: 0.7, expandedFrom: 'serach', word: 'search'})
  })

  it('weighs the words of paths, URLs, addresses and file names less, and takes them as typed', () => {
    expect(queryWords('read src/app.ts for bob@example.com now', 0.4)).toEqual([
      {word: 'read', scale: 1},
      {word: 'src', scale: 0.4},
      {word: 'app', scale: 0.4},
      {word: 'ts', scale: 0.4},
      {word: 'for', scale: 1},
      {word: 'bob', scale: 0.4},
      {word: 'example', scale: 0.4},
      {word: 'com', scale: 0.4},
      {word: 'now', scale: 1},
    ])
    // `serch.py` is a file name: not corrected to "search", kept at the argument weight.
    const concepts = queryConcepts('open serch.py', context(['search', 'open']))
    expect(concepts.find((concept) => concept.text === 'serch')!.terms[0]).toEqual({term: 'serch', weight: 0.4})
  })

  it('adds the words an argument kind stands for, marked as expanded from the argument', () => {
    const concepts = queryConcepts('summarize docs.python.org', context(['summarize']))
    const argument = concepts.find((concept) => concept.text === 'docs.python.org')!
    expect(argument.terms).toContainEqual({term: 'url', weight: 0.8, expandedFrom: 'docs.python.org'})
    expect(argument.terms).toContainEqual({term: 'page', weight: 0.8, expandedFrom: 'docs.python.org'})
  })

  it('scales a term down in every concept but the one it weighs most in', () => {
    const concepts: Concept[] = [
      {text: 'make', terms: [{term: 'make', weight: 1}, {term: 'creat', weight: 0.5, expandedFrom: 'make'}]},
      {text: 'new', terms: [{term: 'new', weight: 1}, {term: 'creat', weight: 0.5, expandedFrom: 'new'}, {term: 'make', weight: 0.5, expandedFrom: 'new'}]},
    ]
    expect(withRepeatedTermsScaled(concepts, 0.5)).toEqual([
      concepts[0],
      {text: 'new', terms: [{term: 'new', weight: 1}, {term: 'creat', weight: 0.25, expandedFrom: 'new'}, {term: 'make', weight: 0.25, expandedFrom: 'new'}]},
    ])
    // At 0 a repeated term is dropped, and so is a concept left with nothing.
    expect(withRepeatedTermsScaled([concepts[0]!, {text: 'again', terms: [{term: 'make', weight: 0.5, expandedFrom: 'again'}]}], 0)).toEqual([concepts[0]])
  })

  it('keeps a number with a unit whole and drops lone letters (10k is a quantity, not 10 and k)', () => {
    expect(queryWords('deals over 10k', 1).map(({word}) => word)).toEqual(['deals', 'over', '10k'])
    expect(isQueryNoise('k')).toBe(true)
    expect(isQueryNoise('pr')).toBe(false)
  })

  it('keeps a chunk of letters and digits whole when the lexicon knows it (k8s, 3g)', () => {
    expect(queryWords('list k8s pods', 1, (chunk) => chunk === 'k8s').map(({word}) => word)).toEqual(['list', 'k8s', 'pods'])
    expect(queryWords('list k8s pods', 1).map(({word}) => word)).toEqual(['list', 'k', '8', 's', 'pods'])
    const [k8s] = queryConcepts('k8s', context([]))
    expect(k8s!.terms).toContainEqual({term: porterStem('kubernetes'), weight: 0.8, expandedFrom: 'k8s', word: 'kubernetes'})
  })

  it('matches a two-word phrase with a pronoun between its words (look it up)', () => {
    const concepts = queryConcepts('look it up', context([]))
    expect(concepts.map((concept) => concept.text)).toContain('look up')
  })

  it('weighs the words of a lexicon phrase by phraseWordWeight on their own', () => {
    const concepts = queryConcepts('open a pull request', {...context(['pull', 'request', 'open']), phraseWordWeight: 0.5})
    // Only as typed: "pull" in "pull request" does not mean fetch.
    expect(concepts.find((concept) => concept.text === 'pull')!.terms).toEqual([{term: 'pull', weight: 0.5}])
    expect(concepts.find((concept) => concept.text === 'open')!.terms[0]).toEqual({term: 'open', weight: 1})
    expect(concepts.find((concept) => concept.text === 'pull request')).toBeDefined()
  })

  it('scores each part of a several-part implication as a concept of its own (mkdir: create + directory)', () => {
    const concepts = queryConcepts('mkdir', context([]))
    // One concept for the word (and its first part), one for the second part: a tool earns both.
    expect(concepts.filter((concept) => concept.text === 'mkdir').map((concept) => concept.terms.map((term) => term.term))).toEqual(
      expect.arrayContaining([[porterStem('directory')], expect.arrayContaining(['mkdir', porterStem('create')])]),
    )
    expect(lexicon.get('mkdir')).toContainEqual({term: porterStem('directory'), word: 'directory', relation: 'implication', part: 2})
  })

  it('applies the rewrite rules in one ordered list, each rule a file of rules/', () => {
    expect(REWRITE_RULES.map((rule) => rule.name)).toEqual(['argument-kinds', 'several', 'phrase-words', 'repeated-terms', 'later-actions', 'reread-action'])
    const files = new Set(readdirSync(join(ROOT, 'src/search/enhanced/rules')).map((file) => file.replace(/\.ts$/, '')))
    for (const rule of REWRITE_RULES) expect(files.has(rule.name), rule.name).toBe(true)
  })

  it('adds lexicon phrases as their own concepts', () => {
    const concepts = queryConcepts('how many users', context(['user']))
    expect(concepts.map((concept) => concept.text)).toContain('how many')
  })
})
