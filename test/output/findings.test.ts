import {describe, expect, it} from 'vitest'

import {FINDING_FORMAT_NAMES, type FindingRow, findingWarnings} from '../../src/output/findings.js'

const row = (over: Partial<FindingRow>): FindingRow => ({rule: 'r', messageId: 'm', severity: 'warning', message: 'not JSON; skipped.', ...over})

describe('the output formats of findings', () => {
  it('are text, the --json document, GitHub annotations and SARIF', () => {
    expect(FINDING_FORMAT_NAMES).toEqual(['text', 'json', 'github', 'sarif'])
  })
})

describe('findingWarnings', () => {
  it('says where (file, line, subject) and what, the first few rows only, then how many more', () => {
    const rows = [row({file: 'log.jsonl', line: 3}), row({file: 'agent.sqlite', subject: 'session s1 event 7', severity: 'error', message: 'bad'}), row({file: 'x'})]
    expect(findingWarnings(rows, 2, (more) => `${more} more`)).toEqual(['Warning: log.jsonl:3: not JSON; skipped.', 'Error: agent.sqlite session s1 event 7: bad', '1 more'])
    expect(findingWarnings(rows.slice(0, 2), 2, () => 'never')).toHaveLength(2)
  })

  it('neutralises control characters in the place and the message', () => {
    expect(findingWarnings([row({file: 'a\u001b[31m.jsonl', line: 1, message: 'x\u202e'})], 10, String)).toEqual(['Warning: a\\u001b[31m.jsonl:1: x\\u202e'])
  })
})
