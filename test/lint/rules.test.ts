/**
 * Each lint rule as a table (`rule-tester.ts`): catalogs built for the rule — a tool that triggers
 * it, a near twin that does not, and where the message says how to fix the tool, the same tool
 * fixed that way, no longer flagged.
 */
import {expect} from 'vitest'

import type {CatalogEntry} from '../../src/catalog/types.js'
import {tool} from '../search/tools.js'
import {testLintRule} from './rule-tester.js'

// "data tool" and "Data tool for data" are the data_tool's probes, and the pro tool says the same
// words more often in a document of similar length: BM25 ranks it first on both.
const crowded = tool('data_tool_pro', {description: 'Data tool, data tool, data tool for data.'})
const outrankedByPro = {rank: 2, outranking: {above: [{id: 'openclaw:plugin:data_tool_pro'}], tool: {score: expect.toSatisfy((score: number) => score > 0)}}}

testLintRule('unreachable', {
  valid: [{name: 'a tool found within searchDefaultLimit, not only first', tools: [crowded, tool('data_tool', {description: 'Data tool for data.'})], options: {limit: 2}}],
  invalid: [
    {
      name: 'no probe of the tool finds it within the limit: an error naming who outranks it',
      tools: [crowded, tool('data_tool', {description: 'Data tool for data.'})],
      options: {limit: 1},
      findings: [
        {
          toolId: 'openclaw:plugin:data_tool',
          messageId: 'none',
          severity: 'error',
          data: {misses: expect.stringContaining('openclaw:plugin:data_tool_pro')},
          details: {probes: [{query: 'data tool', ...outrankedByPro}, {query: 'Data tool for data', ...outrankedByPro}]},
        },
      ],
    },
    {
      name: 'only some probes miss: a warning, gone once the tool is named and described for what it does',
      tools: [crowded, tool('data_tool', {description: 'Converts CSV files to JSON.'})],
      options: {limit: 1},
      findings: [{toolId: 'openclaw:plugin:data_tool', messageId: 'some', severity: 'warning'}],
      fixed: [crowded, tool('csv_to_json', {description: 'Converts CSV files to JSON.'})],
    },
  ],
})

const codeSearch = (sourceName: string, name = 'search') => tool(name, {source: 'mcp', sourceName, description: 'Search code.'})

testLintRule('exact-name-lost', {
  valid: [],
  invalid: [
    {
      // Both exact matches come first: the other is still within the limit, so a warning.
      name: 'a tool whose exact name returns another first, and not once it has a name of its own',
      tools: [codeSearch('github'), codeSearch('gitlab')],
      findings: [{toolId: 'mcp:gitlab:search', messageId: 'lost', severity: 'warning', data: {what: 'name', winner: 'mcp:github:search'}}],
      fixed: [codeSearch('github'), codeSearch('gitlab', 'search_projects')],
    },
    {
      // Three tools share the name and the limit is 2: the last one is not even listed.
      name: 'a tool its exact name leaves out of the first results: an error',
      tools: [codeSearch('github'), codeSearch('gitlab'), codeSearch('bitbucket')],
      options: {limit: 2},
      findings: [
        {toolId: 'mcp:github:search', messageId: 'lost', severity: 'warning'},
        {toolId: 'mcp:gitlab:search', messageId: 'lost', severity: 'error', data: {within: ' and leaves it out of the first 2 results'}},
      ],
    },
  ],
})

// Same name on another plugin, the same words said three times: it wins every probe of both.
const louder = tool('list_items', {sourceName: 'extra', description: 'List items, list items, list items.'})

testLintRule('shadowed', {
  valid: [],
  invalid: [
    {
      name: 'a tool another one outranks on every probe of both',
      tools: [louder, tool('list_items', {description: 'List items.'})],
      findings: [{toolId: 'openclaw:plugin:list_items', messageId: 'identical', severity: 'warning', data: {other: 'openclaw:extra:list_items'}}],
    },
    {
      name: 'the words only the shadowed tool has are named, and leading its description with them ends it',
      tools: [louder, tool('list_items', {description: 'List items. Archive.'})],
      findings: [{toolId: 'openclaw:plugin:list_items', messageId: 'distinct', severity: 'warning', details: {separatingWords: ['archive']}}],
      fixed: [louder, tool('list_items', {description: 'List items in the archive folder.'})],
    },
  ],
})

