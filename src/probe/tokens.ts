/**
 * Tokens of a request when the endpoint does not report its usage: counted with `gpt-tokenizer`
 * (OpenAI's `o200k_base` encoding, the GPT-4o and later one), loaded only when a count is needed.
 *
 * What is counted: the text of each message (content, tool-call names and arguments) plus the
 * tools array as JSON, with the chat framing OpenAI documents for its models (3 tokens a message,
 * 3 to prime the answer). A provider renders tool definitions its own way and another model family
 * has another vocabulary, so this is an estimate on the same scale for every lane, not the
 * provider's bill: the lanes compare, the absolute numbers are approximate.
 *
 * Each distinct text is counted once (the tools array and system prompt repeat on every request).
 */
import {createRequire} from 'node:module'

import type {ChatMessage, ChatTool} from './client.js'

export const TOKENIZER_PACKAGE = 'gpt-tokenizer'
export const TOKENIZER_ENCODING = 'o200k_base'
const TOKENS_PER_MESSAGE = 3
const REPLY_PRIMING = 3

type CountTokens = (text: string, options: {disallowedSpecial: Set<string>}) => number

let counter: CountTokens | undefined
let version: string | undefined

/** `gpt-tokenizer 4.0.0 (o200k_base)`. */
export function tokenizerName(): string {
  version ??= (createRequire(import.meta.url)(`${TOKENIZER_PACKAGE}/package.json`) as {version: string}).version
  return `${TOKENIZER_PACKAGE} ${version} (${TOKENIZER_ENCODING})`
}

async function loadCounter(): Promise<CountTokens> {
  counter ??= ((await import('gpt-tokenizer/encoding/o200k_base')) as unknown as {countTokens: CountTokens}).countTokens
  return counter
}

/** Counts texts, each distinct text once per counter. */
export class TokenCounter {
  private readonly cache = new Map<string, number>()
  private count!: CountTokens

  async ready(): Promise<this> {
    this.count = await loadCounter()
    return this
  }

  text(value: string): number {
    let tokens = this.cache.get(value)
    if (tokens === undefined) {
      // Text from tools may hold what looks like a special token: counted as text.
      tokens = this.count(value, {disallowedSpecial: new Set()})
      this.cache.set(value, tokens)
    }
    return tokens
  }

  /** The input tokens of one request. */
  request(messages: readonly ChatMessage[], tools: readonly ChatTool[] | undefined, toolsJson: string | undefined): number {
    let total = REPLY_PRIMING + (tools === undefined || tools.length === 0 || toolsJson === undefined ? 0 : this.text(toolsJson))
    for (const message of messages) total += TOKENS_PER_MESSAGE + this.message(message)
    return total
  }

  private message(message: ChatMessage): number {
    let total = message.content === null ? 0 : this.text(message.content)
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) total += this.text(call.function.name) + this.text(call.function.arguments)
    return total
  }

  /** The output tokens of an answer: its text and tool calls. */
  answer(text: string, calls: ReadonlyArray<{name: string; arguments: string}>): number {
    return (text === '' ? 0 : this.text(text)) + calls.reduce((sum, call) => sum + this.text(call.name) + this.text(call.arguments), 0)
  }
}
