/**
 * `tools.toolSearch.limits`: limits the runtime ignores (not a positive integer) or clamps
 * (`maxSearchLimit` over 50, `searchDefaultLimit` above `maxSearchLimit`).
 */
import {isRecord} from '../../shared/json.js'
import {MAX_SEARCH_LIMIT_CAP, TOOL_SEARCH_DEFAULTS, effectiveLimits, isUsableLimit} from '../../config/effective.js'
import {TOOL_SEARCH_PATH, toolSearchValue} from '../../config/legacy.js'
import {locateOrigin} from '../../config/load.js'
import {finding} from '../registry.js'
import type {Check, CheckMeta, Finding} from '../types.js'
import {writtenValue} from './written.js'

const meta: CheckMeta = {
  id: 'tools.toolSearch.limits',
  type: 'suggestion',
  severity: 'warning',
  description: 'Search limits that are ignored (not a positive integer) or clamped (maxSearchLimit over 50, searchDefaultLimit above maxSearchLimit).',
  fixable: false,
  messages: {
    ignored: 'tools.toolSearch.{{key}} is {{value}}, not a positive integer: it is ignored and the default {{fallback}} applies.',
    maxClamped: `tools.toolSearch.maxSearchLimit is {{value}}; it is clamped to ${MAX_SEARCH_LIMIT_CAP}.`,
    defaultClamped: 'tools.toolSearch.searchDefaultLimit is {{value}}, above maxSearchLimit {{max}}; it is clamped to {{max}}.',
  },
}

export const limits: Check = {
  meta,
  detect({document}) {
    if (document === undefined) return []
    const value = toolSearchValue(document.resolved)
    if (!isRecord(value)) return []
    const findings: Finding[] = []
    const at = (key: string) => {
      const path = [...TOOL_SEARCH_PATH, key]
      return {path, location: locateOrigin(document, path)}
    }
    for (const key of ['searchDefaultLimit', 'maxSearchLimit'] as const) {
      if (!Object.hasOwn(value, key) || isUsableLimit(value[key])) continue
      findings.push(finding(meta, {messageId: 'ignored', data: {key, value: writtenValue(document, [...TOOL_SEARCH_PATH, key]), fallback: TOOL_SEARCH_DEFAULTS[key]}, ...at(key)}))
    }
    if (isUsableLimit(value.maxSearchLimit) && value.maxSearchLimit > MAX_SEARCH_LIMIT_CAP) {
      findings.push(finding(meta, {messageId: 'maxClamped', data: {value: value.maxSearchLimit}, ...at('maxSearchLimit')}))
    }
    const max = effectiveLimits(value).maxSearchLimit.value
    if (isUsableLimit(value.searchDefaultLimit) && value.searchDefaultLimit > max) {
      findings.push(finding(meta, {messageId: 'defaultClamped', data: {value: value.searchDefaultLimit, max}, ...at('searchDefaultLimit')}))
    }
    return findings
  },
}
