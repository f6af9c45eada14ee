/**
 * The built-in checks as tables of configs, ESLint style (`check-tester.ts`): message ids, data
 * and paths; the wording is pinned once, in render.test.ts and checks.test.ts.
 */
import {testCheck} from './check-tester.js'

const toolSearch = (value: string) => `{\n  tools: {\n    toolSearch: ${value},\n  },\n}\n`

testCheck('tools.toolSearch.disabled-by-shape', {
  valid: [toolSearch('true'), toolSearch('false'), toolSearch('{enabled: false}'), toolSearch('{mode: "tools"}'), toolSearch('{enabled: "yes", mode: "tools"}'), '{}'],
  invalid: [
    {config: toolSearch('{}'), findings: [{messageId: 'emptyObject', path: 'tools.toolSearch'}]},
    {config: toolSearch('{enabled: "yes"}'), findings: [{messageId: 'nonBooleanEnabled', data: {value: '"yes"'}, path: 'tools.toolSearch.enabled'}]},
    {config: toolSearch('null'), findings: [{messageId: 'notObject', data: {value: 'null'}, path: 'tools.toolSearch'}]},
  ],
})

testCheck('tools.toolSearch.limits', {
  valid: [toolSearch('{searchDefaultLimit: 8, maxSearchLimit: 50}'), toolSearch('{searchDefaultLimit: 50, maxSearchLimit: 50}'), toolSearch('true')],
  invalid: [
    {
      config: toolSearch('{searchDefaultLimit: 0, maxSearchLimit: 2.5}'),
      findings: [
        {messageId: 'ignored', data: {key: 'searchDefaultLimit', value: '0', fallback: 8}, path: 'tools.toolSearch.searchDefaultLimit'},
        {messageId: 'ignored', data: {key: 'maxSearchLimit', value: '2.5', fallback: 20}, path: 'tools.toolSearch.maxSearchLimit'},
      ],
    },
    {
      config: toolSearch('{searchDefaultLimit: 60, maxSearchLimit: 99}'),
      findings: [
        {messageId: 'maxClamped', data: {value: 99}, path: 'tools.toolSearch.maxSearchLimit'},
        {messageId: 'defaultClamped', data: {value: 60, max: 50}, path: 'tools.toolSearch.searchDefaultLimit'},
      ],
    },
  ],
})

testCheck('tools.toolSearch.structured-only', {
  valid: [toolSearch('{mode: "tools"}'), toolSearch('{mode: "directory"}'), toolSearch('{mode: "${MODE}"}'), {config: toolSearch('{mode: "${MODE}"}'), env: {MODE: 'tools'}}],
  invalid: [
    {
      config: toolSearch('{mode: "code"}'),
      findings: [{messageId: 'retiredMode', path: 'tools.toolSearch.mode'}],
      output: toolSearch('{mode: "tools"}'),
    },
    {
      config: toolSearch('{\n      mode: "code", // kept\n      codeTimeoutMs: 5000,\n    }'),
      findings: [
        {messageId: 'retiredMode', path: 'tools.toolSearch.mode'},
        {messageId: 'retiredTimeout', path: 'tools.toolSearch.codeTimeoutMs'},
      ],
      output: toolSearch('{\n      mode: "tools", // kept\n    }'),
    },
    {
      config: toolSearch('{mode: "${MODE}"}'),
      env: {MODE: 'code'},
      findings: [{messageId: 'retiredModeFromEnv', data: {written: '"${MODE}"'}, path: 'tools.toolSearch.mode'}],
    },
  ],
})
