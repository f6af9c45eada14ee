/** The hostile MCP server (test/fixtures/mcp-server/hostile.mjs) as an `mcpServers` entry. */
import {join} from 'node:path'

import {ROOT} from '../helpers/cli.js'
import {RECORD_PID} from './helpers.js'

export const HOSTILE_SERVER = join(ROOT, 'test/fixtures/mcp-server/hostile.mjs')

/** A stdio server running the hostile fixture in `mode`, recording its pid (and its children's). */
export function hostileServer(pids: string, mode: string, extra: {args?: string[]; env?: Record<string, string>} = {}): Record<string, unknown> {
  return {command: process.execPath, args: ['--import', RECORD_PID, HOSTILE_SERVER, mode, ...(extra.args ?? [])], env: {FIXTURE_PID_FILE: pids, ...extra.env}}
}
