import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

import {loadCatalogs} from '../../src/catalog/load.js'
import {guardToolResultText} from '../../src/controls/context-guard.js'
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

  it("sends each tool result as OpenClaw puts it in the model's context: cut to the model's window; the transcript keeps it whole", async () => {
    const catalog = await loadCatalogs([join(ROOT, 'examples', 'catalog.json5')], {env: {}})
    const [task] = readProbeTasks(join(ROOT, 'test/fixtures/probe/tasks.jsonl'))
    const sentResults = async (contextWindow: number) => {
      const bodies: Array<Record<string, unknown>> = []
      const mock = await startMockServer({onRequest: (body) => bodies.push(body)})
      try {
        const outcome = await runProbe({tasks: [task!], lanes: ['tools'], repeat: 1, maxRounds: 2, timeoutMs: 60_000, approve: false, settings: {searchDefaultLimit: 8, maxSearchLimit: 20}, catalog, endpoint: mockEndpoint(mock.baseUrl, contextWindow), signal: new AbortController().signal})
        // The first tool result: the search, as the transcript holds it and as the second request sent it.
        const stored = outcome.runs[0]!.events.map((event) => event.message as {role?: string; content?: Array<{text: string}>} | undefined).find((message) => message?.role === 'toolResult')!.content![0]!.text
        const sent = (bodies[1]!.messages as Array<{role: string; content: string}>).find((message) => message.role === 'tool')!.content
        return {stored, sent}
      } finally {
        await mock.close()
      }
    }
    const small = await sentResults(1000)
    expect(small.sent).toBe(guardToolResultText(small.stored, 1000))
    expect(small.sent.length).toBeLessThan(small.stored.length)
    const large = await sentResults(128_000)
    expect(large.sent).toBe(large.stored)
  })
})
