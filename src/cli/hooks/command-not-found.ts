/**
 * oclif's `command_not_found` hook: an unknown command is a usage error like any other (exit 2),
 * with the nearest command or topic names as suggestions (`serch` → `search`, `confg` → `config`), one line on stderr, or one JSON document on
 * stdout under `--json` (SPEC §9) — never oclif's default message.
 */
import type {Hook} from '@oclif/core'

import {closestMatches} from '../../shared/suggest.js'
import {exitCodeFor} from '../../shared/errors.js'
import {safeInline, terminalJson} from '../../output/terminal.js'
import {writeStdout} from '../../output/stdout.js'

const MAX_SUGGESTIONS = 3

const commandNotFound: Hook<'command_not_found'> = async function (options) {
  const words = options.id.split(':')
  const topics = new Set(options.config.topics.map((topic) => topic.name))
  const typed = (topics.has(words[0]!) ? words.slice(0, 2) : words.slice(0, 1)).join(' ')
  const commands = [...options.config.commandIDs].sort().map((id) => id.replaceAll(':', ' '))
  // A topic that is also a command (none today) is offered once.
  const candidates = [...new Set([...commands, ...[...topics].sort()])]
  const suggestions = closestMatches(typed, candidates, MAX_SUGGESTIONS).map((match) => topicCommand(match, [...words.slice(1), ...(options.argv ?? [])], commands))
  const didYouMean = suggestions.length === 0 ? '' : ` Did you mean: ${suggestions.join(', ')}?`
  const message = `Unknown command: ${typed}.${didYouMean} Run "${options.config.bin} --help" for the list of commands.`
  process.exitCode = exitCodeFor('usage')
  if ((options.argv ?? []).includes('--json')) writeStdout(`${terminalJson({error: {code: 'unknown-command', message}}, 2)}\n`)
  else process.stderr.write(`Error: ${safeInline(message)}\n`)
}

/**
 * A topic suggested for a mistyped first word (`confg` → `config`) becomes the command the next
 * word names under it when there is one (`confg get` → `config get`).
 */
function topicCommand(match: string, rest: readonly string[], commands: readonly string[]): string {
  const next = rest.find((word) => !word.startsWith('-'))
  return next !== undefined && commands.includes(`${match} ${next}`) ? `${match} ${next}` : match
}

export default commandNotFound
