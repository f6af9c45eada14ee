/**
 * Each lint rule on a catalog built for it: a tool that triggers the rule, a near twin that does
 * not, and — where the message says how to fix it — the same tool fixed that way, no longer flagged.
 */
import {describe, expect, it} from 'vitest'

import {LINT_RULES} from '../../src/lint/rules/index.js'
import {tool} from '../search/tools.js'
import {lintWith, rows} from './helpers.js'

describe('lint rules', () => {
  it('every rule declares an id, a one-line description and messages', () => {
    for (const rule of LINT_RULES) {
      expect(rule.meta.id).toMatch(/^[a-z]+(-[a-z]+)*$/)
      expect(rule.meta.description).not.toContain('\n')
      expect(Object.keys(rule.meta.messages).length).toBeGreaterThan(0)
    }
    expect(new Set(LINT_RULES.map((rule) => rule.meta.id)).size).toBe(LINT_RULES.length)
  })

  describe('unreachable', () => {
    // "data tool" and "Data tool for data" are this tool's probes, and the pro tool says the same
    // words more often in a document of similar length: BM25 ranks it first on both.
    const crowded = tool('data_tool_pro', {description: 'Data tool, data tool, data tool for data.'})

    it('is an error when no probe of the tool finds it within the limit, naming who outranks it', () => {
      const report = lintWith('unreachable', [crowded, tool('data_tool', {description: 'Data tool for data.'})], {limit: 1})
      expect(rows(report)).toEqual(['openclaw:plugin:data_tool none error'])
      const [finding] = report.findings
      expect(finding!.message).toContain('openclaw:plugin:data_tool_pro')
      const probes = finding!.details!.probes as Array<{query: string; rank: number; outranking: {above: Array<{id: string}>; tool: {score: number}}}>
      expect(probes.map((probe) => probe.query)).toEqual(['data tool', 'Data tool for data'])
      expect(probes.every((probe) => probe.rank === 2 && probe.outranking.above[0]!.id === 'openclaw:plugin:data_tool_pro')).toBe(true)
      expect(probes[0]!.outranking.tool.score).toBeGreaterThan(0)
    })

    it('is a warning when only some probes miss', () => {
      const report = lintWith('unreachable', [crowded, tool('data_tool', {description: 'Converts CSV files to JSON.'})], {limit: 1})
      expect(rows(report)).toEqual(['openclaw:plugin:data_tool some warning'])
    })

    it('stops once the tool is named and described for what it does', () => {
      expect(rows(lintWith('unreachable', [crowded, tool('csv_to_json', {description: 'Converts CSV files to JSON.'})], {limit: 1}))).toEqual([])
    })

    it('counts a tool as found within searchDefaultLimit, not only first', () => {
      expect(rows(lintWith('unreachable', [crowded, tool('data_tool', {description: 'Data tool for data.'})], {limit: 2}))).toEqual([])
    })
  })

  describe('exact-name-lost', () => {
    it('flags a tool whose exact name returns another tool first, and not one with a name of its own', () => {
      const github = tool('search', {source: 'mcp', sourceName: 'github', description: 'Search code.'})
      const gitlab = tool('search', {source: 'mcp', sourceName: 'gitlab', description: 'Search code.'})
      // Both exact matches come first: the other is still within the limit, so a warning.
      expect(rows(lintWith('exact-name-lost', [github, gitlab]))).toEqual(['mcp:gitlab:search lost warning'])
      // Three tools share the name and the limit is 2: the last one is not even listed.
      const bitbucket = tool('search', {source: 'mcp', sourceName: 'bitbucket', description: 'Search code.'})
      const report = lintWith('exact-name-lost', [github, gitlab, bitbucket], {limit: 2})
      expect(rows(report)).toEqual(['mcp:github:search lost warning', 'mcp:gitlab:search lost error'])
      expect(report.findings[1]!.message).toContain('and leaves it out of the first 2 results')
      const renamed = tool('search_projects', {source: 'mcp', sourceName: 'gitlab', description: 'Search code.'})
      expect(rows(lintWith('exact-name-lost', [github, renamed]))).toEqual([])
    })
  })

  describe('shadowed', () => {
    // Same name on another plugin, the same words said three times: it wins every probe of both.
    const louder = tool('list_items', {sourceName: 'extra', description: 'List items, list items, list items.'})

    it('flags a tool another one outranks on every probe of both', () => {
      const report = lintWith('shadowed', [louder, tool('list_items', {description: 'List items.'})])
      expect(rows(report)).toEqual(['openclaw:plugin:list_items identical warning'])
      expect(report.findings[0]!.data.other).toBe('openclaw:extra:list_items')
    })

    it('names the words only the shadowed tool has', () => {
      const report = lintWith('shadowed', [louder, tool('list_items', {description: 'List items. Archive.'})])
      expect(rows(report)).toEqual(['openclaw:plugin:list_items distinct warning'])
      expect(report.findings[0]!.details!.separatingWords).toEqual(['archive'])
    })

    it('stops once its description leads with what sets it apart', () => {
      expect(rows(lintWith('shadowed', [louder, tool('list_items', {description: 'List items in the archive folder.'})]))).toEqual([])
    })
  })

  describe('confusable-name', () => {
    const described = {description: 'Send money to a contact.'}

    it('flags a name with an invisible character, naming it and the name it prints as', () => {
      const report = lintWith('confusable-name', [tool('send_money', described), tool('send\u200b_money', described)])
      expect(rows(report)).toEqual(['openclaw:plugin:send\u200b_money invisible error'])
      expect(report.findings[0]!.message).toBe('Its name "send\u200b_money" holds invisible characters (U+200B): it prints like "send_money". Use visible characters only.')
    })

    it.each([
      ['a word joiner', 'send\u2060money', 'U+2060'],
      ['a bidi override', 'send\u202emoney', 'U+202E'],
      ['a byte order mark and a soft hyphen', '\ufeffsend\u00admoney', 'U+FEFF, U+00AD'],
      ['a tag character', 'send\u{e0041}money', 'U+E0041'],
      ['a control character', 'send\u001bmoney', 'U+001B'],
    ])('flags %s', (_name, name, characters) => {
      const report = lintWith('confusable-name', [tool(name, described)])
      expect(report.findings.map((finding) => finding.data.characters)).toEqual([characters])
    })

    it('flags an owner with an invisible character too', () => {
      expect(rows(lintWith('confusable-name', [tool('send_money', {...described, sourceName: 'pay\u200dments'})]))).toEqual(['openclaw:pay\u200dments:send_money invisible error'])
    })

    it('flags Latin mixed with Cyrillic or Greek look-alikes, and not one script or the mixes CJK names use', () => {
      // "pаy" with a Cyrillic а (U+0430), "sеnd" with a Cyrillic е, "ορen" with Greek omicron and rho.
      const report = lintWith('confusable-name', [tool('p\u0430y', described), tool('s\u0435nd_money', described), tool('\u03bf\u03c1en_file', described)])
      expect(rows(report)).toEqual(['openclaw:plugin:p\u0430y mixedScripts error', 'openclaw:plugin:s\u0435nd_money mixedScripts error', 'openclaw:plugin:\u03bf\u03c1en_file mixedScripts error'])
      expect(report.findings[0]!.message).toBe('Its name "p\u0430y" mixes Latin and Cyrillic letters, which can pass for another name (a Cyrillic "а" looks like a Latin "a"). Write it in one script.')
      expect(report.findings[2]!.data.scripts).toBe('Greek and Latin')
      const fine = ['pay', 'café_menu', 'оплата', 'перевод_денег', 'ημερολόγιο', '翻訳_translate', 'ファイル_読む_read', '검색_search', 'खोज_search', 'send_money_2', '👩‍💻_helper']
      expect(rows(lintWith('confusable-name', fine.map((name) => tool(name, described))))).toEqual([])
    })

    it('stops once the name is written in visible Latin letters only', () => {
      expect(rows(lintWith('confusable-name', [tool('send_money', described), tool('send_money_now', described), tool('pay', described)]))).toEqual([])
    })
  })

  describe('no-words', () => {
    it.each([
      ['do', '', 'nothingIndexed error'],
      ['deploy', '', 'emptyDescription warning'],
      ['deploy', 'The and of it!', 'descriptionNoWords warning'],
      ['deploy', '検索する', 'otherScript warning'],
      ['it', 'Deploys the app to production.', 'nameNoWords warning'],
    ])('%s / %j → %s', (name, description, expected) => {
      expect(rows(lintWith('no-words', [tool(name, {description})]))).toEqual([`openclaw:plugin:${name} ${expected}`])
    })

    it('passes a tool whose name and description index plain words', () => {
      expect(rows(lintWith('no-words', [tool('deploy', {description: 'Deploys the app to production.'})]))).toEqual([])
    })
  })

  describe('directory', () => {
    it('flags a name that is not a directory identifier, and a shared name', () => {
      const report = lintWith('directory', [
        tool('my tool', {description: 'Does a thing.'}),
        tool('deploy', {sourceName: 'a', description: 'Deploys.'}),
        tool('deploy', {sourceName: 'b', description: 'Deploys.'}),
        tool('build', {description: 'Builds.'}),
      ])
      expect(rows(report)).toEqual(['openclaw:plugin:my tool invalidName warning', 'openclaw:a:deploy sharedName warning', 'openclaw:b:deploy sharedName warning'])
    })

    it('never reports MCP or client tools, which the directory never lists by design', () => {
      expect(rows(lintWith('directory', [tool('my tool', {source: 'mcp', description: 'x'}), tool('x', {source: 'client', description: 'y'})]))).toEqual([])
    })

    it('notes a cut description, and stops when the description fits', () => {
      const long = tool('deploy', {description: `Deploys the app. ${'More detail. '.repeat(20)}`})
      expect(rows(lintWith('directory', [long]))).toEqual(['openclaw:plugin:deploy cut info'])
      expect(rows(lintWith('directory', [tool('deploy', {description: 'Deploys the app.'})]))).toEqual([])
    })

    it('flags the rows a small context window drops, and names-only rows', () => {
      const many = Array.from({length: 120}, (_, i) => tool(`tool_${String(i).padStart(3, '0')}`, {description: `Tool number ${i}.`}))
      const report = lintWith('directory', many, {contextWindow: 1})
      const omitted = report.findings.filter((finding) => finding.messageId === 'omitted')
      const namesOnly = report.findings.filter((finding) => finding.messageId === 'namesOnly')
      expect(omitted.length).toBeGreaterThan(0)
      expect(namesOnly.length + omitted.length).toBe(120)
      // Rows are dropped from the end of the name order.
      expect(omitted[0]!.toolId! > namesOnly[namesOnly.length - 1]!.toolId!).toBe(true)
      expect(rows(lintWith('directory', many))).toEqual([])
    })
  })

  describe('hints', () => {
    const plain = {type: 'object', properties: {path: {type: 'string'}}, required: ['path'], additionalProperties: false}

    it('flags an input schema that renders unknown, naming the keyword', () => {
      const report = lintWith('hints', [tool('a', {parameters: {$ref: '#/definitions/x'}})])
      expect(rows(report)).toEqual(['openclaw:plugin:a inputUnknown warning'])
      expect(report.findings[0]!.data.cause).toBe('$ref')
    })

    it('notes an input hint with an unknown part, naming the keyword and where it is', () => {
      const report = lintWith('hints', [tool('a', {parameters: {type: 'object', properties: {filter: {anyOf: [{type: 'string'}, {$ref: '#/definitions/x'}]}}, additionalProperties: false}})])
      expect(rows(report)).toEqual(['openclaw:plugin:a inputIncomplete info'])
      expect(report.findings[0]!.data).toMatchObject({hint: '{ filter?: unknown }', cause: '$ref at properties.filter.anyOf[1]'})
    })

    it('blames the keys when one object needs more than 300 characters, and the length when the whole hint does', () => {
      const wide = Object.fromEntries(Array.from({length: 14}, (_, i) => [`a_rather_long_property_name_${i}`, {type: 'string'}]))
      const cut = lintWith('hints', [tool('a', {parameters: {type: 'object', properties: wide, additionalProperties: false}})])
      expect(cut.findings.map((finding) => `${finding.messageId}: ${finding.data.cause}`)).toEqual(['inputIncomplete: its keys need more than 300 characters'])
      // Seven 31-character keys: 296 characters of object, 303 once wrapped in Array<…>.
      const items = {type: 'object', properties: Object.fromEntries(Array.from({length: 7}, (_, i) => [`${'x'.repeat(30)}${i}`, {type: 'string'}])), additionalProperties: false}
      const long = lintWith('hints', [tool('a', {parameters: {type: 'array', items}})])
      expect(long.findings.map((finding) => `${finding.messageId}: ${finding.data.cause}`)).toEqual(['inputUnknown: the hint is longer than 300 characters'])
    })

    it('passes a plain closed object, input and output', () => {
      expect(rows(lintWith('hints', [tool('a', {parameters: plain, outputSchema: plain})]))).toEqual([])
    })

    it('notes an output schema that shows no hint, and why', () => {
      const report = lintWith('hints', [tool('a', {outputSchema: {type: 'object', properties: {items: {type: 'array', items: {type: 'object', properties: {id: {type: 'string'}}}}}, additionalProperties: false}})])
      expect(rows(report)).toEqual(['openclaw:plugin:a noOutputHint info'])
      expect(report.findings[0]!.data.cause).toBe('additionalProperties is not false (an open object) at properties.items.items')
    })

    it('stops once the schema is fixed as the message says', () => {
      const fixed = {type: 'object', properties: {items: {type: 'array', items: {type: 'object', properties: {id: {type: 'string'}}, additionalProperties: false}}}, additionalProperties: false}
      expect(rows(lintWith('hints', [tool('a', {outputSchema: fixed})]))).toEqual([])
    })

    it('never reports untrusted tools, whose hints are unknown by design', () => {
      expect(rows(lintWith('hints', [tool('a', {source: 'mcp', parameters: {$ref: '#/x'}})]))).toEqual([])
    })
  })

  describe('compaction', () => {
    const tail = ' It accepts a repository, a title and a body, and returns the new item with its number and link.'.repeat(3)
    // Says "important" more often than the preamble below, so it wins that probe.
    const guidelines = tool('read_guidelines', {description: 'Important: the important guidelines, important.'})

    it('flags a long description whose kept 177 characters neither name the tool nor lead a probe to it', () => {
      const preamble = tool('create_issue', {description: `IMPORTANT: read the guidelines first. Authentication is required and rate limits apply; be careful with scopes.${tail}`})
      expect(rows(lintWith('compaction', [guidelines, preamble], {limit: 1}))).toEqual(['openclaw:plugin:create_issue preamble warning'])
    })

    it('stops when the description starts with what the tool does', () => {
      expect(rows(lintWith('compaction', [guidelines, tool('create_issue', {description: `Creates an issue in a repository.${tail}`})], {limit: 1}))).toEqual([])
    })

    it('passes a first clause that finds the tool even without its name words', () => {
      const thinking = tool('sequentialthinking', {description: `A tool for reflective problem solving through numbered thoughts.${tail}`})
      expect(rows(lintWith('compaction', [guidelines, thinking], {limit: 1}))).toEqual([])
    })
  })

  describe('queries', () => {
    const tracker = tool('create_issue', {description: 'Creates an issue in a repository.'})
    const browser = tool('open_page', {description: 'Opens a web page in the browser.'})

    it('attaches a labelled request that misses to the tool that lost, naming the winner', () => {
      const report = lintWith('queries', [tracker, browser], {limit: 1, queries: [{query: 'open a ticket', relevant: ['openclaw:plugin:create_issue'], line: 1}]})
      expect(rows(report)).toEqual(['openclaw:plugin:create_issue missed error'])
      expect(report.findings[0]!.data.winner).toBe('openclaw:plugin:open_page')
    })

    it("stops once the tool's description uses the request's words", () => {
      const fixed = tool('create_issue', {description: 'Opens a ticket: creates an issue in a repository.'})
      expect(rows(lintWith('queries', [fixed, browser], {limit: 1, queries: [{query: 'open a ticket', relevant: ['openclaw:plugin:create_issue'], line: 1}]}))).toEqual([])
    })
  })

  describe('payload', () => {
    it('warns when Tool Search sends more up front than every tool directly', () => {
      expect(rows(lintWith('payload', [tool('a', {description: 'A.'})]))).toEqual(['(catalog) costsMore warning'])
    })

    it('notes the saving and its break-even rounds for a large catalog', () => {
      const schema = {type: 'object', properties: Object.fromEntries(Array.from({length: 12}, (_, i) => [`field${i}`, {type: 'string', description: `The field number ${i} of the record.`}]))}
      const many = Array.from({length: 80}, (_, i) => tool(`tool_${i}`, {description: `Does job number ${i} for the team.`, parameters: schema}))
      const report = lintWith('payload', many)
      expect(rows(report)).toEqual(['(catalog) pays info'])
      const details = report.findings[0]!.details as {discoveryRoundBytes: number; breakEvenRounds: number; report: {direct: {bytes: number}; tools: {bytes: number}}}
      expect(details.discoveryRoundBytes).toBeGreaterThan(0)
      expect(details.breakEvenRounds).toBe(Math.floor((details.report.direct.bytes - details.report.tools.bytes) / details.discoveryRoundBytes))
    })
  })
})