const moneyTool = (name: string, sourceName?: string) => tool(name, {description: 'Send money to a contact.', ...(sourceName === undefined ? {} : {sourceName})})
const invisible = (name: string, characters: string) => ({
  name: `a name with ${characters}`,
  tools: [moneyTool(name)],
  findings: [{toolId: `openclaw:plugin:${name}`, messageId: 'invisible', severity: 'error' as const, data: {characters}}],
})

testLintRule('confusable-name', {
  valid: [
    {
      name: 'one script, or the mixes CJK and other names use',
      tools: ['pay', 'café_menu', 'оплата', 'перевод_денег', 'ημερολόγιο', '翻訳_translate', 'ファイル_読む_read', '검색_search', 'खोज_search', 'send_money_2', '👩‍💻_helper'].map((name) => moneyTool(name)),
    },
  ],
  invalid: [
    {
      name: 'an invisible character, naming it and the name it prints as; gone once the name is visible Latin letters only',
      tools: [moneyTool('send_money'), moneyTool('send\u200b_money')],
      findings: [
        {
          toolId: 'openclaw:plugin:send\u200b_money',
          messageId: 'invisible',
          severity: 'error',
          message: 'Its name "send\u200b_money" holds invisible characters (U+200B): it prints like "send_money". Use visible characters only.',
        },
      ],
      fixed: [moneyTool('send_money'), moneyTool('send_money_now'), moneyTool('pay')],
    },
    invisible('send\u2060money', 'U+2060'),
    invisible('send\u202emoney', 'U+202E'),
    invisible('\ufeffsend\u00admoney', 'U+FEFF, U+00AD'),
    invisible('send\u{e0041}money', 'U+E0041'),
    invisible('send\u001bmoney', 'U+001B'),
    {
      name: 'an owner with an invisible character',
      tools: [moneyTool('send_money', 'pay\u200dments')],
      findings: [{toolId: 'openclaw:pay\u200dments:send_money', messageId: 'invisible', severity: 'error'}],
    },
    {
      // "pаy" with a Cyrillic а (U+0430), "sеnd" with a Cyrillic е, "ορen" with Greek omicron and rho.
      name: 'Latin mixed with Cyrillic or Greek look-alikes',
      tools: [moneyTool('p\u0430y'), moneyTool('s\u0435nd_money'), moneyTool('\u03bf\u03c1en_file')],
      findings: [
        {
          toolId: 'openclaw:plugin:p\u0430y',
          messageId: 'mixedScripts',
          severity: 'error',
          message: 'Its name "p\u0430y" mixes Latin and Cyrillic letters, which can pass for another name (a Cyrillic "а" looks like a Latin "a"). Write it in one script.',
        },
        {toolId: 'openclaw:plugin:s\u0435nd_money', messageId: 'mixedScripts', severity: 'error'},
        {toolId: 'openclaw:plugin:\u03bf\u03c1en_file', messageId: 'mixedScripts', severity: 'error', data: {scripts: 'Greek and Latin'}},
      ],
    },
  ],
})

const noWordsRow = (name: string, description: string, messageId: string, severity: 'error' | 'warning') => ({
  name: `${name} / ${JSON.stringify(description)} → ${messageId}`,
  tools: [tool(name, {description})],
  findings: [{toolId: `openclaw:plugin:${name}`, messageId, severity}],
})

testLintRule('no-words', {
  valid: [{name: 'a name and description that index plain words', tools: [tool('deploy', {description: 'Deploys the app to production.'})]}],
  invalid: [
    noWordsRow('do', '', 'nothingIndexed', 'error'),
    noWordsRow('deploy', '', 'emptyDescription', 'warning'),
    noWordsRow('deploy', 'The and of it!', 'descriptionNoWords', 'warning'),
    noWordsRow('deploy', '検索する', 'otherScript', 'warning'),
    noWordsRow('it', 'Deploys the app to production.', 'nameNoWords', 'warning'),
  ],
})

