/**
 * `tool_call` for a raw request, as `call --request` replays it: OpenClaw's provider-side check,
 * then the call, then the text the model reads (src/controls/answer.ts). A module of its own: only
 * `call` runs tools, and the other commands' controls do not load what running one takes.
 */
import {ToolsearchError, isToolsearchError} from '../shared/errors.js'
import {type CallEnvelope, type CallOutcome, isModelFacingError, modelToolCallResult} from '../call/call.js'
import {type ControlAnswer, controlErrorText, preparedControlArguments, toolCallErrorMessage, toolCallResultText} from './answer.js'

/**
 * `tool_call` for a raw request (JSON text): the provider-side check, then `call` (the repairs,
 * the lookup, the run) — the `{ tool, result }` text, or the error the model reads, with the
 * `hint` for a person beside it. Errors the model would not see (usage, an unavailable server)
 * are thrown. A request that is not JSON goes to `call` as it is, which says so.
 */
export async function answerToolCallRequest(
  request: string,
  call: (request: string) => Promise<CallOutcome>,
  searchDefaultLimit: number,
): Promise<{ok: true; text: string; envelope: CallEnvelope} | (Extract<ControlAnswer, {ok: false}> & {hint?: string})> {
  let parsed: unknown
  try {
    parsed = JSON.parse(request)
  } catch {
    parsed = undefined
  }
  if (parsed !== undefined) {
    const prepared = await preparedControlArguments('tool_call', parsed, searchDefaultLimit)
    if (!prepared.ok) return prepared
    request = JSON.stringify(prepared.args)
  }
  try {
    const outcome = await call(request)
    return {ok: true, text: toolCallResultText(modelToolCallResult(outcome) ?? outcome.envelope), envelope: outcome.envelope}
  } catch (error) {
    // An MCP tool that answered isError: OpenClaw hands the model its result.
    const modelResult = isToolsearchError(error) ? modelToolCallResult({error}) : undefined
    if (modelResult !== undefined) return {ok: false, text: toolCallResultText(modelResult), error: error as ToolsearchError}
    if (!isModelFacingError(error)) throw error
    return {ok: false, text: controlErrorText('tool_call', toolCallErrorMessage(error)), error, ...(error.hint === undefined ? {} : {hint: error.hint})}
  }
}
