import {describe, expect, it} from 'vitest'

import {type LaneSummary, probeVerdict} from '../../src/probe/report.js'

function lane(name: LaneSummary['lane'], successes: number, inputTokens: number, runs = 10): LaneSummary {
  return {lane: name, runs, successes, successRate: successes / runs, wrongToolCalls: 0, rounds: 2, searches: 0, describes: 0, calls: 1, directCalls: 0, schemaRecoveries: 0, malformedArguments: 0, maxRoundsReached: 0, requestBytes: 0, inputTokens, outputTokens: 0, wallMs: 0, upFront: {tools: 1, systemBytes: 0, toolsBytes: 0}}
}

describe('the verdict', () => {
  it.each([
    ['same success, fewer tokens', [lane('direct', 9, 10_000), lane('tools', 9, 2_500), lane('directory', 9, 1_900)], true, 'directory: same success, 81% fewer input tokens per task.'],
    ['same success, more tokens', [lane('direct', 9, 1_000), lane('tools', 9, 1_470)], true, 'direct exposure is cheaper for this catalog: tools needs 47% more input tokens per task at the same success.'],
    ['higher success', [lane('direct', 6, 1_000), lane('directory', 9, 1_200)], true, 'directory: higher success (9/10 against 6/10 direct), 20% more input tokens per task.'],
    ['lower success', [lane('direct', 9, 10_000), lane('tools', 7, 2_000)], true, 'direct exposure succeeds more often for this catalog (9/10 against 7/10 in tools), while tools needs 80% fewer input tokens per task.'],
    ['no direct lane', [lane('tools', 9, 2_000), lane('directory', 9, 1_000)], true, 'directory does best of the Tool Search lanes (9/10 succeeded, 50% fewer input tokens per task than tools); run the direct lane too to compare with direct exposure.'],
    ['one lane, part of the tasks', [lane('direct', 3, 100, 4)], false, 'on the tasks that ran, only the direct lane ran: nothing to compare it with.'],
  ] as const)('%s', (_name, lanes, complete, text) => {
    expect(probeVerdict(lanes, complete).text).toBe(text)
  })
})
