/**
 * The JSON Schema of what toolsearch validates (SPEC §1.3, §2) and its validation with ajv, which
 * is loaded only when something is validated. Everything the schema does not mention is
 * OpenClaw's business and passes through (no `additionalProperties: false` outside
 * `tools.toolSearch`). The containers on the way to a validated value must be objects.
 */
import {formatConfigPath} from './path.js'

const positiveInteger = {type: 'integer', minimum: 1} as const

export const TOOL_SEARCH_KEYS = ['enabled', 'mode', 'searchDefaultLimit', 'maxSearchLimit'] as const

export const CONFIG_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'toolsearch-config',
  title: 'OpenClaw config: the parts toolsearch validates',
  type: 'object',
  properties: {
    tools: {
      type: 'object',
      properties: {
        toolSearch: {
          description: 'Tool Search: a boolean, or an object with only the keys below.',
          type: ['boolean', 'object'],
          properties: {
            enabled: {type: 'boolean', description: 'On or off; when absent, any other key means on.'},
            mode: {enum: ['tools', 'directory', 'code'], description: '"tools" (default) or "directory". "code" is retired: doctor --fix migrates it.'},
            searchDefaultLimit: {...positiveInteger, description: 'Results per search when the model sets no limit (default 8, at most maxSearchLimit).'},
            maxSearchLimit: {...positiveInteger, description: 'Upper bound on results per search (default 20, at most 50).'},
            codeTimeoutMs: {description: 'Retired: doctor --fix removes it.'},
          },
          additionalProperties: false,
        },
        allow: {type: 'array', items: {type: 'string'}, description: 'Only tools matching these globs (names or ids); empty or absent allows all.'},
        deny: {type: 'array', items: {type: 'string'}, description: 'Tools matching these globs (names or ids) are hidden; deny wins over allow.'},
      },
    },
    agents: {
      type: 'object',
      properties: {
        defaults: {
          type: 'object',
          properties: {
            experimental: {
              type: 'object',
              properties: {localModelLean: {type: 'boolean', description: 'Apply the local-model Tool Search overlay for every model.'}},
            },
          },
        },
      },
    },
    models: {
      type: 'object',
      properties: {
        providers: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            properties: {
              baseUrl: {type: 'string'},
              localService: {type: 'boolean', description: 'The provider runs locally at baseUrl.'},
            },
          },
        },
      },
    },
  },
} as const

export interface SchemaProblem {
  /** Config path of the offending value. */
  path: string[]
  message: string
}

interface AjvError {
  instancePath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
  parentSchema?: Record<string, unknown>
}

type Validator = ((data: unknown) => boolean) & {errors?: AjvError[] | null}

let compiled: Promise<Validator> | undefined

/** Compiles the schema once per process, importing ajv on first use. */
function validator(): Promise<Validator> {
  compiled ??= import('ajv').then((module) => {
    const Ajv = (module.default ?? module) as unknown as new (options: object) => {compile(schema: object): Validator}
    return new Ajv({allErrors: true, verbose: true, strict: false}).compile(CONFIG_SCHEMA)
  })
  return compiled
}

function decodePointer(pointer: string): string[] {
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}

function describeProblem(error: AjvError): SchemaProblem {
  const path = decodePointer(error.instancePath)
  const schema = error.parentSchema ?? {}
  if (error.keyword === 'additionalProperties') {
    const key = String(error.params.additionalProperty)
    return {path: [...path, key], message: `unknown key "${key}" (allowed: ${TOOL_SEARCH_KEYS.join(', ')})`}
  }
  if (schema.type === 'integer' && schema.minimum === 1) return {path, message: 'must be a positive integer'}
  if (error.keyword === 'type') {
    const types = ([] as string[]).concat(error.params.type as string | string[])
    return {path, message: `must be ${types.map(article).join(' or ')}`}
  }
  if (error.keyword === 'enum') return {path, message: 'must be "tools" or "directory"'}
  return {path, message: error.message ?? `fails ${error.keyword}`}
}

/** Validates a resolved config; one problem per offending path, in document order of ajv. */
export async function validateSchema(config: unknown): Promise<SchemaProblem[]> {
  const validate = await validator()
  if (validate(config)) return []
  const problems: SchemaProblem[] = []
  const seen = new Set<string>()
  for (const error of validate.errors ?? []) {
    const problem = describeProblem(error)
    const key = formatConfigPath(problem.path)
    if (seen.has(key)) continue
    seen.add(key)
    problems.push(problem)
  }
  return problems
}
