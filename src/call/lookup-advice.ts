/**
 * Lookup failures told to a person. The lookup's own messages are written for the model ("Use
 * tool_search …, then tool_call") and stay exactly so where the model's view is shown (`call
 * --request`, `--request-file`); a person who typed a tool name gets what to do in a shell, with
 * the same words in text and in `--json`.
 */
import {ToolsearchError, isToolsearchError} from '../shared/errors.js'
import {safeInline} from '../output/terminal.js'

export function lookupErrorForPerson(error: unknown, target: string, command: 'call' | 'describe'): unknown {
  if (!isToolsearchError(error)) return error
  const name = safeInline(target)
  if (error.code === 'ambiguous-tool' && error.suggestions.length > 0) {
    const ids = error.suggestions.map((id) => safeInline(id))
    const message = [`Ambiguous tool name: ${name}: ${ids.length} tools have it:`, ...ids.map((id) => `  ${id}`), `Pick one by its id, e.g.: toolsearch ${command} ${ids[0]}${command === 'call' ? ' …' : ''}`].join('\n')
    return new ToolsearchError(error.code, message, {suggestions: error.suggestions, cause: error})
  }
  if (error.code === 'unknown-tool') {
    const near = error.suggestions.length === 0 ? '' : ` Did you mean: ${error.suggestions.map((item) => safeInline(item)).join(', ')}?`
    const message = `Unknown tool: ${name}.${near}\nSee every tool with: toolsearch catalog list (add --name '<glob>' to narrow it), or find one with: toolsearch search <words>`
    return new ToolsearchError(error.code, message, {suggestions: error.suggestions, cause: error})
  }
  if (error.code === 'direct-only-tool') {
    const message = `Direct-only tool: ${name}. The model is given it directly, not through the tool catalog, so toolsearch ${command} does not reach it (toolsearch catalog list shows it).`
    return new ToolsearchError(error.code, message, {suggestions: error.suggestions, cause: error})
  }
  return error
}
