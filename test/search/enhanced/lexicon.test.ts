/**
 * Lexicon entries of everyday words for capabilities, each checked on a tiny catalog whose tools
 * never use the word typed: the intended tool can only come first through the entry.
 */
import {describe, expect, it} from 'vitest'

import {createEnhancedRanker} from '../../../src/search/enhanced/index.js'
import {tool} from '../tools.js'

const top = (catalog: ReturnType<typeof tool>[], query: string): string | undefined => createEnhancedRanker(catalog).search(query, 5)[0]?.entry.name

describe('enhanced lexicon', () => {
  it.each([
    // [request, tool it means, a sibling it does not]
    ['how big is backup.tar', 'get_file_info', 'read_file'],
    ['when was backup.tar last changed', 'get_file_info', 'read_file'],
    ['open example.com', 'navigate_page', 'get_page'],
    ['run an arbitrary kubectl command', 'kubectl_generic', 'kubectl_apply'],
    ['child of this block', 'get_block_children', 'get_block'],
    ['tell them the answer was useful', 'send_feedback', 'list_items'],
    ['remove the link between Alice and Bob', 'delete_relations', 'delete_entities'],
    ['repeat this back to me', 'echo', 'get_sum'],
    ['hit submit', 'click', 'scroll'],
    ['the latest on the election', 'web_search', 'get_latest_build'],
    ['read a.ts and b.ts together', 'read_multiple_files', 'read_file'],
    ['give me the page as md', 'get_page_markdown', 'get_page'],
    ['tail the deployment', 'get_logs', 'list_pods'],
    ['is the server still responding', 'ping', 'get_status'],
    ['sum the totals by region', 'aggregate', 'count'],
    ['save a new person', 'create_entities', 'create_blocks'],
    ['what is stored about Alice', 'read_memory', 'read_file'],
    ['who won the final', 'web_search', 'get_scores'],
    ['my own copy of the repository', 'fork_repository', 'archive_repository'],
    ['note down that Bob likes tea', 'add_observations', 'create_relations'],
    ['hold on a second', 'wait_for', 'click'],
    ['text of every page of the docs site', 'crawl', 'scrape'],
    ['roll back the deployment', 'rollout', 'scale'],
    ['initialize a repository here', 'git_init', 'git_clone'],
    ['new database for bugs', 'create_data_source', 'create_block'],
    ['ctrl+c', 'press_key', 'list_pages'],
    ['close the session', 'disconnect', 'get_status'],
    ['grab a png', 'take_screenshot', 'list_files'],
    ['capture what is on screen', 'take_screenshot', 'get_page'],
    ['list everyone in the workspace', 'get_users', 'get_channels'],
    ['what is eating my cpu', 'list_processes', 'list_jobs'],
    ['tear down the test environment', 'cleanup', 'apply_config'],
    ['what fields do the orders have', 'collection_schema', 'list_documents'],
    ['what will the weather be like in lisbon this weekend', 'web_search', 'get_page'],
    ['put the pdf into the file picker', 'upload', 'get_pdf'],
    ['replay my commits onto main', 'git_rebase', 'git_merge'],
    ["who's in the design workspace", 'get_users', 'get_channels'],
  ])('%s → %s', (query, wanted, other) => {
    const catalog = [
      tool(other, {description: `The ${other.replace(/_/g, ' ')} tool.`}),
      tool(wanted, {description: `The ${wanted.replace(/_/g, ' ')} tool.`}),
    ]
    expect(top(catalog, query)).toBe(wanted)
  })
})
