import {finding} from '../registry.js'
import type {Check, CheckMeta} from '../types.js'

const meta: CheckMeta = {
  id: 'config.parse',
  type: 'problem',
  severity: 'error',
  description: 'The config file (and every file it includes) is valid JSON5 with an object at the top and no __proto__-style keys.',
  fixable: false,
  messages: {invalid: '{{message}}'},
}

/** Reports why the file could not be loaded; every other check needs a loaded file. */
export const configParse: Check = {
  meta,
  detect({loadError}) {
    if (loadError === undefined) return []
    return [finding(meta, {messageId: 'invalid', data: {message: loadError.message}, location: {file: loadError.file, line: loadError.line, column: loadError.column}})]
  },
}
