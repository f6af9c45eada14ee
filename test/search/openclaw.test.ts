/**
 * The openclaw ranking rules (SPEC §5.1), each on a tiny catalog built for it. Every test says
 * why its top hit should win.
 */
import {describe, expect, it} from 'vitest'

import {createOpenClawRanker} from '../../src/search/openclaw.js'
import {DEFAULT_RANKER, loadRanker, rankerNames} from '../../src/search/rankers.js'
import {isToolsearchError} from '../../src/shared/errors.js'
import {tool} from './tools.js'

const ids = (hits: Array<{entry: {id: string}}>): string[] => hits.map((hit) => hit.entry.id)

describe('openclaw ranker', () => {
  it('puts an exact name first even when a shorter entry mentions it more strongly', () => {
    const catalog = [
      tool('cat', {description: 'read'}),
      tool('read', {description: 'Returns the content of a text file in the workspace, with line numbers, paging and encoding options.'}),
    ]
    const hits = createOpenClawRanker(catalog).search('read', 5)
    // By BM25 alone `cat` wins: its document is short and says "read". The exact name rule wins.
    expect(hits[1]!.score).toBeGreaterThan(hits[0]!.score)
    expect(ids(hits)).toEqual(['openclaw:plugin:read', 'openclaw:plugin:cat'])
    expect(hits[0]!.exact).toBe(true)
  })

  it('matches an exact id too, trimmed and case-insensitively', () => {
    const catalog = [tool('read', {description: 'read a file'}), tool('open', {description: 'read read read'})]
    const hits = createOpenClawRanker(catalog).search('  OpenClaw:Plugin:Read ', 5)
    expect(hits[0]!.entry.id).toBe('openclaw:plugin:read')
    expect(hits[0]!.exact).toBe(true)
  })

  it('finds an exact name that tokenizes to nothing (a stop word)', () => {
    const catalog = [tool('do', {description: 'Perform an action.'}), tool('act', {description: 'Act on it.'})]
    // "do" is a stop word: no query term survives, yet the tool named "do" is found (score 0).
    const hits = createOpenClawRanker(catalog).search('do', 5)
    expect(ids(hits)).toEqual(['openclaw:plugin:do'])
    expect(hits[0]).toMatchObject({score: 0, exact: true, literal: false, contributions: []})
  })

  it('never matches substrings: read does not find spreadsheet_open', () => {
    const catalog = [tool('spreadsheet_open', {description: 'Open a spreadsheet document.'})]
    expect(createOpenClawRanker(catalog).search('read', 5)).toEqual([])
  })

  it('stems: scheduling finds "Schedule a recurring task"', () => {
    const catalog = [tool('cron_add', {description: 'Schedule a recurring task'}), tool('note_add', {description: 'Add a note'})]
    expect(ids(createOpenClawRanker(catalog).search('scheduling', 5))).toEqual(['openclaw:plugin:cron_add'])
  })

  it('reaches tools through expansion (reminder), after every literal match', () => {
    const catalog = [
      // Literal: says "reminder" once, in a long description.
      tool('note_attach', {description: 'Attach a reminder text to an existing note in the notebook, shown next to its title and body.'}),
      // Expansion only: schedule, automations and cron all come from the reminder group.
      tool('cron_add', {description: 'Schedule cron automations.'}),
      tool('weather', {description: 'Weather forecast.'}),
    ]
    const hits = createOpenClawRanker(catalog).search('reminder', 5)
    expect(ids(hits)).toEqual(['openclaw:plugin:note_attach', 'openclaw:plugin:cron_add'])
    // The expansion-only hit scores higher, but literal hits come first.
    expect(hits[1]!.score).toBeGreaterThan(hits[0]!.score)
    expect(hits.map((hit) => hit.literal)).toEqual([true, false])
    expect(hits[1]!.contributions.every((item) => item.weight === 0.35 && item.expandedFrom === 'reminder')).toBe(true)
  })

  it('reaches a web search through expansion for "look up the price", after literal matches', () => {
    const catalog = [
      tool('web_search', {description: 'Search the web and find pages.'}),
      tool('catalog_entry', {description: 'Show the catalog entry of a product, with its stock, price and the supplier who ships it.'}),
      tool('calculator', {description: 'Evaluate arithmetic.'}),
    ]
    const hits = createOpenClawRanker(catalog).search('look up the price', 5)
    // "price" is typed and matches catalog_entry literally; web_search matches only through
    // look → search, web, find and price → search, web.
    expect(ids(hits)).toEqual(['openclaw:plugin:catalog_entry', 'openclaw:plugin:web_search'])
    expect(hits[1]!.literal).toBe(false)
    expect(hits[1]!.score).toBeGreaterThan(hits[0]!.score)
  })

  it('indexes parameter text for trusted entries only', () => {
    const parameters = {
      type: 'object',
      properties: {latitude: {type: 'number', description: 'Degrees north of the equator.'}, nested: {type: 'object', properties: {altitude: {type: 'number'}}}},
    }
    const catalog = [
      tool('geo_trusted', {description: 'Locate.', parameters}),
      tool('geo_mcp', {description: 'Locate.', source: 'mcp', parameters}),
      tool('geo_client', {description: 'Locate.', source: 'client', parameters}),
    ]
    const ranker = createOpenClawRanker(catalog)
    // Property names and descriptions of the trusted schema are searchable; the same schema on
    // MCP and client tools is never walked.
    expect(ids(ranker.search('latitude', 5))).toEqual(['openclaw:plugin:geo_trusted'])
    expect(ids(ranker.search('equator', 5))).toEqual(['openclaw:plugin:geo_trusted'])
    expect(ids(ranker.search('altitude', 5))).toEqual(['openclaw:plugin:geo_trusted'])
  })

  it('returns [] for a query in another language, never an arbitrary slice', () => {
    const catalog = [tool('read', {description: 'Read a file.'}), tool('write', {description: 'Write a file.'})]
    expect(createOpenClawRanker(catalog).search('Öffne eine Datei und zeige den Inhalt', 5)).toEqual([])
    expect(createOpenClawRanker(catalog).search('', 5)).toEqual([])
  })

  it('tells listURL and listUrl apart only by id (localeCompare: lowercase first)', () => {
    const catalog = [tool('listURL', {description: 'List links.'}), tool('listUrl', {description: 'List links.'})]
    const hits = createOpenClawRanker(catalog).search('list url', 5)
    // Same tokens, same score; OpenClaw's localeCompare puts "listUrl" first (code units would not).
    expect(hits[0]!.score).toBe(hits[1]!.score)
    expect(ids(hits)).toEqual(['openclaw:plugin:listUrl', 'openclaw:plugin:listURL'])
  })

  it('breaks ties the way localeCompare orders ids: accents and case second, digits as text', () => {
    const names = ['Echo2', 'echo10', 'alpha', 'ábaco', 'Alpha', 'echo1', '_delta']
    const catalog = names.map((name) => tool('notify', {sourceName: name, description: 'Send a notification.'}))
    expect(ids(createOpenClawRanker(catalog).search('notification', 10)).map((id) => id.split(':')[1])).toEqual(['_delta', 'ábaco', 'alpha', 'Alpha', 'echo1', 'echo10', 'Echo2'])
  })

  it('lets a case-sensitive exact id beat exact matches that only ignore case', () => {
    const catalog = [tool('listURL', {description: 'List links.'}), tool('listUrl', {description: 'List links.'})]
    expect(ids(createOpenClawRanker(catalog).search('openclaw:plugin:listURL', 5))[0]).toBe('openclaw:plugin:listURL')
    const hits = createOpenClawRanker(catalog).search(' openclaw:plugin:listURL ', 5)
    expect(hits.map((hit) => hit.exact)).toEqual([true, false])
    // No id spelled exactly so: both match ignoring case, tied, in id order.
    expect(createOpenClawRanker(catalog).search('openclaw:plugin:LISTURL', 5).map((hit) => hit.exact)).toEqual([true, true])
  })

  it('returns tools named by a stop word through the exact rule alone, in id order', () => {
    // "do" is a stop word: the query has no term, so only the exact rule finds these tools.
    const catalog = [tool('do', {sourceName: 'zzz', description: 'Run a task.'}), tool('do', {sourceName: 'aaa', description: 'do it'}), tool('Do', {sourceName: 'mmm', description: 'Do it.'})]
    expect(ids(createOpenClawRanker(catalog).search('do', 5))).toEqual(['openclaw:aaa:do', 'openclaw:mmm:Do', 'openclaw:zzz:do'])
  })

  it('breaks score ties by id, whatever the catalog order', () => {
    const catalog = [tool('fetch', {sourceName: 'zeta', description: 'Fetch a page.'}), tool('fetch', {sourceName: 'alpha', description: 'Fetch a page.'})]
    expect(ids(createOpenClawRanker(catalog).search('fetch page', 5))).toEqual(['openclaw:alpha:fetch', 'openclaw:zeta:fetch'])
    expect(ids(createOpenClawRanker([...catalog].reverse()).search('fetch page', 5))).toEqual(['openclaw:alpha:fetch', 'openclaw:zeta:fetch'])
  })

  it('orders by score between the rules', () => {
    const catalog = [tool('a_tool', {description: 'calendar'}), tool('b_tool', {description: 'calendar event calendar'})]
    const hits = createOpenClawRanker(catalog).search('calendar event', 5)
    expect(ids(hits)).toEqual(['openclaw:plugin:b_tool', 'openclaw:plugin:a_tool'])
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score)
  })

  it('cuts to the limit', () => {
    const catalog = ['a', 'b', 'c', 'd'].map((name) => tool(`${name}_file`, {description: 'file'}))
    expect(createOpenClawRanker(catalog).search('file', 2)).toHaveLength(2)
    expect(createOpenClawRanker(catalog).search('file', 0)).toEqual([])
  })

  it('indexes name, id, label and description', () => {
    const catalog = [tool('x1', {label: 'Quarterly Report'}), tool('x2', {sourceName: 'billing'}), tool('x3', {description: 'invoices'})]
    const ranker = createOpenClawRanker(catalog)
    expect(ids(ranker.search('quarterly', 5))).toEqual(['openclaw:plugin:x1'])
    expect(ids(ranker.search('billing', 5))).toEqual(['openclaw:billing:x2'])
    expect(ids(ranker.search('invoice', 5))).toEqual(['openclaw:plugin:x3'])
  })

  it('treats names such as __proto__, constructor and toString as plain names', () => {
    const catalog = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'].map((name) => tool(name, {description: 'Object words.'}))
    const ranker = createOpenClawRanker(catalog)
    for (const entry of catalog) expect(ranker.search(entry.name, 1)[0]).toMatchObject({exact: true, entry: {name: entry.name}})
    expect(ranker.search('valueOf', 5)).toEqual([])
  })

  it('explains each hit term by term, summing to the score', () => {
    const hits = createOpenClawRanker([tool('web_fetch', {description: 'Fetch a web page as text.'})]).search('open this link', 5)
    // "link" expands to fetch, web, browse; the page says fetch and web.
    expect(hits[0]!.contributions.map((item) => item.term)).toEqual(['fetch', 'web'])
    expect(hits[0]!.contributions.reduce((sum, item) => sum + item.score, 0)).toBeCloseTo(hits[0]!.score, 12)
  })
})

describe('ranker registry', () => {
  it('has openclaw as the default', async () => {
    expect(DEFAULT_RANKER).toBe('openclaw')
    expect(rankerNames()).toContain('openclaw')
    const factory = await loadRanker('openclaw')
    expect(factory([]).name).toBe('openclaw')
  })

  it('rejects an unknown ranker, listing the known ones (usage error)', async () => {
    const error = await loadRanker('bm42').catch((caught: unknown) => caught)
    expect(isToolsearchError(error) && error.exitCode).toBe(2)
    expect((error as Error).message).toBe(`Unknown ranker "bm42". Known rankers: ${rankerNames().join(', ')}.`)
    await expect(loadRanker('constructor')).rejects.toThrow('Unknown ranker')
  })
})
