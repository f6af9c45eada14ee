/**
 * The three Tool Search controls as OpenClaw's structured-only generation declares them to the
 * model: provider tool definitions that are always visible when Tool Search is on (in `tools` and
 * `directory` mode alike). Names, descriptions and parameter schemas are OpenClaw's, byte for
 * byte, key order included (its schemas are TypeBox objects; this is the JSON Schema they
 * serialise to), so the payload report measures what a provider receives. `tool_search` states
 * the default search limit in effect, so the definitions depend on it.
 * Data only; nothing here executes them.
 */
import {BATCH_LIMITS} from '../search/request.js'

/** A provider tool definition: what one tool costs up front when a model can call it directly. */
export interface ToolDefinition {
  name: string
  description: string
  parameters: Record<string, unknown>
}

/** The controls' names, in the order they are sent. */
export const CONTROL_TOOL_NAMES = ['tool_search', 'tool_describe', 'tool_call'] as const

const SELECTOR_DESCRIPTION = 'Tool search result id or tool name.'

/** `tool_search`, telling the model how many results a query without a limit gets. */
export function toolSearchDefinition(searchDefaultLimit: number): ToolDefinition {
  return {
    name: 'tool_search',
    description:
      'Search the effective Tool Search catalog. Pass query for one search or queries for several independent searches in one call; a non-empty query joins a non-empty batch first, with its own limit. Batch results stay grouped in request order. Queries must be in English: matching is lexical against tool names and descriptions, which are written in English, so another language will usually match nothing. Pass an exact result id or name to tool_call; use tool_describe only when you need its input schema.',
    parameters: {
      type: 'object',
      properties: {
        query: {
          anyOf: [{type: 'string'}, {type: 'null'}],
          description: 'Single search query, in English. A non-empty query joins a non-empty batch first. Null or blank is ignored beside a non-empty batch.',
        },
        limit: {
          anyOf: [{type: 'integer', minimum: 1}, {type: 'null'}],
          description:
            'Maximum number of single-search results. Omitted or null uses the default. With only batch queries, omit this or set it to null; set limits on each batch entry.',
        },
        queries: {
          anyOf: [
            {
              type: 'array',
              items: {
                type: 'object',
                required: ['query'],
                properties: {
                  query: {type: 'string', minLength: 1, maxLength: BATCH_LIMITS.maxQueryChars, description: 'Search query, in English. Describe the capability you need.'},
                  limit: {type: 'integer', minimum: 1, description: `Maximum results for this query. Defaults to ${searchDefaultLimit} when omitted.`},
                },
              },
              maxItems: BATCH_LIMITS.maxQueries,
            },
            {type: 'null'},
          ],
          description: `Independent searches. Prefer this alone for several searches; a non-empty query beside it runs as the first entry. Their effective limits may total at most ${BATCH_LIMITS.maxTotalResults}; an omitted item limit counts as ${searchDefaultLimit}. The serialized query strings may use at most ${BATCH_LIMITS.maxQueryTextBytes} UTF-8 bytes in total.`,
        },
      },
    },
  }
}

export const TOOL_DESCRIBE: ToolDefinition = {
  name: 'tool_describe',
  description: 'Load the full schema and metadata for one search result when its input is not already clear.',
  parameters: {type: 'object', required: ['id'], properties: {id: {type: 'string', description: SELECTOR_DESCRIPTION}}},
}

export const TOOL_CALL: ToolDefinition = {
  name: 'tool_call',
  description: 'Call an exact Tool Search result id or name through OpenClaw.',
  parameters: {
    type: 'object',
    required: ['id'],
    // `args` is a record of anything: TypeBox writes it as one catch-all pattern property.
    properties: {id: {type: 'string', description: SELECTOR_DESCRIPTION}, args: {type: 'object', patternProperties: {'^.*$': {}}, description: 'Tool input.'}},
  },
}

/** The three controls, in the order they are sent, for the default search limit in effect. */
export function controlTools(searchDefaultLimit: number): ToolDefinition[] {
  return [toolSearchDefinition(searchDefaultLimit), TOOL_DESCRIBE, TOOL_CALL]
}
