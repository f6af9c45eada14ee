import {describe, expect, it} from 'vitest'

import {parseProbeTasks, unknownExpectedTools} from '../../src/probe/tasks.js'

describe('probe tasks', () => {
  it('reads tasks: one id or several, optional args and name; blank lines skipped', () => {
    const tasks = parseProbeTasks(['{"prompt": "Read README.md", "expect": "openclaw:core:read", "args": {"path": "README.md"}}', '', '{"prompt": "Search the web for the weather", "expect": ["openclaw:web:web_search", "openclaw:weather:weather_forecast"], "name": "weather"}'].join('\n'), 'tasks.jsonl')
    expect(tasks).toEqual([
      {number: 1, name: 'Read README.md', prompt: 'Read README.md', expect: ['openclaw:core:read'], args: {path: 'README.md'}, line: 1},
      {number: 2, name: 'weather', prompt: 'Search the web for the weather', expect: ['openclaw:web:web_search', 'openclaw:weather:weather_forecast'], line: 3},
    ])
  })

  it('reads a labelled eval query file as tasks', () => {
    expect(parseProbeTasks('{"query": "read a file", "relevant": ["openclaw:core:read", "openclaw:core:read"]}\n', 'q.jsonl')).toEqual([{number: 1, name: 'read a file', prompt: 'read a file', expect: ['openclaw:core:read'], line: 1}])
  })

  it.each([
    ['not JSON', '{"prompt": ', 'tasks.jsonl:1: not valid JSON'],
    ['not an object', '[1]', 'tasks.jsonl:1: must be a JSON object.'],
    ['no prompt', '{"expect": "a"}', 'tasks.jsonl:1: prompt must be a non-empty string.'],
    ['no expect', '{"prompt": "x"}', 'tasks.jsonl:1: expect must be a tool id or a non-empty array of tool ids.'],
    ['a bad id', '{"prompt": "x", "expect": ["a", 3]}', 'tasks.jsonl:1: expect[1] must be a non-empty string.'],
    ['args not an object', '{"prompt": "x", "expect": "a", "args": [1]}', 'tasks.jsonl:1: args must be a JSON object'],
    ['nothing at all', '\n\n', 'tasks.jsonl: no tasks found.'],
  ])('refuses %s, naming the line', (_name, text, message) => {
    expect(() => parseProbeTasks(text, 'tasks.jsonl')).toThrow(message)
  })

  it('names the tasks no tool of the catalog answers (one known expected id is enough)', () => {
    const tasks = parseProbeTasks('{"prompt": "a", "expect": ["x", "y"]}\n{"prompt": "b", "expect": ["z"]}\n', 't')
    expect(unknownExpectedTools(tasks, new Set(['y'])).map(({task, missing}) => [task.number, missing])).toEqual([[2, ['z']]])
  })
})
