import {describe, expect, it} from 'vitest'

import {
  AMBIGUOUS_SELECTORS_MESSAGE,
  MISSING_ID_MESSAGE,
  repairToolCallRequest,
} from '../../src/call/request.js'
import {entry} from '../directory/entry.js'

const catalog = [entry('water'), entry('read', {sourceName: 'core'}), entry('create_issue', {source: 'mcp', sourceName: 'github'})]
const repair = (request: unknown) => repairToolCallRequest(request, catalog)

describe('repairToolCallRequest', () => {
  it('passes a well-formed request through', () => {
    expect(repair({id: 'openclaw:plugin:water', args: {zone: 'north'}})).toEqual({target: 'openclaw:plugin:water', input: {zone: 'north'}, ignoredKeys: []})
  })

  it('moves dotted args.x keys under args', () => {
    expect(repair({id: 'water', 'args.zone': 'north', 'args.minutes': 5})).toEqual({target: 'water', input: {zone: 'north', minutes: 5}, ignoredKeys: []})
    // Only args.x is dotted: input.x, and a bare args., are ordinary keys.
    expect(repair({id: 'water', 'input.zone': 'north', 'args.': 1}).input).toEqual({'input.zone': 'north', 'args.': 1})
  })

  it('lets a nested args win over flattened keys, which are ignored', () => {
    expect(repair({id: 'water', args: {zone: 'north'}, zone: 'south', minutes: 3})).toEqual({target: 'water', input: {zone: 'north'}, ignoredKeys: ['zone', 'minutes']})
  })

  it('reports every top-level key a nested args leaves unused: a selector naming no tool, a second wrapper', () => {
    expect(repair({id: 'water', name: 'Ada', args: {zone: 'north'}, input: {zone: 'south'}})).toEqual({
      target: 'water',
      input: {zone: 'north'},
      ignoredKeys: ['name', 'input'],
    })
    // Selectors that agree, an empty wrapper and dotted keys are all used, not ignored.
    expect(repair({id: 'openclaw:plugin:water', name: 'water', input: {}, 'args.minutes': 2, args: {zone: 'north'}}).ignoredKeys).toEqual([])
  })

  it('merges nested args over dotted keys', () => {
    expect(repair({id: 'water', 'args.zone': 'south', 'args.minutes': 2, args: {zone: 'north'}}).input).toEqual({zone: 'north', minutes: 2})
  })

  it('takes a nested input when args is absent or empty', () => {
    expect(repair({toolId: 'water', input: {zone: 'north'}}).input).toEqual({zone: 'north'})
    // args ?? input: an empty args is still the wrapper taken, so the request counts as flattened.
    expect(repair({name: 'water', args: {}, input: {zone: 'north'}}).input).toEqual({})
    expect(repair({name: 'water', args: null, input: {zone: 'north'}}).input).toEqual({zone: 'north'})
  })

  it('treats an empty or missing wrapper as flattened arguments and removes the selectors', () => {
    expect(repair({id: 'water', zone: 'north'})).toEqual({target: 'water', input: {zone: 'north'}, ignoredKeys: []})
    expect(repair({toolId: 'openclaw:plugin:water', args: {}, zone: 'north'}).input).toEqual({zone: 'north'})
    expect(repair({id: 'openclaw:plugin:water', name: 'water', zone: 'north'}).input).toEqual({zone: 'north'})
  })

  it('keeps selector keys that name no tool as target arguments', () => {
    expect(repair({id: 'create_issue', name: 'Crash on start', body: 'It crashes.'})).toEqual({
      target: 'create_issue',
      input: {name: 'Crash on start', body: 'It crashes.'},
      ignoredKeys: [],
    })
    expect(repair({name: 'water', id: 'not-a-tool'})).toEqual({target: 'water', input: {id: 'not-a-tool'}, ignoredKeys: []})
  })

  it('uses the first selector as the target when none names a tool, so the lookup reports it', () => {
    expect(repair({id: 'nope', x: 1})).toEqual({target: 'nope', input: {x: 1}, ignoredKeys: []})
  })

  it('rejects selectors naming different tools, nested or flattened', () => {
    expect(() => repair({id: 'water', name: 'read', zone: 'north'})).toThrow(AMBIGUOUS_SELECTORS_MESSAGE)
    // Nested: id ?? toolId ?? name picks the tool, the other selectors are ignored.
    expect(repair({id: 'water', toolId: 'create_issue', args: {zone: 'north'}})).toEqual({target: 'water', input: {zone: 'north'}, ignoredKeys: ['toolId']})
    expect(AMBIGUOUS_SELECTORS_MESSAGE).toBe('Ambiguous tool selectors: pass the target tool id and nest target arguments under args.')
  })

  it('rejects requests without a usable selector, including requests that are not objects', () => {
    expect(MISSING_ID_MESSAGE).toBe('id must be a non-empty string.')
    for (const request of [{args: {zone: 'north'}}, {zone: 'north'}, [{id: 'water'}], 'water', null, {id: '   '}, {id: 5}, {args: 'x'}, {args: {id: '', toolId: 'water'}}]) {
      expect(() => repair(request)).toThrow(MISSING_ID_MESSAGE)
    }
  })

  it('hoists a selector out of args or input when the request has none at the top', () => {
    expect(repair({args: {id: 'water', zone: 'north'}})).toEqual({target: 'water', input: {zone: 'north'}, ignoredKeys: []})
    expect(repair({input: {toolId: 'water'}, extra: 1})).toEqual({target: 'water', input: {extra: 1}, ignoredKeys: []})
    // A top-level selector key, even one naming no tool, stops the hoisting.
    expect(repair({name: 'nope', args: {id: 'water'}})).toEqual({target: 'nope', input: {id: 'water'}, ignoredKeys: []})
  })

  it('passes a wrapper that is not an object on to validation as the input', () => {
    expect(repair({id: 'water', args: '{"zone":"north"}'}).input).toBe('{"zone":"north"}')
    expect(repair({id: 'water', args: [1]}).input).toEqual([1])
  })

  it('trims the selector, but matches selectors against the catalog untrimmed', () => {
    expect(repair({id: ' water ', zone: 'north'})).toEqual({target: 'water', input: {zone: 'north'}, ignoredKeys: []})
    expect(repair({id: 5, name: 'water'})).toEqual({target: 'water', input: {id: 5}, ignoredKeys: []})
  })

  it('keeps a __proto__ key as a plain argument', () => {
    const {input: args} = repair(JSON.parse('{"id": "water", "__proto__": {"polluted": true}}'))
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype)
    expect(Object.keys(args)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('keeps __proto__ a plain argument when it arrives dotted or nested', () => {
    for (const text of ['{"id": "water", "args.__proto__": {"polluted": true}}', '{"id": "water", "args": {"__proto__": {"polluted": true}}}']) {
      const {input: args} = repair(JSON.parse(text))
      expect(Object.getPrototypeOf(args)).toBe(Object.prototype)
      expect(Object.keys(args)).toEqual(['__proto__'])
      expect((args as {polluted?: unknown}).polluted).toBeUndefined()
    }
  })
})
