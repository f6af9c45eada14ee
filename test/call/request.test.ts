import {describe, expect, it} from 'vitest'

import {
  AMBIGUOUS_SELECTORS_MESSAGE,
  MISSING_SELECTOR_MESSAGE,
  REQUEST_NOT_OBJECT_MESSAGE,
  repairToolCallRequest,
} from '../../src/call/request.js'
import {entry} from '../directory/entry.js'

const catalog = [entry('water'), entry('read', {sourceName: 'core'}), entry('create_issue', {source: 'mcp', sourceName: 'github'})]
const repair = (request: unknown) => repairToolCallRequest(request, catalog)

describe('repairToolCallRequest', () => {
  it('passes a well-formed request through', () => {
    expect(repair({id: 'openclaw:plugin:water', args: {zone: 'north'}})).toEqual({target: 'openclaw:plugin:water', args: {zone: 'north'}, ignoredKeys: []})
  })

  it('moves dotted args.x keys under args', () => {
    expect(repair({id: 'water', 'args.zone': 'north', 'args.minutes': 5})).toEqual({target: 'water', args: {zone: 'north', minutes: 5}, ignoredKeys: []})
    expect(repair({id: 'water', 'input.zone': 'north'}).args).toEqual({zone: 'north'})
  })

  it('lets a nested args win over flattened keys, which are ignored', () => {
    expect(repair({id: 'water', args: {zone: 'north'}, zone: 'south', minutes: 3})).toEqual({target: 'water', args: {zone: 'north'}, ignoredKeys: ['zone', 'minutes']})
  })

  it('reports every top-level key a nested args leaves unused: a selector naming no tool, a second wrapper', () => {
    expect(repair({id: 'water', name: 'Ada', args: {zone: 'north'}, input: {zone: 'south'}})).toEqual({
      target: 'water',
      args: {zone: 'north'},
      ignoredKeys: ['name', 'input'],
    })
    // Selectors that agree, an empty wrapper and dotted keys are all used, not ignored.
    expect(repair({id: 'openclaw:plugin:water', name: 'water', input: {}, 'args.minutes': 2, args: {zone: 'north'}}).ignoredKeys).toEqual([])
  })

  it('merges nested args over dotted keys', () => {
    expect(repair({id: 'water', 'args.zone': 'south', 'args.minutes': 2, args: {zone: 'north'}}).args).toEqual({zone: 'north', minutes: 2})
  })

  it('takes a nested input when args is absent or empty', () => {
    expect(repair({toolId: 'water', input: {zone: 'north'}}).args).toEqual({zone: 'north'})
    expect(repair({name: 'water', args: {}, input: {zone: 'north'}}).args).toEqual({zone: 'north'})
  })

  it('treats an empty or missing wrapper as flattened arguments and removes the selectors', () => {
    expect(repair({id: 'water', zone: 'north'})).toEqual({target: 'water', args: {zone: 'north'}, ignoredKeys: []})
    expect(repair({toolId: 'openclaw:plugin:water', args: {}, zone: 'north'}).args).toEqual({zone: 'north'})
    expect(repair({id: 'openclaw:plugin:water', name: 'water', zone: 'north'}).args).toEqual({zone: 'north'})
  })

  it('keeps selector keys that name no tool as target arguments', () => {
    expect(repair({id: 'create_issue', name: 'Crash on start', body: 'It crashes.'})).toEqual({
      target: 'create_issue',
      args: {name: 'Crash on start', body: 'It crashes.'},
      ignoredKeys: [],
    })
    expect(repair({name: 'water', id: 'not-a-tool'})).toEqual({target: 'water', args: {id: 'not-a-tool'}, ignoredKeys: []})
  })

  it('uses the first selector as the target when none names a tool, so the lookup reports it', () => {
    expect(repair({id: 'nope', x: 1})).toEqual({target: 'nope', args: {x: 1}, ignoredKeys: []})
  })

  it('rejects selectors naming different tools, nested or flattened', () => {
    expect(() => repair({id: 'water', name: 'read', zone: 'north'})).toThrow(AMBIGUOUS_SELECTORS_MESSAGE)
    expect(() => repair({id: 'water', toolId: 'create_issue', args: {zone: 'north'}})).toThrow(AMBIGUOUS_SELECTORS_MESSAGE)
    expect(AMBIGUOUS_SELECTORS_MESSAGE).toBe('Ambiguous tool selectors: pass the target tool id and nest target arguments under args.')
  })

  it('rejects requests without a selector or that are not objects', () => {
    expect(() => repair({args: {zone: 'north'}})).toThrow(MISSING_SELECTOR_MESSAGE)
    expect(() => repair({zone: 'north'})).toThrow(MISSING_SELECTOR_MESSAGE)
    expect(() => repair([{id: 'water'}])).toThrow(REQUEST_NOT_OBJECT_MESSAGE)
    expect(() => repair('water')).toThrow(REQUEST_NOT_OBJECT_MESSAGE)
    expect(() => repair({id: 'water', args: '{"zone":"north"}'})).toThrow('args must be an object.')
  })

  it('keeps a __proto__ key as a plain argument', () => {
    const {args} = repair(JSON.parse('{"id": "water", "__proto__": {"polluted": true}}'))
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype)
    expect(Object.keys(args)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('keeps __proto__ a plain argument when it arrives dotted or nested', () => {
    for (const text of ['{"id": "water", "args.__proto__": {"polluted": true}}', '{"id": "water", "args": {"__proto__": {"polluted": true}}}']) {
      const {args} = repair(JSON.parse(text))
      expect(Object.getPrototypeOf(args)).toBe(Object.prototype)
      expect(Object.keys(args)).toEqual(['__proto__'])
      expect((args as {polluted?: unknown}).polluted).toBeUndefined()
    }
  })
})
