/**
 * `tools.toolSearch.structured-only` (SPEC §3.2): the retired code mode. Detection is
 * `findRetiredSettings` on the resolved config (what the gateway sees); the fix is the migration
 * table — `mode: "code"` becomes `"tools"`, and `codeTimeoutMs` is removed, leaving
 * `enabled: true` behind when the timeout was the only thing that kept a non-boolean-`enabled`
 * object enabled. A mode that is "code" only through a `${VAR}` reference is reported but not
 * fixed: the fix would replace the reference, and the value lives in the environment.
 */
import {isRecord} from '../../shared/json.js'
import {applyEdits, editBetween, singleEdit, unchangedBy} from '../../config/edit.js'
import {MODE_MIGRATED_CHANGE, RETIRED_MODE_MESSAGE, RETIRED_TIMEOUT_MESSAGE, TIMEOUT_REMOVED_CHANGE, findRetiredSettings, toolSearchValue} from '../../config/legacy.js'
import {type IncludeOwner, includeOwnerOf} from '../../config/include-owner.js'
import {locateOrigin} from '../../config/load.js'
import {type ConfigPath, parseConfigPath} from '../../config/path.js'
import {planRemove, planSet} from '../../config/plan.js'
import {valueAtPath} from '../../config/query.js'
import {type ConfigSource, parseSource} from '../../config/source.js'
import {finding} from '../registry.js'
import type {Check, CheckMeta, FixContext} from '../types.js'
import {writtenValue} from './written.js'

const meta: CheckMeta = {
  id: 'tools.toolSearch.structured-only',
  type: 'migration',
  severity: 'error',
  description: 'Retired code-mode settings (mode "code", codeTimeoutMs) that the gateway refuses; --fix migrates them.',
  fixable: true,
  messages: {
    retiredMode: RETIRED_MODE_MESSAGE,
    retiredModeFromEnv:
      'Tool Search code mode (tool_search_code) is retired; use structured Tool Search. tools.toolSearch.mode is written as {{written}}, which the environment turns into "code": make it "tools" there (doctor --fix never rewrites a ${VAR} reference).',
    retiredTimeout: RETIRED_TIMEOUT_MESSAGE,
    modeMigrated: MODE_MIGRATED_CHANGE,
    timeoutRemoved: TIMEOUT_REMOVED_CHANGE,
  },
}

const MODE_PATH = parseConfigPath('tools.toolSearch.mode')
const TIMEOUT_PATH = parseConfigPath('tools.toolSearch.codeTimeoutMs')
const ENABLED_PATH = parseConfigPath('tools.toolSearch.enabled')

/** A finding's fixability from where its value was written: unfixable, with the reason, when no one file owns it. */
function fixability(owner: IncludeOwner): {fixable?: false; includeBlock?: Extract<IncludeOwner, {kind: 'blocked'}>} {
  return owner.kind === 'blocked' ? {fixable: false, includeBlock: owner} : {}
}

/** The file a fix edits and the path of the setting inside it. */
function fixTarget(document: FixContext['document'], path: readonly string[]): {source: ConfigSource; at: (path: ConfigPath) => ConfigPath; file?: string} | undefined {
  const owner = includeOwnerOf(document, path)
  if (owner.kind === 'top') return {source: document.source, at: (full) => full}
  if (owner.kind === 'blocked') return undefined
  const source = document.sources.get(owner.file)
  if (source === undefined) return undefined
  return {source, at: (full) => full.slice(owner.boundary.length), file: owner.file}
}

/** After removing codeTimeoutMs: a non-boolean `enabled` with no other key left would disable it. */
function needsEnabledTrue(toolSearch: Record<string, unknown>): boolean {
  const rest = Object.keys(toolSearch).filter((key) => key !== 'codeTimeoutMs' && key !== 'enabled')
  return typeof toolSearch.enabled !== 'boolean' && rest.length === 0
}

export const structuredOnly: Check = {
  meta,
  detect({document}) {
    if (document === undefined) return []
    return findRetiredSettings(document.resolved).map((setting) => {
      const fixable = fixability(includeOwnerOf(document, setting.path))
      if (setting.key === 'codeTimeoutMs') return finding(meta, {messageId: 'retiredTimeout', path: setting.path, location: locateOrigin(document, setting.path, 'key'), ...fixable})
      const location = locateOrigin(document, setting.path)
      const written = valueAtPath(document.authored, setting.path)
      if (written.found && written.value !== 'code') {
        return finding(meta, {messageId: 'retiredModeFromEnv', data: {written: writtenValue(document, setting.path)}, path: setting.path, location, fixable: false})
      }
      return finding(meta, {messageId: 'retiredMode', path: setting.path, location, ...fixable})
    })
  },
  fix(found, context) {
    const target = fixTarget(context.document, found.path)
    if (target === undefined) return undefined
    const {source, at, file} = target
    const where = file === undefined ? {} : {file}
    if (found.messageId === 'retiredMode') return {...where, edits: planSet(source, at(MODE_PATH), 'tools').edits, changeMessageId: 'modeMigrated'}
    const toolSearch = toolSearchValue(context.document.authored)
    if (!isRecord(toolSearch)) return undefined
    const removal = planRemove(source, at(TIMEOUT_PATH)).edits
    if (!needsEnabledTrue(toolSearch)) return {...where, edits: singleEdit(source.text, removal), changeMessageId: 'timeoutRemoved'}
    const removed = applyEdits(source.text, removal)
    const reparsed = parseSource(source.file, removed, source.format, source.rootPrefix[0])
    const enable = planSet(reparsed, at(ENABLED_PATH), true).edits
    const after = applyEdits(removed, enable)
    return {...where, edits: editBetween(source.text, after, unchangedBy(removed, enable, unchangedBy(source.text, removal))), changeMessageId: 'timeoutRemoved'}
  },
}
