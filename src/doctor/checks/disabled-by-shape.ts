/**
 * `tools.toolSearch.disabled-by-shape`: an object whose only key is a non-boolean `enabled` (or
 * `{}`), or a value that is neither boolean nor object, silently turns Tool Search off.
 */
import {isRecord} from '../../shared/json.js'
import {TOOL_SEARCH_PATH, toolSearchValue} from '../../config/legacy.js'
import {locateOrigin} from '../../config/load.js'
import {finding} from '../registry.js'
import type {Check, CheckMeta} from '../types.js'
import {writtenValue} from './written.js'

const meta: CheckMeta = {
  id: 'tools.toolSearch.disabled-by-shape',
  type: 'suggestion',
  severity: 'warning',
  description: 'tools.toolSearch is {}, has only a non-boolean enabled, or is not a boolean or object: Tool Search is silently off.',
  fixable: false,
  messages: {
    emptyObject: 'tools.toolSearch is {}, which turns Tool Search off. Use true (or {enabled: true}) to turn it on, or false to say it is off.',
    nonBooleanEnabled: 'tools.toolSearch.enabled is {{value}}, not a boolean, and no other key is set, so Tool Search is off. Use enabled: true or enabled: false.',
    notObject: 'tools.toolSearch is {{value}}, which behaves as {} and turns Tool Search off. Use true or false.',
  },
}

export const disabledByShape: Check = {
  meta,
  detect({document}) {
    if (document === undefined) return []
    const value = toolSearchValue(document.resolved)
    const path = [...TOOL_SEARCH_PATH]
    if (value === undefined || typeof value === 'boolean') return []
    if (!isRecord(value)) return [finding(meta, {messageId: 'notObject', data: {value: writtenValue(document, path)}, path, location: locateOrigin(document, path)})]
    const keys = Object.keys(value)
    if (keys.length === 0) return [finding(meta, {messageId: 'emptyObject', path, location: locateOrigin(document, path)})]
    if (keys.length === 1 && keys[0] === 'enabled' && typeof value.enabled !== 'boolean') {
      const enabledPath = [...path, 'enabled']
      return [finding(meta, {messageId: 'nonBooleanEnabled', data: {value: writtenValue(document, enabledPath)}, path: enabledPath, location: locateOrigin(document, enabledPath)})]
    }
    return []
  },
}
