/**
 * `directory`: how the tool fares in the capability directory at the given context window and
 * mode. Only trusted deferred tools can be listed (MCP and client tools never are, by design);
 * of those, a name that is not a directory identifier or that another tool shares is never
 * listed, a row may be dropped to fit, and a description may be cut or left out.
 */
import {collapseWhitespace, compactDescription} from '../../shared/description.js'
import {DIRECTORY_IDENTIFIER, NAMES_ONLY, listableEntries} from '../../directory/render.js'
import {lintFinding} from '../registry.js'
import type {LintFinding, LintRule, LintRuleMeta} from '../types.js'

const meta: LintRuleMeta = {
  id: 'directory',
  severity: 'warning',
  description: 'At the given context window the tool is left out of the directory, or its description is cut.',
  messages: {
    invalidName: 'Its name "{{name}}" is not a directory identifier (letters, digits, _ . : -, starting with a letter or digit, at most 128), so the directory never lists it. Rename it.',
    sharedName: 'Its name "{{name}}" is shared with {{others}}, so the directory lists neither: only search reaches them. Give each a name of its own.',
    omitted: 'The directory for {{window}} has room for {{rows}} of {{listable}} rows and drops this one ({{position}} in name order). Only search reaches it; a larger context window, or fewer listed tools, would list it.',
    namesOnly: 'The directory for {{window}} lists names only, without its description.',
    cut: 'The directory for {{window}} cuts its description to {{cap}} characters: "{{shown}}".',
  },
}

export const directory: LintRule = {
  meta,
  detect(context) {
    const window = context.contextWindow === undefined ? 'no context window' : `a ${context.contextWindow}-token context window`
    const listable = listableEntries(context.entries)
    const position = new Map(listable.map((entry, index) => [entry.id, index]))
    const byName = new Map<string, string[]>()
    for (const entry of context.entries) byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry.id])
    const {rows, descriptionCap} = context.directory
    const findings: LintFinding[] = []
    for (const entry of context.entries) {
      if (entry.visibility !== 'deferred' || !entry.trusted) continue
      const base = {toolId: entry.id, location: context.locate(entry)}
      const index = position.get(entry.id)
      if (index === undefined) {
        const others = (byName.get(entry.name) ?? []).filter((id) => id !== entry.id)
        if (others.length > 0) findings.push(lintFinding(meta, {...base, messageId: 'sharedName', data: {name: entry.name, others: others.join(', ')}}))
        else if (!DIRECTORY_IDENTIFIER.test(entry.name)) findings.push(lintFinding(meta, {...base, messageId: 'invalidName', data: {name: entry.name}}))
        continue
      }
      if (index >= rows) {
        findings.push(lintFinding(meta, {...base, messageId: 'omitted', data: {window, rows, listable: listable.length, position: index + 1}}))
      } else if (descriptionCap === NAMES_ONLY) {
        findings.push(lintFinding(meta, {...base, severity: 'info', messageId: 'namesOnly', data: {window}}))
      } else {
        const shown = compactDescription(entry.description, descriptionCap)
        if (shown !== collapseWhitespace(entry.description)) findings.push(lintFinding(meta, {...base, severity: 'info', messageId: 'cut', data: {window, cap: descriptionCap, shown}}))
      }
    }
    return findings
  },
}
