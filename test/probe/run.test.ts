import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {loadCatalogs} from '../../src/catalog/load.js'
import {mockEndpoint} from '../../src/probe/endpoint.js'
import {startMockServer} from '../../src/probe/mock/server.js'
import {runProbe} from '../../src/probe/run.js'
import {readProbeTasks} from '../../src/probe/tasks.js'
import {ROOT} from '../helpers/cli.js'

describe('the probe run', () => {
  it('takes turns task by task, each task starting with the next lane, and shows its progress as a bar', async () => {
    const catalog = await loadCatalogs([join(ROOT, 'examples', 'catalog.json5')], {env: {}})
    const tasks = readProbeTasks(join(ROOT, 'test/fixtures/probe/tasks.jsonl'))
    const mock = await startMockServer()
    const progress: string[] = []
    try {
      const outcome = await runProbe({tasks, lanes: ['direct', 'tools', 'directory'], repeat: 1, maxRounds: 8, timeoutMs: 60_000, approve: false, settings: {searchDefaultLimit: 8, maxSearchLimit: 20}, catalog, endpoint: mockEndpoint(mock.baseUrl), signal: new AbortController().signal, progress: (line) => progress.push(line)})
      expect(outcome.runs.map((run) => `${run.task} ${run.lane}`)).toEqual(['1 direct', '1 tools', '1 directory', '2 tools', '2 directory', '2 direct', '3 directory', '3 direct', '3 tools'])
      expect(progress[0]).toBe('probe [--------------------] 0/9 direct: task 1 "weather"')
      expect(progress[4]).toBe('probe [#########-----------] 4/9 directory: task 2 "read a file"')
      // The line is cleared at the end.
      expect(progress.at(-1)).toBe('')
    } finally {
      await mock.close()
    }
  })
})
