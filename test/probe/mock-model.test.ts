import {describe, expect, it} from 'vitest'

import {argumentsFromSchema, planMockMove, signatureSchema, taskPrompt} from '../../src/probe/mock/model.js'

const tool = (name: string, description = '', parameters: unknown = {type: 'object', properties: {}}) => ({type: 'function', function: {name, description, parameters}})
const CONTROLS = [tool('tool_search'), tool('tool_describe'), tool('tool_call')]
const user = (content: string) => ({role: 'user', content})
const called = (id: string, name: string, args: unknown) => ({role: 'assistant', content: null, tool_calls: [{id, type: 'function', function: {name, arguments: JSON.stringify(args)}}]})
const result = (id: string, content: string) => ({role: 'tool', tool_call_id: id, content})

describe('the scripted model', () => {
  it('reads the task without what OpenClaw adds: the timestamp, the Runtime line, its internal context', () => {
    expect(taskPrompt([{role: 'system', content: 's'}, user('[Fri 2026-12-04 18:10 UTC] Echo "hi".\n\nRuntime: agent=main | os=Linux'), user('<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\n…')])).toBe('Echo "hi".')
  })

  it('searches with the task\'s words when tool_search is offered', () => {
    expect(planMockMove({messages: [user('What is the weather in "Berlin"?')], tools: CONTROLS})).toEqual({kind: 'tool', name: 'tool_search', args: {query: 'weather berlin'}})
  })

  it('calls the first candidate when its signature is plain, else describes it first', () => {
    const plain = JSON.stringify([{id: 'openclaw:weather:weather_forecast', input: '{ location: string; days?: number /* integer, >= 1 */ }'}])
    expect(planMockMove({messages: [user('Weather in "Berlin" for 2 days'), called('c1', 'tool_search', {query: 'weather'}), result('c1', plain)], tools: CONTROLS})).toEqual({kind: 'tool', name: 'tool_call', args: {id: 'openclaw:weather:weather_forecast', args: {location: 'Berlin', days: 2}}})
    const opaque = JSON.stringify([{id: 'mcp:github:create_issue', input: 'unknown'}])
    expect(planMockMove({messages: [user('Open an issue'), called('c1', 'tool_search', {query: 'issue'}), result('c1', opaque)], tools: CONTROLS})).toEqual({kind: 'tool', name: 'tool_describe', args: {id: 'mcp:github:create_issue'}})
  })

  it('after a failed call describes the tool once and calls again; then gives up; answers after a success', () => {
    const failed = JSON.stringify({status: 'error', tool: 'tool_call', error: 'Invalid arguments for tool "x": /a: must be number'})
    const base = [user('Add "two" numbers'), called('c1', 'tool_call', {id: 'x', args: {}}), result('c1', failed)]
    expect(planMockMove({messages: base, tools: CONTROLS})).toEqual({kind: 'tool', name: 'tool_describe', args: {id: 'x'}})
    const again = [...base, called('c2', 'tool_describe', {id: 'x'}), result('c2', JSON.stringify({id: 'x', parameters: {}})), called('c3', 'tool_call', {id: 'x', args: {}}), result('c3', failed)]
    expect(planMockMove({messages: again, tools: CONTROLS})).toMatchObject({kind: 'text'})
    expect(planMockMove({messages: [user('x'), called('c1', 'tool_call', {id: 'x', args: {}}), result('c1', JSON.stringify({tool: {id: 'x'}, result: 1}))], tools: CONTROLS})).toEqual({kind: 'text', text: 'Done: x answered.'})
  })

  it('without controls calls the offered tool the task names, with arguments from its schema', () => {
    // web_search's description mentions the weather, but only weather_forecast is named for the task.
    const tools = [tool('web_search', 'Search the web for anything: news, the weather, prices, the weather forecast.'), tool('weather_forecast', 'Get the forecast for a place.', {type: 'object', properties: {location: {type: 'string'}}, required: ['location']})]
    expect(planMockMove({messages: [user('Weather forecast for "Lisbon"')], tools})).toEqual({kind: 'tool', name: 'weather_forecast', args: {location: 'Lisbon'}})
    expect(planMockMove({messages: [user('Sing a song')], tools})).toEqual({kind: 'text', text: 'No tool fits this task.'})
  })

  it('reads flat signatures only', () => {
    expect(signatureSchema('{ mode: "a" | "b"; "odd-name"?: boolean }')).toEqual({type: 'object', properties: {mode: {enum: ['a', 'b']}, 'odd-name': {type: 'boolean'}}, required: ['mode']})
    expect(signatureSchema('{ items: Array<string> }')).toBeUndefined()
    expect(signatureSchema('{ a: string; ... }')).toBeUndefined()
    expect(signatureSchema('unknown')).toBeUndefined()
  })

  it('fills arguments from the task: quoted texts, numbers within bounds, the enum value named, booleans named', () => {
    const schema = {type: 'object', required: ['text', 'count', 'unit'], properties: {text: {type: 'string'}, count: {type: 'integer', minimum: 1, maximum: 5}, unit: {enum: ['km', 'mi']}, loud: {type: 'boolean'}, extra: {type: 'string'}}}
    expect(argumentsFromSchema(schema, 'Say "hello" 9 times in mi, loud')).toEqual({text: 'hello', count: 5, unit: 'mi', loud: true})
  })
})
