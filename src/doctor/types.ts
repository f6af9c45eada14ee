/**
 * Doctor checks after ESLint's rules: a check is `meta` (id, type, severity, description,
 * fixable, messages by id) plus `detect(context) → findings` and, when fixable,
 * `fix(finding, context) → edits`. Findings are values: ids and data, rendered elsewhere.
 */
import type {Edit} from '../config/edit.js'
import type {IncludeOwner} from '../config/include-owner.js'
import type {ConfigDocument} from '../config/load.js'
import type {ConfigProblem} from '../config/validate.js'
import type {ToolsearchError} from '../shared/errors.js'
import type {MessageData, RuleMeta, Severity} from '../shared/rules.js'

export type {Severity} from '../shared/rules.js'

/** A check's metadata (`RuleMeta`: its id is dotted, `tools.toolSearch.structured-only`), with its type and whether it fixes. */
export interface CheckMeta extends RuleMeta {
  type: 'problem' | 'migration' | 'suggestion'
  fixable: boolean
}

export interface Location {
  file?: string
  line?: number
  column?: number
}

export interface Finding {
  check: string
  messageId: string
  data: MessageData
  severity: Severity
  /** Config path the finding is about (empty for the file as a whole). */
  path: string[]
  location: Location
  fixable: boolean
  /** Set when a fix would have to be written in an included file that cannot take it alone. */
  includeBlock?: Extract<IncludeOwner, {kind: 'blocked'}>
}

export interface CheckContext {
  /** The loaded document; undefined when the file could not be parsed. */
  document?: ConfigDocument
  /** Why the file could not be parsed (for `config.parse`). */
  loadError?: ToolsearchError
  /** Schema and retired-setting problems of the resolved config, computed once. */
  problems: ConfigProblem[]
}

export interface FixContext {
  /** The loaded document; fixes plan edits against `document.source`. */
  document: ConfigDocument
}

export interface Fix {
  /** The file the edits are planned against (absolute); the top-level config file when absent. */
  file?: string
  edits: Edit[]
  /** Message id (declared in meta.messages) of the change line. */
  changeMessageId: string
  data?: MessageData
}

export interface Check {
  meta: CheckMeta
  detect(context: CheckContext): Finding[]
  /** Only on fixable checks; undefined when this finding cannot be fixed here. */
  fix?(finding: Finding, context: FixContext): Fix | undefined
}
