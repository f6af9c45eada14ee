import {formatConfigPath} from '../../config/path.js'
import {finding} from '../registry.js'
import type {Check, CheckMeta} from '../types.js'

const meta: CheckMeta = {
  id: 'config.env',
  type: 'problem',
  severity: 'warning',
  description: 'Every ${VAR} reference in a string has a value in the environment.',
  fixable: false,
  messages: {missing: '${{{variable}}} is not set in the environment (used by {{path}}); the reference stays as written.'},
}

export const configEnv: Check = {
  meta,
  detect({document}) {
    if (document === undefined) return []
    return document.warnings
      .filter((warning) => warning.code === 'config.env')
      .map((warning) =>
        finding(meta, {
          messageId: 'missing',
          data: {variable: warning.variable ?? '', path: formatConfigPath(warning.path ?? [])},
          path: warning.path ?? [],
          location: {file: warning.file, line: warning.line, column: warning.column},
        }),
      )
  },
}