const numbered: CatalogEntry[] = Array.from({length: 120}, (_, i) => tool(`tool_${String(i).padStart(3, '0')}`, {description: `Tool number ${i}.`}))

testLintRule('directory', {
  valid: [
    {name: 'MCP and client tools, which the directory never lists by design', tools: [tool('my tool', {source: 'mcp', description: 'x'}), tool('x', {source: 'client', description: 'y'})]},
    {name: '120 tools without a context window', tools: numbered},
  ],
  invalid: [
    {
      name: 'a name that is not a directory identifier, and a shared name',
      tools: [tool('my tool', {description: 'Does a thing.'}), tool('deploy', {sourceName: 'a', description: 'Deploys.'}), tool('deploy', {sourceName: 'b', description: 'Deploys.'}), tool('build', {description: 'Builds.'})],
      findings: [
        {toolId: 'openclaw:plugin:my tool', messageId: 'invalidName', severity: 'warning'},
        {toolId: 'openclaw:a:deploy', messageId: 'sharedName', severity: 'warning'},
        {toolId: 'openclaw:b:deploy', messageId: 'sharedName', severity: 'warning'},
      ],
    },
    {
      name: 'a cut description, not once it fits',
      tools: [tool('deploy', {description: `Deploys the app. ${'More detail. '.repeat(20)}`})],
      findings: [{toolId: 'openclaw:plugin:deploy', messageId: 'cut', severity: 'info'}],
      fixed: [tool('deploy', {description: 'Deploys the app.'})],
    },
    {
      // Rows are dropped from the end of the name order; the rest are names only.
      name: 'the rows a small context window drops, and names-only rows',
      tools: numbered,
      options: {contextWindow: 1},
      findings: numbered.map((entry, i) => (i < 16 ? {toolId: entry.id, messageId: 'namesOnly', severity: 'info' as const} : {toolId: entry.id, messageId: 'omitted', severity: 'warning' as const})),
    },
  ],
})

const closedObject = {type: 'object', properties: {path: {type: 'string'}}, required: ['path'], additionalProperties: false}
const openItems = {type: 'object', properties: {items: {type: 'array', items: {type: 'object', properties: {id: {type: 'string'}}}}}, additionalProperties: false}
const closedItems = {type: 'object', properties: {items: {type: 'array', items: {type: 'object', properties: {id: {type: 'string'}}, additionalProperties: false}}}, additionalProperties: false}
const wide = Object.fromEntries(Array.from({length: 14}, (_, i) => [`a_rather_long_property_name_${i}`, {type: 'string'}]))
// Seven 31-character keys: 296 characters of object, 303 once wrapped in Array<…>.
const sevenKeys = {type: 'object', properties: Object.fromEntries(Array.from({length: 7}, (_, i) => [`${'x'.repeat(30)}${i}`, {type: 'string'}])), additionalProperties: false}

testLintRule('hints', {
  valid: [
    {name: 'a plain closed object, input and output', tools: [tool('a', {parameters: closedObject, outputSchema: closedObject})]},
    {name: 'an untrusted tool, whose hints are unknown by design', tools: [tool('a', {source: 'mcp', parameters: {$ref: '#/x'}})]},
  ],
  invalid: [
    {
      name: 'an input schema that renders unknown, naming the keyword',
      tools: [tool('a', {parameters: {$ref: '#/definitions/x'}})],
      findings: [{toolId: 'openclaw:plugin:a', messageId: 'inputUnknown', severity: 'warning', data: {cause: '$ref'}}],
    },
    {
      name: 'an input hint with an unknown part, naming the keyword and where it is',
      tools: [tool('a', {parameters: {type: 'object', properties: {filter: {anyOf: [{type: 'string'}, {$ref: '#/definitions/x'}]}}, additionalProperties: false}})],
      findings: [{toolId: 'openclaw:plugin:a', messageId: 'inputIncomplete', severity: 'info', data: {hint: '{ filter?: unknown }', cause: '$ref at properties.filter.anyOf[1]'}}],
    },
    {
      name: 'the keys are blamed when one object needs more than 300 characters',
      tools: [tool('a', {parameters: {type: 'object', properties: wide, additionalProperties: false}})],
      findings: [{toolId: 'openclaw:plugin:a', messageId: 'inputIncomplete', severity: 'info', data: {cause: 'its keys need more than 300 characters'}}],
    },
    {
      name: 'the length is blamed when the whole hint needs more',
      tools: [tool('a', {parameters: {type: 'array', items: sevenKeys}})],
      findings: [{toolId: 'openclaw:plugin:a', messageId: 'inputUnknown', severity: 'warning', data: {cause: 'the hint is longer than 300 characters'}}],
    },
    {
      name: 'an output schema that shows no hint, and why; not once it is fixed as the message says',
      tools: [tool('a', {outputSchema: openItems})],
      findings: [{toolId: 'openclaw:plugin:a', messageId: 'noOutputHint', severity: 'info', data: {cause: 'additionalProperties is not false (an open object) at properties.items.items'}}],
      fixed: [tool('a', {outputSchema: closedItems})],
    },
  ],
})

