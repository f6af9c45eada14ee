/**
 * Approval for tools marked `requiresApproval: true` (SPEC §8.4). `--approve` pre-approves;
 * `--no-approve` or a session without a terminal to ask on blocks the call; otherwise the user is
 * asked on the terminal (question on stderr, answer on stdin), and anything but yes blocks it.
 */
import {createInterface} from 'node:readline/promises'

import type {CatalogEntry} from '../catalog/types.js'
import {compactDescription} from '../shared/description.js'
import {safeInline} from '../output/terminal.js'

/** What `--approve` / `--no-approve` / neither asks for. */
export type ApprovalMode = 'approve' | 'refuse' | 'ask'

/** The result a blocked call returns instead of running (exit 3). */
export interface BlockedResult {
  status: 'blocked'
  reason: 'approval required' | 'approval denied'
}

export const APPROVAL_REQUIRED: BlockedResult = Object.freeze({status: 'blocked', reason: 'approval required'})
export const APPROVAL_DENIED: BlockedResult = Object.freeze({status: 'blocked', reason: 'approval denied'})

export interface ApprovalTerminal {
  input: NodeJS.ReadableStream & {isTTY?: boolean}
  output: NodeJS.WritableStream & {isTTY?: boolean}
}

/** Only a real terminal on both ends can answer: piped stdin or captured stderr cannot. */
export function canAsk(terminal: ApprovalTerminal): boolean {
  return terminal.input.isTTY === true && terminal.output.isTTY === true
}

/** Longest argument text shown above the question; the rest is cut with `...`. */
const SHOWN_ARGUMENTS_CHARS = 400

/** undefined when the call may run; the blocked result otherwise. */
export async function checkApproval(entry: CatalogEntry, args: unknown, mode: ApprovalMode, terminal: ApprovalTerminal, signal?: AbortSignal): Promise<BlockedResult | undefined> {
  if (!entry.requiresApproval || mode === 'approve') return undefined
  if (mode === 'refuse' || !canAsk(terminal)) return APPROVAL_REQUIRED
  return (await askApproval(entry, args, terminal, signal)) ? undefined : APPROVAL_DENIED
}

/**
 * Asks once, showing the arguments the tool would get (approving a call means approving what it
 * sends); `y` or `yes` (any case) approves. End of input (Ctrl-D) or an abort (Ctrl-C) is a no.
 */
export async function askApproval(entry: CatalogEntry, args: unknown, terminal: ApprovalTerminal, signal?: AbortSignal): Promise<boolean> {
  const prompt = createInterface({input: terminal.input, output: terminal.output, terminal: false})
  const closed = new Promise<string>((resolve) => prompt.once('close', () => resolve('')))
  signal?.addEventListener('abort', () => prompt.close(), {once: true})
  try {
    terminal.output.write(`Arguments: ${compactDescription(safeInline(JSON.stringify(args) ?? 'undefined'), SHOWN_ARGUMENTS_CHARS)}\n`)
    const answer = await Promise.race([prompt.question(`Tool "${safeInline(entry.id)}" requires approval. Run it? [y/N] `), closed])
    return /^\s*y(es)?\s*$/i.test(answer)
  } catch {
    return false
  } finally {
    prompt.close()
  }
}
