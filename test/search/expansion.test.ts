import {describe, expect, it} from 'vitest'

import {EXPANSION_WEIGHT, INTENT_GROUPS, intentExpansions, singularize} from '../../src/search/expansion.js'
import {openclawQueryTerms} from '../../src/search/query.js'

describe('intent groups', () => {
  it('are the spec table', () => {
    expect(INTENT_GROUPS.map((group) => `${group.triggers.join('/')} → ${group.terms.join(', ')}`)).toEqual([
      'look/lookup/google/research → search, web, find',
      'current/today/latest/now/recent/news/price/weather → search, web',
      'url/link/page/article/site/website → fetch, web, browse',
      'remember/recall/memory/earlier/previously/discussed/decided → memory, recall, history',
      'remind/reminder/later/tomorrow/daily/weekly/recurring → schedule, automations, cron, reminder',
      'say/tell/reply/respond/answer → message, send',
      'picture/photo/meme/screenshot → image',
      'speak/say/voice → audio, speech',
      'run/execute/command/shell/terminal → exec, process',
      'directory/folder/path → file, list',
    ])
    expect(EXPANSION_WEIGHT).toBe(0.35)
  })
})

describe('singularize', () => {
  it('undoes plurals by spelling, not by stemming', () => {
    expect(singularize('reminders')).toBe('reminder')
    expect(singularize('directories')).toBe('directory')
    expect(singularize('links')).toBe('link')
    expect(singularize('address')).toBe('address')
  })

  it('only drops ies or s from words longer than 4, and nothing else (OpenClaw\'s trigger form)', () => {
    for (const word of ['runs', 'urls', 'says', 'news', 'ties']) expect(singularize(word)).toBe(word)
    expect(singularize('boxes')).toBe('boxe')
    expect(singularize('researches')).toBe('researche')
  })
})

describe('intentExpansions', () => {
  it('triggers on a word as typed or singularized', () => {
    expect(intentExpansions(['links']).map((item) => item.trigger)).toEqual(['links'])
    expect(intentExpansions(['news'])[0]!.terms).toEqual(['search', 'web'])
  })

  it('does not trigger on stems: "reminding" is not "remind"', () => {
    expect(intentExpansions(['reminding'])).toEqual([])
  })

  it('triggers nothing on short or -es plurals: runs, urls, says, researches', () => {
    for (const word of ['runs', 'urls', 'says', 'researches']) expect(intentExpansions([word])).toEqual([])
    expect(intentExpansions(['commands', 'links']).map((item) => item.trigger)).toEqual(['links', 'commands'])
  })

  it('adds each group once, named after the first word that triggered it', () => {
    expect(intentExpansions(['url', 'link']).map((item) => item.trigger)).toEqual(['url'])
  })

  it('lets one word trigger several groups', () => {
    expect(intentExpansions(['say']).map((item) => item.terms.join(','))).toEqual(['message,send', 'audio,speech'])
  })
})

describe('openclawQueryTerms', () => {
  it('gives typed terms weight 1, deduplicated, stop words dropped', () => {
    expect(openclawQueryTerms('read the files and read them')).toEqual([
      {term: 'read', weight: 1},
      {term: 'fil', weight: 1},
    ])
  })

  it('adds expansion terms, analyzed, at 0.35 with their trigger', () => {
    expect(openclawQueryTerms('reminder')).toEqual([
      {term: 'remind', weight: 1},
      {term: 'schedul', weight: 0.35, expandedFrom: 'reminder'},
      {term: 'automation', weight: 0.35, expandedFrom: 'reminder'},
      {term: 'cron', weight: 0.35, expandedFrom: 'reminder'},
    ])
  })

  it('keeps weight 1.0 for an expansion term that was also typed', () => {
    const terms = openclawQueryTerms('web page')
    expect(terms.find((term) => term.term === 'web')).toEqual({term: 'web', weight: 1})
    expect(terms.find((term) => term.term === 'fetch')).toMatchObject({weight: 0.35, expandedFrom: 'page'})
  })

  it('is empty for a query of stop words only', () => {
    expect(openclawQueryTerms('how do I')).toEqual([])
  })
})
