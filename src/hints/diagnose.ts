/**
 * Why a hint is `unknown` or incomplete, for a person fixing the schema (`toolsearch lint`). The
 * renderer is the judge: the walk descends into the parts of the schema the renderer reads
 * (properties, items, union variants) and stops at the first part that renders incompletely
 * while all of its own parts render completely — that part is where the hint breaks — then names
 * what in it the renderer cannot show. Never used for the model's view.
 */
import {hasOwn, isRecord, ownValue} from '../shared/json.js'
import {type JsonPath, formatJsonPath} from '../shared/json-path.js'
import {NUMBER_BOUNDS, SHAPE_KEYWORDS, type SignatureLimits, UNSHOWN_KEYWORDS, renderSignature} from './signature.js'

export interface HintObstacle {
  /** JSON path inside the schema (`properties.filter.anyOf[1]`); `''` for the root. */
  path: string
  /** What there has no compact rendering, in a few words (`$ref`, `additionalProperties is open`). */
  reason: string
}

/** The sub-schemas the renderer descends into, with their paths. */
function parts(schema: Record<string, unknown>, path: JsonPath): Array<[unknown, JsonPath]> {
  const found: Array<[unknown, JsonPath]> = []
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = ownValue(schema, key)
    if (Array.isArray(variants)) variants.forEach((variant, index) => found.push([variant, [...path, key, index]]))
  }
  const properties = ownValue(schema, 'properties')
  if (isRecord(properties)) for (const key of Object.keys(properties)) found.push([properties[key], [...path, 'properties', key]])
  if (hasOwn(schema, 'items')) found.push([schema.items, [...path, 'items']])
  return found
}

/** What in `schema` itself (its parts render fine) keeps its rendering incomplete. */
function reasonAt(schema: unknown, depth: number, limits: SignatureLimits): string {
  if (!isRecord(schema)) return 'not a schema object'
  if (depth >= limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels`
  const unshown = UNSHOWN_KEYWORDS.find((keyword) => hasOwn(schema, keyword))
  if (unshown !== undefined) return unshown
  if (hasOwn(schema, 'anyOf') || hasOwn(schema, 'oneOf')) {
    const shape = SHAPE_KEYWORDS.find((keyword) => hasOwn(schema, keyword))
    return shape === undefined ? 'a union too large or with variants it cannot show' : `a union beside ${shape}`
  }
  const badBound = NUMBER_BOUNDS.find(([keyword]) => hasOwn(schema, keyword) && (typeof schema[keyword] !== 'number' || !Number.isFinite(schema[keyword])))
  if (badBound !== undefined) return `${badBound[0]} is not a number`
  if (ownValue(schema, 'type') === 'object' || hasOwn(schema, 'properties')) {
    const properties = ownValue(schema, 'properties')
    if (isRecord(properties) && Object.keys(properties).length > limits.maxProperties) return `more than ${limits.maxProperties} properties`
    if (ownValue(schema, 'additionalProperties') !== false) return 'additionalProperties is not false (an open object)'
    const required = ownValue(schema, 'required')
    const declared = (key: unknown) => typeof key === 'string' && isRecord(properties) && hasOwn(properties, key)
    if (Array.isArray(required) && !required.every(declared)) return 'required keys not declared in properties'
    return `its keys need more than ${limits.maxChars} characters`
  }
  if (ownValue(schema, 'type') === 'array' && !hasOwn(schema, 'items')) return 'an array without items'
  return hasOwn(schema, 'type') ? `type ${JSON.stringify(schema.type)} has no compact rendering` : 'no type'
}

/** Where and why `schema`'s hint is incomplete; undefined when it renders completely. */
export function hintObstacle(schema: unknown, limits: SignatureLimits): HintObstacle | undefined {
  const walk = (node: unknown, path: JsonPath, depth: number): HintObstacle | undefined => {
    if (renderSignature(node, limits, depth).complete) return undefined
    if (isRecord(node) && depth < limits.maxDepth) {
      for (const [part, partPath] of parts(node, path)) {
        const found = walk(part, partPath, depth + 1)
        if (found !== undefined) return found
      }
    }
    return {path: formatJsonPath(path), reason: reasonAt(node, depth, limits)}
  }
  return walk(schema, [], 0)
}