const tail = ' It accepts a repository, a title and a body, and returns the new item with its number and link.'.repeat(3)
// Says "important" more often than the preamble below, so it wins that probe.
const guidelines = tool('read_guidelines', {description: 'Important: the important guidelines, important.'})

testLintRule('compaction', {
  valid: [
    {
      name: 'a first clause that finds the tool even without its name words',
      tools: [guidelines, tool('sequentialthinking', {description: `A tool for reflective problem solving through numbered thoughts.${tail}`})],
      options: {limit: 1},
    },
  ],
  invalid: [
    {
      name: 'a long description whose kept 177 characters neither name the tool nor lead a probe to it; not once it starts with what the tool does',
      tools: [guidelines, tool('create_issue', {description: `IMPORTANT: read the guidelines first. Authentication is required and rate limits apply; be careful with scopes.${tail}`})],
      options: {limit: 1},
      findings: [{toolId: 'openclaw:plugin:create_issue', messageId: 'preamble', severity: 'warning'}],
      fixed: [guidelines, tool('create_issue', {description: `Creates an issue in a repository.${tail}`})],
    },
  ],
})

const browser = tool('open_page', {description: 'Opens a web page in the browser.'})
const openATicket = {limit: 1, queries: [{query: 'open a ticket', relevant: ['openclaw:plugin:create_issue'], line: 1}]}

testLintRule('queries', {
  valid: [],
  invalid: [
    {
      name: "a labelled request that misses, on the tool that lost, naming the winner; not once the tool's description uses the request's words",
      tools: [tool('create_issue', {description: 'Creates an issue in a repository.'}), browser],
      options: openATicket,
      findings: [{toolId: 'openclaw:plugin:create_issue', messageId: 'missed', severity: 'error', data: {winner: 'openclaw:plugin:open_page'}}],
      fixed: [tool('create_issue', {description: 'Opens a ticket: creates an issue in a repository.'}), browser],
    },
  ],
})

const recordSchema = {type: 'object', properties: Object.fromEntries(Array.from({length: 12}, (_, i) => [`field${i}`, {type: 'string', description: `The field number ${i} of the record.`}]))}

/** The break-even rounds are the bytes Tool Search saves up front over what one round of discovery costs. */
function breaksEven(details: Record<string, unknown>): boolean {
  const {discoveryRoundBytes, breakEvenRounds, report} = details as {discoveryRoundBytes: number; breakEvenRounds: number; report: {direct: {bytes: number}; tools: {bytes: number}}}
  return discoveryRoundBytes > 0 && breakEvenRounds === Math.floor((report.direct.bytes - report.tools.bytes) / discoveryRoundBytes)
}

testLintRule('payload', {
  valid: [],
  invalid: [
    {name: 'Tool Search sends more up front than every tool directly', tools: [tool('a', {description: 'A.'})], findings: [{messageId: 'costsMore', severity: 'warning'}]},
    {
      name: 'a large catalog: the saving and its break-even rounds',
      tools: Array.from({length: 80}, (_, i) => tool(`tool_${i}`, {description: `Does job number ${i} for the team.`, parameters: recordSchema})),
      findings: [{messageId: 'pays', severity: 'info', details: breaksEven}],
    },
  ],
})
