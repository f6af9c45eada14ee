/**
 * The three Tool Search controls as the gateway declares them to the model: provider tool
 * definitions that are always visible when Tool Search is on. Data only; the payload report
 * measures them, and nothing here executes them.
 */

/** A provider tool definition: what one tool costs up front when a model can call it directly. */
export interface ToolDefinition {
  name: string
  description: string
  parameters: Record<string, unknown>
}

export const TOOL_SEARCH: ToolDefinition = {
  name: 'tool_search',
  description:
    'Search the deferred tool catalog by what you need to do. Returns matching tools with their id, source, description and a compact input signature. Use query for one search, or queries for several independent searches in one call.',
  parameters: {
    type: 'object',
    properties: {
      query: {type: 'string', description: 'What the tool should do, in a few words.'},
      queries: {
        type: 'array',
        description: 'Several independent searches, each with its own optional limit.',
        minItems: 1,
        maxItems: 16,
        items: {
          type: 'object',
          properties: {
            query: {type: 'string', description: 'What the tool should do, in a few words.'},
            limit: {type: 'integer', minimum: 1, description: 'Maximum number of results for this query.'},
          },
          required: ['query'],
          additionalProperties: false,
        },
      },
      limit: {type: 'integer', minimum: 1, description: 'Maximum number of results for query.'},
    },
    additionalProperties: false,
  },
}

export const TOOL_DESCRIBE: ToolDefinition = {
  name: 'tool_describe',
  description: 'Show the full input schema (and output schema, when declared) of one tool found with tool_search.',
  parameters: {
    type: 'object',
    properties: {
      id: {type: 'string', description: 'The tool id from tool_search, or its unique name.'},
    },
    required: ['id'],
    additionalProperties: false,
  },
}

export const TOOL_CALL: ToolDefinition = {
  name: 'tool_call',
  description: 'Call a deferred tool found with tool_search. Put the tool id (or unique name) in id and all of its parameters in args.',
  parameters: {
    type: 'object',
    properties: {
      id: {type: 'string', description: 'The tool id from tool_search, or its unique name.'},
      args: {type: 'object', description: "The tool's own parameters.", additionalProperties: true},
    },
    required: ['id'],
    additionalProperties: false,
  },
}

/** Always sent, in this order, when Tool Search is on. */
export const CONTROL_TOOLS: readonly ToolDefinition[] = [TOOL_SEARCH, TOOL_DESCRIBE, TOOL_CALL]
