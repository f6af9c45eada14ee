import {PassThrough} from 'node:stream'
import {describe, expect, it} from 'vitest'

import {askApproval} from '../../src/call/approval.js'
import type {CatalogEntry} from '../../src/catalog/types.js'

const entry = {id: 'openclaw:messaging:send_message', name: 'send_message', requiresApproval: true} as unknown as CatalogEntry

/** A fake terminal: the question is collected, the answer typed once it was asked. */
async function ask(args: Record<string, unknown>, answer: string): Promise<{approved: boolean; question: string}> {
  const input = Object.assign(new PassThrough(), {isTTY: true})
  const output = Object.assign(new PassThrough(), {isTTY: true})
  let question = ''
  output.setEncoding('utf8').on('data', (chunk: string) => {
    question += chunk
    if (question.includes('[y/N]')) input.write(answer)
  })
  const approved = await askApproval(entry, args, {input, output})
  return {approved, question}
}

describe('askApproval', () => {
  it('shows the arguments the tool would get before asking', async () => {
    const {approved, question} = await ask({channel: 'slack', to: '#garden', text: 'hi'}, 'y\n')
    expect(approved).toBe(true)
    expect(question).toBe('Arguments: {"channel":"slack","to":"#garden","text":"hi"}\nTool "openclaw:messaging:send_message" requires approval. Run it? [y/N] ')
  })

  it('neutralises control characters and shortens long arguments', async () => {
    const {approved, question} = await ask({text: `\u001b[2J${'x'.repeat(1000)}`}, 'n\n')
    expect(approved).toBe(false)
    const shown = question.split('\n')[0]!
    expect(shown).not.toMatch(/\u001b/)
    expect(shown.startsWith('Arguments: {"text":"\\u001b[2Jxxx')).toBe(true)
    expect(shown.endsWith('...')).toBe(true)
    expect(shown.length).toBeLessThan(420)
  })
})
