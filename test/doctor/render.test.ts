import {describe, expect, it} from 'vitest'

import {type DoctorReport, doctorFindingRows, missingConfigRow} from '../../src/doctor/render.js'
import {FINDING_FORMATS, sarifLog} from '../../src/output/findings.js'

const context = {root: '/repo', version: '1.2.3'}
const renderDoctorGithub = (report: DoctorReport, {root}: {root: string}) => FINDING_FORMATS.github({rows: doctorFindingRows(report), rules: [], text: () => '', document: report}, {...context, root})

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

function report(message: string, file = '/repo/openclaw.json5'): DoctorReport {
  return {
    file,
    findings: [{check: 'config.schema', messageId: 'unknownKey', severity: 'error', path: 'tools.toolSearch', file, line: 3, column: 5, message, fixable: false}],
    changes: [],
    ok: false,
  }
}

describe('renderDoctorGithub', () => {
  it('pins the workflow-command shape and escapes %, line breaks, and : and , in properties', () => {
    expect(renderDoctorGithub(report('50% done\nnext', '/repo/a,b:c.json5'), {root: '/repo'})).toBe('::error file=a%2Cb%3Ac.json5,line=3,col=5,title=config.schema::50%25 done%0Anext')
  })

  it('never lets a control character from the config (an ESC in a key, a bidi override) reach the CI log', () => {
    const line = renderDoctorGithub(report('unknown key "mo\u001b[31mde\u202e"', '/repo/\u001b]0;x\u0007.json5'), {root: '/repo'})
    expect(line).not.toMatch(CONTROL)
    expect(line).toContain('unknown key "mo\\u001b[31mde\\u202e"')
    expect(line).toContain('file=\\u001b]0;x\\u0007.json5,')
  })
})

describe('renderDoctorGithub: paths GitHub can match', () => {
  it('relative to the repository root, with forward slashes; absolute outside it', () => {
    const base: DoctorReport = {file: '/repo/config/openclaw.json5', findings: [], changes: [], ok: true}
    const finding = {check: 'config.schema', messageId: 'x', severity: 'error' as const, path: 'a', message: 'm', fixable: false}
    const inside = renderDoctorGithub({...base, findings: [{...finding, file: '/repo/config/openclaw.json5', line: 1, column: 2}]}, {root: '/repo'})
    expect(inside).toBe('::error file=config/openclaw.json5,line=1,col=2,title=config.schema::m')
    const outside = renderDoctorGithub({...base, findings: [{...finding, file: '/home/u/.openclaw/openclaw.json'}]}, {root: '/repo'})
    expect(outside).toBe('::error file=/home/u/.openclaw/openclaw.json,title=config.schema::m')
  })
})

describe('doctor as SARIF', () => {
  it('one result per finding with its config path, in the config file when it names no file of its own', () => {
    const base: DoctorReport = {file: '/repo/openclaw.json5', findings: [], changes: [], ok: false}
    const findings = [
      {check: 'config.schema', messageId: 'unknownKey', severity: 'error' as const, path: 'tools.toolsearch', file: '/repo/openclaw.json5', line: 2, column: 3, message: 'unknown key', fixable: false},
      {check: 'config.parse', messageId: 'invalid', severity: 'error' as const, path: '', message: 'bad', fixable: false},
    ]
    const rules = [{id: 'config.parse', severity: 'error' as const, description: 'Parses.'}, {id: 'config.schema', severity: 'error' as const, description: 'Valid.'}]
    const sarif = sarifLog({rows: doctorFindingRows({...base, findings}), rules}, context) as {runs: Array<{results: Array<Record<string, unknown>>}>}
    expect(sarif.runs[0]!.results).toEqual([
      {ruleId: 'config.schema', ruleIndex: 1, level: 'error', message: {text: 'unknown key'}, locations: [{physicalLocation: {artifactLocation: {uri: 'openclaw.json5'}, region: {startLine: 2, startColumn: 3}}}], properties: {messageId: 'unknownKey', path: 'tools.toolsearch'}},
      {ruleId: 'config.parse', ruleIndex: 0, level: 'error', message: {text: 'bad'}, locations: [{physicalLocation: {artifactLocation: {uri: 'openclaw.json5'}}}], properties: {messageId: 'invalid'}},
    ])
  })

  it('a config file that does not exist is one error with no location', () => {
    expect(FINDING_FORMATS.github({rows: [missingConfigRow('Config file not found: /x.json5')], rules: [], text: () => '', document: undefined}, context)).toBe('::error title=config.missing::Config file not found: /x.json5')
  })
})
