/**
 * What OpenClaw's MCP tools return to the model (`src/call/executors/mcp-results.ts`): the
 * `{ content, details }` of a tool call, of a prompt, of the resource and prompt operations.
 */
import {describe, expect, it} from 'vitest'

import {agentCallResult, agentContent, agentOperationResult, agentPromptResult, operationValue} from '../../src/call/executors/mcp-results.js'

const DETAILS = {mcpServer: 'srv', mcpTool: 'tool'}

describe('agentContent', () => {
  it('passes text and images on, and turns every other block into text', () => {
    expect(agentContent({type: 'text', text: 'hi', annotations: {audience: ['user']}})).toEqual({type: 'text', text: 'hi'})
    expect(agentContent({type: 'image', data: 'AAAA', mimeType: 'image/png'})).toEqual({type: 'image', data: 'AAAA', mimeType: 'image/png'})
    expect(agentContent({type: 'audio', data: 'AAAA', mimeType: 'audio/wav'})).toEqual({type: 'text', text: '[audio audio/wav]'})
    expect(agentContent({type: 'resource_link', uri: 'file:///a.md', name: 'a.md', title: 'The A'})).toEqual({type: 'text', text: '[The A] file:///a.md'})
    expect(agentContent({type: 'resource_link', uri: 'file:///a.md', name: 'a.md'})).toEqual({type: 'text', text: '[a.md] file:///a.md'})
    expect(agentContent({type: 'resource', resource: {uri: 'mem://1', text: 'body'}})).toEqual({type: 'text', text: 'body'})
    expect(agentContent({type: 'resource', resource: {uri: 'mem://2', blob: 'AA=='}})).toEqual({type: 'text', text: 'mem://2'})
    // What it cannot read, as JSON.
    expect(agentContent({type: 'image', data: 'AAAA'})).toEqual({type: 'text', text: '{"type":"image","data":"AAAA"}'})
    expect(agentContent('loose')).toEqual({type: 'text', text: '"loose"'})
  })
})

describe('agentCallResult', () => {
  it('puts the structured content first, keys sorted, and drops a text block that is its pretty JSON', () => {
    const structured = {b: 1, a: {d: 2, c: 3}}
    const result = agentCallResult({content: [{type: 'text', text: JSON.stringify(structured, null, 2)}, {type: 'text', text: JSON.stringify(structured)}], structuredContent: structured}, DETAILS)
    expect(result).toEqual({
      content: [
        {type: 'text', text: 'structuredContent:\n{\n  "a": {\n    "c": 3,\n    "d": 2\n  },\n  "b": 1\n}'},
        {type: 'text', text: '{"b":1,"a":{"d":2,"c":3}}'},
      ],
      details: {mcpServer: 'srv', mcpTool: 'tool', structuredContent: structured},
    })
  })

  it('says so when there is no content, and marks an error', () => {
    expect(agentCallResult({content: []}, DETAILS)).toEqual({content: [{type: 'text', text: 'MCP tool completed without returning content.'}], details: DETAILS})
    expect(agentCallResult({isError: true}, DETAILS)).toEqual({content: [{type: 'text', text: 'MCP tool failed without returning content.'}], details: {...DETAILS, status: 'error'}})
    expect(agentCallResult({content: [{type: 'text', text: 'boom'}], isError: true}, DETAILS).details).toEqual({...DETAILS, status: 'error'})
  })

  it('keeps structured content that is not an object in details only', () => {
    expect(agentCallResult({content: [{type: 'text', text: '3'}], structuredContent: [3]}, DETAILS)).toEqual({content: [{type: 'text', text: '3'}], details: {...DETAILS, structuredContent: [3]}})
  })
})

describe('the operations over resources and prompts', () => {
  it('shows a listing as { resources } / { prompts }, a read as it is, without a top-level _meta', () => {
    expect(operationValue('resources_list', [{uri: 'a', name: 'a'}])).toEqual({resources: [{uri: 'a', name: 'a'}]})
    expect(operationValue('prompts_list', [])).toEqual({prompts: []})
    expect(operationValue('resources_read', {contents: [{uri: 'a', text: 'x', _meta: {k: 1}}], _meta: {trace: 1}})).toEqual({contents: [{uri: 'a', text: 'x', _meta: {k: 1}}]})
    expect(operationValue('resources_read', undefined)).toBeNull()
  })

  it('hands the model the pretty JSON of the value, marked as untrusted server output', () => {
    expect(agentOperationResult('srv', 'resources_list', [{uri: 'a'}])).toEqual({
      content: [{type: 'text', text: '{\n  "resources": [\n    {\n      "uri": "a"\n    }\n  ]\n}'}],
      details: {mcpServer: 'srv', mcpOperation: 'resources_list', untrustedMcpOutput: true},
    })
  })

  it('hands the model a prompt as its description, then each message\'s role and content', () => {
    const prompt = {description: 'Weather', messages: [{role: 'user', content: {type: 'text', text: 'Weather in Paris?'}}, {role: 'assistant', content: {type: 'resource', resource: {uri: 'mem://p', text: 'Sunny'}}}]}
    expect(agentPromptResult('srv', prompt)).toEqual({
      content: [
        {type: 'text', text: 'Weather'},
        {type: 'text', text: 'user:'},
        {type: 'text', text: 'Weather in Paris?'},
        {type: 'text', text: 'assistant:'},
        {type: 'text', text: 'Sunny'},
      ],
      details: {mcpServer: 'srv', mcpOperation: 'prompts_get', untrustedMcpOutput: true},
    })
  })
})
