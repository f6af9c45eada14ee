/**
 * The enhanced ranker's rules, each on a tiny catalog built for it. Every test says why its top
 * hit should win.
 */
import {describe, expect, it} from 'vitest'

import {
  ACTION_MATCH_FIELD,
  buildEnhancedRanker,
  createEnhancedRanker,
  ENHANCED,
  EXACT_FORM_FIELD,
  NAME_COVERAGE_FIELD,
  OWNER_MATCH_FIELD,
} from '../../../src/search/enhanced/index.js'
import {createOpenClawRanker} from '../../../src/search/openclaw.js'
import {loadRanker, rankerNames} from '../../../src/search/rankers.js'
import type {RankedHit} from '../../../src/search/types.js'
import {tool} from '../tools.js'

const ids = (hits: RankedHit[]): string[] => hits.map((hit) => hit.entry.id)
const sum = (hit: RankedHit): number => hit.contributions.reduce((total, contribution) => total + contribution.score, 0)

describe('enhanced ranker', () => {
  it('is registered as "enhanced" next to the default', async () => {
    expect(rankerNames()).toEqual(['openclaw', 'enhanced'])
    expect(await loadRanker('enhanced')).toBe(createEnhancedRanker)
  })

  it('weights the name above the description', () => {
    // Both mention "archive" once in equally long text; only one is named for it.
    const catalog = [
      tool('zip_folder', {description: 'Archive a folder into one file.'}),
      tool('archive_folder', {description: 'Pack a folder into one file.'}),
    ]
    const hits = createEnhancedRanker(catalog).search('archive', 5)
    expect(ids(hits)).toEqual(['openclaw:plugin:archive_folder', 'openclaw:plugin:zip_folder'])
  })

  it('weights the first sentence of a description above the usage notes after it', () => {
    // Same words, same length: "invoice" is the purpose of one tool and a side note of the other.
    const catalog = [
      tool('alpha', {description: 'Send an invoice to a customer. Works with any ledger.'}),
      tool('beta', {description: 'Send a reminder to a customer. Works with any invoice.'}),
    ]
    expect(ids(createEnhancedRanker(catalog).search('invoice', 5))[0]).toBe('openclaw:plugin:alpha')
  })

  it('splits names on separators and camelCase, so words in any name style match', () => {
    const catalog = [tool('API-get-blockChildren', {description: 'Children.'}), tool('other', {description: 'Something else.'})]
    expect(ids(createEnhancedRanker(catalog).search('block children', 5))).toEqual(['openclaw:plugin:API-get-blockChildren'])
  })

  it('finds tools through synonyms the openclaw ranker does not know, marked as expansions', () => {
    const catalog = [tool('delete_file', {description: 'Remove a file from disk.'}), tool('read_file', {description: 'Read a file.'})]
    expect(createOpenClawRanker(catalog).search('erase', 5)).toEqual([])
    const [hit, ...rest] = createEnhancedRanker(catalog).search('erase', 5)
    expect(hit!.entry.id).toBe('openclaw:plugin:delete_file')
    expect(rest).toEqual([])
    expect(hit!.literal).toBe(false)
    expect(hit!.contributions.every((contribution) => contribution.expandedFrom === 'erase')).toBe(true)
    // Terms the user did not type weigh less; the action bonus says how well the verbs agree.
    expect(hit!.contributions.filter((contribution) => contribution.field !== ACTION_MATCH_FIELD).every((contribution) => contribution.weight < 1)).toBe(true)
  })

  it('follows implications one way: kubectl finds Kubernetes tools, not the reverse', () => {
    const catalog = [tool('pod_logs', {description: 'Print the logs of a Kubernetes pod.'}), tool('kubectl_raw', {description: 'Run any command.'})]
    const ranker = createEnhancedRanker(catalog)
    expect(ids(ranker.search('kubectl logs', 5))[0]).toBe('openclaw:plugin:pod_logs')
    expect(ids(ranker.search('kubernetes', 5))).toEqual(['openclaw:plugin:pod_logs'])
  })

  it('corrects a typo against the catalog words, at a lower weight', () => {
    const catalog = [tool('web_search', {description: 'Search the web.'}), tool('notes', {description: 'Keep notes.'})]
    const [hit] = createEnhancedRanker(catalog).search('serach the web', 5)
    expect(hit!.entry.id).toBe('openclaw:plugin:web_search')
    expect(hit!.contributions).toContainEqual(expect.objectContaining({term: 'search', weight: ENHANCED.typoWeight, expandedFrom: 'serach'}))
  })

  it('splits a glued query word into words the catalog uses', () => {
    const catalog = [tool('cherry_pick', {description: 'Apply one commit onto the current branch.'}), tool('merge', {description: 'Merge branches.'})]
    expect(ids(createEnhancedRanker(catalog).search('cherrypick abc123', 5))[0]).toBe('openclaw:plugin:cherry_pick')
  })

  it('prefers the tool whose whole name the query asks for (name coverage)', () => {
    // Both share "issue"; only one name is fully covered by the request.
    const catalog = [
      tool('create_issue', {description: 'Open a new issue in a tracker.'}),
      tool('list_issues', {description: 'List issues in a tracker.'}),
    ]
    const [hit] = createEnhancedRanker(catalog).search('list the issues', 5)
    expect(hit!.entry.id).toBe('openclaw:plugin:list_issues')
    expect(hit!.contributions.some((contribution) => contribution.field === NAME_COVERAGE_FIELD)).toBe(true)
  })

  it('prefers the tools of an owner the query names (owner match)', () => {
    // The same tool under two owners: naming one owner decides.
    const catalog = [
      tool('create_issue', {source: 'mcp', sourceName: 'gitlab', description: 'Create a new issue in a project.'}),
      tool('create_issue', {source: 'mcp', sourceName: 'github', description: 'Create a new issue in a repository.'}),
    ]
    const [hit] = createEnhancedRanker(catalog).search('create an issue on gitlab', 5)
    expect(hit!.entry.id).toBe('mcp:gitlab:create_issue')
    expect(hit!.contributions).toContainEqual(expect.objectContaining({field: OWNER_MATCH_FIELD, term: 'gitlab', score: ENHANCED.ownerMatch}))
  })

  it('prefers the sibling whose action the request leads with (action match)', () => {
    // Three tools on one object: the rest of each request matches all three alike, the verb decides.
    const catalog = [
      tool('create_issue', {description: 'Create an issue in a tracker.'}),
      tool('delete_issue', {description: 'Delete an issue from a tracker.'}),
      tool('list_issues', {description: 'List the issues of a tracker.'}),
    ]
    const ranker = createEnhancedRanker(catalog)
    // "nuke" is no synonym of anything in the catalog: only its action class (delete) can pick the tool.
    const [removed] = ranker.search('nuke the duplicate issue in the tracker', 5)
    expect(removed!.entry.id).toBe('openclaw:plugin:delete_issue')
    expect(removed!.contributions).toContainEqual(expect.objectContaining({field: ACTION_MATCH_FIELD, term: 'delet', weight: 1, expandedFrom: 'nuke'}))
    expect(ids(buildEnhancedRanker(catalog, {...ENHANCED, actionMatch: 0}).search('nuke the duplicate issue in the tracker', 5))[0]).not.toBe('openclaw:plugin:delete_issue')
    // A question reads: listing answers it, creating does not. (`issues` as typed is also the
    // form of `list_issues`: the exact-form bonus is off too, to see what the action alone does.)
    expect(ids(ranker.search('which issues are in the tracker', 5))[0]).toBe('openclaw:plugin:list_issues')
    expect(ids(buildEnhancedRanker(catalog, {...ENHANCED, exactForm: 0}).search('which issues are in the tracker', 5))[0]).toBe('openclaw:plugin:list_issues')
    expect(ids(buildEnhancedRanker(catalog, {...ENHANCED, actionMatch: 0, exactForm: 0}).search('which issues are in the tracker', 5))[0]).not.toBe('openclaw:plugin:list_issues')
  })

  it('does not take a terminal for something to terminate (a Porter stemming merge)', () => {
    const catalog = [
      tool('open_terminal', {description: 'Open a new terminal window.'}),
      tool('terminate_job', {description: 'Terminate a running job.'}),
    ]
    expect(ids(createEnhancedRanker(catalog).search('terminal', 5))).toEqual(['openclaw:plugin:open_terminal'])
  })

  it('reads opening an issue or a ticket as asking for a tool that creates one, not one that opens pages', () => {
    const catalog = [
      tool('create_ticket', {description: 'Create a ticket in the queue.'}),
      tool('view_ticket', {description: 'View a ticket in the queue.'}),
      tool('open_page', {description: 'Open a page in the browser.'}),
    ]
    const ranker = createEnhancedRanker(catalog)
    const terms = (hits: RankedHit[], name: string) => hits.find((hit) => hit.entry.name === name)!.contributions.map((contribution) => contribution.term)
    const hits = ranker.search('open a ticket about the outage', 5)
    // "open" stands for itself or "create" here, at its own weight; its usual expansions (view) are gone.
    expect(ids(hits)[0]).toBe('openclaw:plugin:create_ticket')
    expect(hits[0]!.contributions).toContainEqual(expect.objectContaining({term: 'creat', field: 'name', weight: 1, expandedFrom: 'open'}))
    expect(terms(hits, 'view_ticket')).not.toContain('view')
    // Opening anything else keeps its meaning.
    expect(terms(ranker.search('open the report', 5), 'view_ticket')).toContain('view')
  })

  it('weighs action words after the one a request leads with less: they mostly describe its object', () => {
    // "open" says which tickets, not what to do with them: the request leads with "find".
    const catalog = [
      tool('search_tickets', {description: 'Search the tickets of a queue.'}),
      tool('open_ticket', {description: 'Open a ticket of a queue.'}),
    ]
    const openOf = (hits: RankedHit[]) => hits.find((hit) => hit.entry.name === 'open_ticket')!.contributions.find((contribution) => contribution.term === 'open' && contribution.field === 'name')!
    const query = 'find the tickets still open'
    expect(ENHANCED.laterActionWeight).toBeLessThan(1)
    expect(openOf(createEnhancedRanker(catalog).search(query, 5)).weight).toBe(ENHANCED.laterActionWeight)
    expect(openOf(buildEnhancedRanker(catalog, {...ENHANCED, laterActionWeight: 1}).search(query, 5)).weight).toBe(1)
    // The leading action word keeps its weight, and a question has no leading action to spare.
    expect(openOf(createEnhancedRanker(catalog).search('open the ticket for acme', 5)).weight).toBe(1)
    expect(openOf(createEnhancedRanker(catalog).search('which tickets are open', 5)).weight).toBe(1)
  })

  it('looks for the verb after a server name a request opens with', () => {
    // "playwright" says where; "open" says what: reading a page, which navigating does.
    const catalog = [
      tool('browser_navigate', {source: 'mcp', sourceName: 'playwright', description: 'Go to an address.'}),
      tool('browser_drop', {source: 'mcp', sourceName: 'playwright', description: 'Drop files onto an address.'}),
    ]
    const [hit] = createEnhancedRanker(catalog).search('playwright open acme.io', 5)
    expect(hit!.entry.name).toBe('browser_navigate')
    expect(hit!.contributions).toContainEqual(expect.objectContaining({field: ACTION_MATCH_FIELD, expandedFrom: 'open'}))
  })

  it('reads the kind of an argument: a host asks for a web page, a file name for a file', () => {
    // Nothing else in either request names a page or a file.
    const catalog = [
      tool('fetch_page', {description: 'Fetch a web page by URL and return its text.'}),
      tool('read_text', {description: 'Read a file from disk and return its text.'}),
    ]
    const ranker = createEnhancedRanker(catalog)
    expect(ids(ranker.search('text of acme.io', 5))[0]).toBe('openclaw:plugin:fetch_page')
    expect(ids(ranker.search('text of notes/todo.md', 5))[0]).toBe('openclaw:plugin:read_text')
    expect(ids(buildEnhancedRanker(catalog, {...ENHANCED, argumentKindWeight: 0}).search('text of acme.io', 5))[0]).toBe('openclaw:plugin:read_text')
  })

  it('reads coordinates in a request as a place to look up from them (reverse geocoding)', () => {
    // The same words in both descriptions: only the coordinates typed say which way the lookup goes.
    const catalog = [
      tool('maps_geocode', {description: 'Convert a street address into coordinates.'}),
      tool('maps_reverse_geocode', {description: 'Convert coordinates into a street address.'}),
    ]
    const ranker = createEnhancedRanker(catalog)
    expect(ids(ranker.search('what address is at 40.7128, -74.0060', 5))[0]).toBe('openclaw:plugin:maps_reverse_geocode')
    expect(ids(ranker.search('geocode an address', 5))[0]).toBe('openclaw:plugin:maps_geocode')
  })

  it('reads "these <plural>" as a request to act on several things at once', () => {
    // Both tools update contacts; nothing but "these contacts" says more than one.
    const catalog = [
      tool('update_contact', {description: 'Update a contact in the address book.'}),
      tool('batch_update_contacts', {description: 'Update contacts in the address book in one call.'}),
    ]
    expect(ids(createEnhancedRanker(catalog).search('update the contact', 5))[0]).toBe('openclaw:plugin:update_contact')
    expect(ids(createEnhancedRanker(catalog).search('update these contact', 5))[0]).toBe('openclaw:plugin:update_contact')
    const [hit] = createEnhancedRanker(catalog).search('update these contacts', 5)
    expect(hit!.entry.id).toBe('openclaw:plugin:batch_update_contacts')
    expect(hit!.contributions).toContainEqual(expect.objectContaining({term: 'batch', expandedFrom: 'these contacts'}))
    expect(ids(buildEnhancedRanker(catalog, {...ENHANCED, severalWeight: 0}).search('update these contacts', 5))[0]).toBe('openclaw:plugin:update_contact')
  })

  it('takes the first sentence of a Markdown-sectioned description from its Purpose section', () => {
    // Both open with the same warning; only the purpose says what each does, and the summary
    // outweighs the rest of the description.
    const warning = '⚠️ Guardrails:\n  1. This tool changes data; read the ticket first.\n\n🎯 Purpose:\n  1. '
    const catalog = [
      tool('alpha', {description: `${warning}Closes a ticket.\n\n📦 Notes:\n  1. Works on any queue; see reopen to undo.`}),
      tool('beta', {description: `${warning}Reopens a ticket.\n\n📦 Notes:\n  1. Works on any queue; see close to undo.`}),
    ]
    expect(ids(createEnhancedRanker(catalog).search('reopen', 5))[0]).toBe('openclaw:plugin:beta')
    expect(ids(createEnhancedRanker(catalog).search('close', 5))[0]).toBe('openclaw:plugin:alpha')
  })

  it('counts one idea typed twice about once (repeated expansion terms weigh less)', () => {
    // "erase" and "wipe" both mean delete: the drop tool, which matches only that idea, must not
    // win on it twice over the tool that matches the idea and the folder.
    const catalog = [
      tool('drop_rows', {description: 'Drop rows from a table.'}),
      tool('delete_folder', {description: 'Delete a folder on disk.'}),
    ]
    const repeated = buildEnhancedRanker(catalog, {...ENHANCED, repeatWeight: 1, actionMatch: 0, nameCoverage: 0})
    const once = buildEnhancedRanker(catalog, {...ENHANCED, repeatWeight: 0, actionMatch: 0, nameCoverage: 0})
    const dropScore = (ranker: typeof once) => ranker.search('erase and wipe the folder', 5).find((hit) => hit.entry.name === 'drop_rows')?.score ?? 0
    expect(dropScore(once)).toBeLessThan(dropScore(repeated))
    expect(ids(createEnhancedRanker(catalog).search('erase and wipe the folder', 5))[0]).toBe('openclaw:plugin:delete_folder')
  })

  it('leaves out lexicon terms most tools of a large catalog use, and explains without them', () => {
    // 60 tools say "remove" (a synonym of "delete"): it tells none of them apart.
    const catalog = [...Array.from({length: 60}, (_, i) => tool(`tool_${i}`, {description: `Remove item ${i} from the list.`})), tool('purge', {description: 'Delete the cache.'})]
    const [hit, ...rest] = createEnhancedRanker(catalog).search('delete the cache item', 5)
    expect(hit!.entry.name).toBe('purge')
    expect(rest).toHaveLength(4)
    // (Their own action, "remove", still agrees with the request's: that is the action bonus, not the term.)
    expect(rest.every((other) => other.contributions.every((contribution) => contribution.term !== 'remov' || contribution.field === ACTION_MATCH_FIELD))).toBe(true)
    for (const other of rest) expect(sum(other)).toBeCloseTo(other.score, 10)
    const walked = buildEnhancedRanker(catalog, {...ENHANCED, maxExpansionShare: 1}).search('delete item 7', 5)
    expect(walked[0]!.contributions.some((contribution) => contribution.term === 'remov')).toBe(true)
  })

  it('never searches MCP schemas, but does search trusted parameters', () => {
    const schema = {type: 'object', properties: {zanzibar: {type: 'string', description: 'quokka'}}}
    const catalog = [tool('remote', {source: 'mcp', sourceName: 'server', parameters: schema}), tool('local', {parameters: schema})]
    expect(ids(createEnhancedRanker(catalog).search('quokka', 5))).toEqual(['openclaw:plugin:local'])
  })

  it('returns [] when nothing matches, for filler-only queries, and for limit 0', () => {
    const ranker = createEnhancedRanker([tool('read_file', {description: 'Read a file.'})])
    expect(ranker.search('bonjour tout le monde', 5)).toEqual([])
    expect(ranker.search('please help me', 5)).toEqual([])
    expect(ranker.search('read', 0)).toEqual([])
  })

  it('puts an exact name or id first, even one that tokenizes to nothing', () => {
    const catalog = [tool('do', {description: 'Perform an action.'}), tool('run_action', {description: 'Do the thing. Do it now.'})]
    const ranker = createEnhancedRanker(catalog)
    expect(ranker.search('do', 5)[0]).toMatchObject({exact: true, score: 0, contributions: []})
    expect(ids(ranker.search(' OpenClaw:Plugin:Run_Action ', 5))[0]).toBe('openclaw:plugin:run_action')
  })

  it('breaks ties by id and does not depend on catalog order', () => {
    const catalog = [
      tool('fetch', {sourceName: 'zeta', description: 'Fetch a page.'}),
      tool('fetch', {sourceName: 'alpha', description: 'Fetch a page.'}),
      tool('fetch', {sourceName: 'mid', description: 'Fetch a page.'}),
    ]
    const forward = createEnhancedRanker(catalog).search('fetch a page', 5)
    const backward = createEnhancedRanker([...catalog].reverse()).search('fetch a page', 5)
    expect(ids(forward)).toEqual(['openclaw:alpha:fetch', 'openclaw:mid:fetch', 'openclaw:zeta:fetch'])
    expect(forward).toEqual(backward)
    expect(forward[0]!.score).toBe(forward[2]!.score)
  })

  it('prefers the tool whose name has a typed word in the very form typed (one file or several)', () => {
    // Same stems, same description: only the form of the name's last word tells them apart.
    const catalog = [tool('get_file', {description: 'Get the contents of a stored file.'}), tool('get_files', {description: 'Get the contents of a stored file.'})]
    const ranker = createEnhancedRanker(catalog)
    const [several] = ranker.search('get files', 5)
    expect(several!.entry.id).toBe('openclaw:plugin:get_files')
    expect(several!.contributions).toContainEqual({term: 'files', weight: 1, score: ENHANCED.exactForm, field: EXACT_FORM_FIELD})
    expect(sum(several!)).toBeCloseTo(several!.score, 10)
    const [one, other] = ranker.search('get file', 5)
    expect(one!.entry.id).toBe('openclaw:plugin:get_file')
    expect(one!.score - other!.score).toBeCloseTo(ENHANCED.exactForm, 10)
  })

  it('gives no exact-form bonus for words under four letters, nor for words reached only through the lexicon', () => {
    const catalog = [tool('add_tag', {description: 'Attach a label to an item.'}), tool('add_tags', {description: 'Attach a label to an item.'})]
    const ranker = createEnhancedRanker(catalog)
    // `tag` is too short to count; the tie falls to the id order.
    const [first, second] = ranker.search('add tag', 5)
    expect(first!.score).toBe(second!.score)
    expect([...first!.contributions, ...second!.contributions].some((contribution) => contribution.field === EXACT_FORM_FIELD)).toBe(false)
    // `tags` counts as typed.
    expect(ids(ranker.search('add tags', 5))[0]).toBe('openclaw:plugin:add_tags')
    // A synonym (`remove` for `delete`) is not the form typed.
    const removal = [tool('delete_items', {description: 'Delete stored entries.'})]
    const [hit] = createEnhancedRanker(removal).search('remove items', 5)
    expect(hit!.contributions.filter((contribution) => contribution.field === EXACT_FORM_FIELD).map((contribution) => contribution.term)).toEqual(['items'])
  })

  it('can switch the exact-form bonus off', () => {
    const catalog = [tool('get_file', {description: 'Get the contents of a stored file.'}), tool('get_files', {description: 'Get the contents of a stored file.'})]
    const [first, second] = buildEnhancedRanker(catalog, {...ENHANCED, exactForm: 0}).search('get files', 5)
    expect(first!.score).toBe(second!.score)
    expect(first!.contributions.some((contribution) => contribution.field === EXACT_FORM_FIELD)).toBe(false)
  })

  it('cuts at the limit', () => {
    const catalog = ['a', 'b', 'c'].map((name) => tool(`file_${name}`, {description: 'A file tool.'}))
    expect(createEnhancedRanker(catalog).search('file', 2)).toHaveLength(2)
  })

  it('explains every score: contributions with term, field and weight add up to the score', () => {
    const catalog = [
      tool('create_issue', {source: 'mcp', sourceName: 'github', label: 'Create issue', description: 'Create a new issue. Needs a title.'}),
      tool('delete_branch', {source: 'mcp', sourceName: 'github', description: 'Delete a branch.'}),
      tool('kubectl_logs', {source: 'mcp', sourceName: 'kubernetes', description: 'Print pod logs.'}),
    ]
    const ranker = createEnhancedRanker(catalog)
    for (const query of ['open a new bug on github', 'remove the branch', 'kubectl logs', 'serach isues']) {
      const hits = ranker.search(query, 5)
      expect(hits.length).toBeGreaterThan(0)
      for (const hit of hits) {
        expect(sum(hit)).toBeCloseTo(hit.score, 10)
        for (const contribution of hit.contributions) {
          expect(contribution.field).toMatch(/^(name|owner|label|summary|description|parameters|name-coverage|owner-match|action-match|exact-form)$/)
          expect(contribution.score).toBeGreaterThan(0)
        }
      }
    }
  })

  it('can be built with other options, for measuring (the light stemmer, no bonuses)', () => {
    const catalog = [tool('list_issues', {description: 'List issues.'})]
    const plain = buildEnhancedRanker(catalog, {...ENHANCED, stemmer: 'light', nameCoverage: 0, ownerMatch: 0})
    const [hit] = plain.search('issues', 5)
    expect(hit!.contributions.some((contribution) => contribution.field === NAME_COVERAGE_FIELD)).toBe(false)
    expect(sum(hit!)).toBeCloseTo(hit!.score, 10)
  })
})
