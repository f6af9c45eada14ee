import {locateOrigin} from '../../config/load.js'
import {formatConfigPath} from '../../config/path.js'
import {finding} from '../registry.js'
import type {Check, CheckMeta} from '../types.js'

const meta: CheckMeta = {
  id: 'config.schema',
  type: 'problem',
  severity: 'error',
  description: "The whole config matches OpenClaw's config schema (toolsearch config schema); unknown keys come with a suggestion.",
  fixable: false,
  messages: {violation: '{{path}} {{problem}}.'},
}

/** Schema violations: unknown keys point at the key, wrong values at the value. */
export const configSchema: Check = {
  meta,
  detect({document, problems}) {
    if (document === undefined) return []
    return problems
      .filter((problem) => problem.kind === 'schema')
      .map((problem) =>
        finding(meta, {
          messageId: 'violation',
          data: {path: formatConfigPath(problem.path) || 'The config', problem: problem.message},
          path: problem.path,
          location: locateOrigin(document, problem.path, problem.message.startsWith('unknown key') ? 'key' : 'value'),
        }),
      )
  },
}
