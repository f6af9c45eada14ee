/** The built-in checks, in the order doctor runs and lists them. */
import {CheckRegistry} from '../registry.js'
import {configEnv} from './config-env.js'
import {configParse} from './config-parse.js'
import {configSchema} from './config-schema.js'
import {disabledByShape} from './disabled-by-shape.js'
import {limits} from './limits.js'
import {structuredOnly} from './structured-only.js'

export function builtinChecks(): CheckRegistry {
  return new CheckRegistry().register(configParse).register(configSchema).register(structuredOnly).register(disabledByShape).register(limits).register(configEnv)
}
