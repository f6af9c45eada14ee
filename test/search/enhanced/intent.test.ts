/** Action intent: what a request asks to do, what a tool's name says it does, and how well they agree. */
import {describe, expect, it} from 'vitest'

import {actionAgreement, compileActions, isPlural, requestIntent, toolActions} from '../../../src/search/enhanced/intent.js'
import {isQueryNoise} from '../../../src/search/enhanced/query.js'
import {porterStem} from '../../../src/search/enhanced/stem.js'
import {wordsOf} from '../../../src/search/enhanced/words.js'

const actions = compileActions(porterStem)
const intentOf = (request: string) => requestIntent(wordsOf(request), actions, porterStem, isQueryNoise)
const actionsOfTool = (name: string, summary = '') => toolActions(wordsOf(name).map(porterStem), wordsOf(summary).filter((word) => !isQueryNoise(word)).map(porterStem), actions)

describe('request intent', () => {
  it('is the class of the action word a request leads with, filler aside', () => {
    expect(intentOf('remove the stale index')).toMatchObject({actions: ['delete'], family: 'delete', from: 'remove'})
    expect(intentOf('could you please erase it')).toMatchObject({actions: ['delete'], from: 'erase'})
    expect(intentOf('kick off a build')).toMatchObject({actions: ['run'], from: 'kick off'})
    expect(intentOf('get rid of the branch')).toMatchObject({actions: ['delete'], from: 'get rid'})
    expect(intentOf('tear down the staging cluster')).toMatchObject({actions: ['delete'], from: 'tear down'})
    expect(intentOf('clean up the old pods')).toMatchObject({actions: ['delete'], from: 'clean up'})
    expect(intentOf('mkdir -p logs')).toMatchObject({actions: ['create']})
  })

  it('reads closing or shutting something down as stopping it, in a request and in a tool name', () => {
    expect(intentOf('close the tunnel to port 5432')).toMatchObject({actions: ['stop'], from: 'close'})
    expect(intentOf('shut down the dev server')).toMatchObject({actions: ['stop'], from: 'shut down'})
    expect([...actionsOfTool('browser_close').actions]).toEqual(['stop'])
  })

  it('reads undoing, resetting and rolling back as updating what is there', () => {
    expect(intentOf('unstage everything')).toMatchObject({actions: ['update'], from: 'unstage'})
    expect(intentOf('roll back the last deploy')).toMatchObject({actions: ['update'], from: 'roll back'})
    expect(intentOf('revert that commit')).toMatchObject({actions: ['update']})
    expect([...actionsOfTool('git_reset').actions]).toEqual(['update'])
    expect([...actionsOfTool('undo_change').actions]).toEqual(['update'])
  })

  it('reads a question as a request to read, whatever verbs follow', () => {
    // "what did I change" asks for a diff; it changes nothing.
    expect(intentOf('what did I change since yesterday')).toEqual({actions: [], family: 'read', from: 'what', question: true})
    expect(intentOf('is the pipeline green')).toMatchObject({family: 'read', question: true})
  })

  it('reads a question about things in the plural as a request to list them', () => {
    expect(intentOf('which PRs are open')).toEqual({actions: ['list'], family: 'read', from: 'which', question: true})
    expect(intentOf('what monitors do I have')).toMatchObject({actions: ['list']})
    // One thing, or no object: no class, only the family.
    expect(intentOf('which branch is checked out')).toMatchObject({actions: [], family: 'read'})
    expect(intentOf('what status')).toMatchObject({actions: []})
  })

  it('reads the last word of a two-word object before the verb as the thing asked about', () => {
    // The head of `pull requests` is `requests`: a plural, so a list.
    expect(intentOf('what pull requests are open')).toMatchObject({actions: ['list'], question: true})
    expect(intentOf('which mongo connections are open')).toMatchObject({actions: ['list']})
    expect(intentOf('what custom fields do we have')).toMatchObject({actions: ['list']})
    // One thing named by two words stays one thing.
    expect(intentOf('what pull request is open')).toMatchObject({actions: []})
    // With no auxiliary after two words, the second may be a verb (`uses`): only the first counts.
    expect(intentOf('which pod uses the most memory')).toMatchObject({actions: []})
  })

  it('takes the action from the leading word only: a later "new" is part of a name', () => {
    expect(intentOf('route from Boston to New York')).toBeUndefined()
    expect(intentOf('papers on diffusion models')).toBeUndefined()
  })

  it('reads opening an issue or a pull request as creating one, opening a file as reading it', () => {
    expect(intentOf('open a PR from my branch')).toMatchObject({actions: ['create'], from: 'open'})
    expect(intentOf('open an issue about the crash')).toMatchObject({actions: ['create']})
    expect(intentOf('open the config file')).toMatchObject({actions: ['get']})
  })

  it('asks for a list as much as for one thing when the object is plural', () => {
    expect(intentOf('show me the issues')).toMatchObject({actions: ['get', 'list']})
    expect(intentOf('show the issue')).toMatchObject({actions: ['get']})
    expect(intentOf('show the details')).toMatchObject({actions: ['get']})
    expect(isPlural('pods')).toBe(true)
    expect(isPlural('status')).toBe(false)
    expect(isPlural('class')).toBe(false)
  })
})

describe('tool actions', () => {
  it('come from the action words of the name', () => {
    expect([...actionsOfTool('create_or_update_file').actions]).toEqual(['create', 'update'])
    expect([...actionsOfTool('API-retrieve-a-page').actions]).toEqual(['get'])
    expect([...actionsOfTool('drop-collection').actions]).toEqual(['delete'])
  })

  it('fall back to the opening words of the description when the name has none', () => {
    expect([...actionsOfTool('directory_tree', 'Get a recursive tree view of files').actions]).toEqual(['get'])
    // Only the opening words: a verb deep in the first sentence says what the tool works on, not what it does.
    expect([...actionsOfTool('echo', 'Echoes back the input string so you can delete nothing').actions]).toEqual([])
  })
})

describe('action agreement', () => {
  const remove = intentOf('remove the issue')!
  const question = intentOf('which issue is open')!
  const plural = intentOf('which issues are open')!

  it('is full for the same class, partial within a family, none across', () => {
    expect(actionAgreement(remove, actionsOfTool('delete_issue'), 0.5)).toEqual({agreement: 1, term: 'delet'})
    expect(actionAgreement(remove, actionsOfTool('create_issue'), 0.5)).toEqual({agreement: 0})
    expect(actionAgreement(question, actionsOfTool('list_issues'), 0.5)).toEqual({agreement: 0.5, term: 'list'})
    expect(actionAgreement(plural, actionsOfTool('list_issues'), 0.5)).toEqual({agreement: 1, term: 'list'})
    expect(actionAgreement(plural, actionsOfTool('get_issue'), 0.5)).toEqual({agreement: 0.5, term: 'get'})
    expect(actionAgreement(intentOf('find the issue')!, actionsOfTool('get_issue'), 0.4)).toEqual({agreement: 0.4, term: 'get'})
  })

  it('never counts stopping as a near miss of starting', () => {
    expect(actionAgreement(intentOf('cancel the search')!, actionsOfTool('start_search'), 0.5)).toEqual({agreement: 0})
  })
})
