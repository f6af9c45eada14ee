/**
 * oclif's `command_not_found` hook: an unknown command is a usage error like any other (exit 2),
 * with the nearest command names as suggestions, one line on stderr, or one JSON document on
 * stdout under `--json` (SPEC §9) — never oclif's default message.
 */
import type {Hook} from '@oclif/core'

import {closestMatches} from '../../shared/suggest.js'
import {exitCodeFor} from '../../shared/errors.js'
import {safeInline, terminalJson} from '../../output/terminal.js'

const MAX_SUGGESTIONS = 3

const commandNotFound: Hook<'command_not_found'> = async function (options) {
  const words = options.id.split(':')
  const topics = new Set(options.config.topics.map((topic) => topic.name))
  const typed = (topics.has(words[0]!) ? words.slice(0, 2) : words.slice(0, 1)).join(' ')
  const commands = [...options.config.commandIDs].sort().map((id) => id.replaceAll(':', ' '))
  const suggestions = closestMatches(typed, commands, MAX_SUGGESTIONS)
  const didYouMean = suggestions.length === 0 ? '' : ` Did you mean: ${suggestions.join(', ')}?`
  const message = `Unknown command: ${typed}.${didYouMean} Run "${options.config.bin} --help" for the list of commands.`
  process.exitCode = exitCodeFor('usage')
  if ((options.argv ?? []).includes('--json')) process.stdout.write(`${terminalJson({error: {code: 'unknown-command', message}}, 2)}\n`)
  else process.stderr.write(`Error: ${safeInline(message)}\n`)
}

export default commandNotFound
