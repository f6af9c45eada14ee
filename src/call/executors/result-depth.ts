/**
 * A tool's result is printed (pretty JSON, or the human rendering), and printing recurses: a
 * result nested tens of thousands of levels deep would overflow the stack and end the command
 * with an internal error. Results deeper than this are refused as the tool's error instead;
 * real results stay far below it.
 */
import {findDefect} from '../../catalog/guard.js'

export const MAX_RESULT_DEPTH = 1000

/** Why a decoded result cannot be shown, or undefined when it can. */
export function resultDepthProblem(result: unknown): string | undefined {
  const defect = findDefect(result, [], {maxDepth: MAX_RESULT_DEPTH, allowProtoKey: true})
  return defect === undefined ? undefined : `a result nested deeper than ${MAX_RESULT_DEPTH} levels (it is not shown)`
}
