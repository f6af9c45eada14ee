/**
 * Servers kept open across the steps of one command, so `call` lists a server's tools and calls
 * one of them over a single start: the listing opens the session, the call reuses it, and the
 * command closes everything at the end. Without a pool every step starts its server anew.
 *
 * Cheap to import: the MCP SDK loads only when a server is first used.
 */
import {workLimit} from './deadline.js'
import type {OpenMcpSession} from './session.js'
import type {McpServerConfig, McpSession, McpSessionOptions} from './types.js'

export class McpSessionPool {
  private readonly sessions = new Map<string, {config: McpServerConfig; session: OpenMcpSession}>()

  /**
   * Runs `work` on `server`: over the session already open for this server and config, else over
   * a new one that stays open. The time limit covers start-up too when the server has to start,
   * unless `options.requestTimeoutMs` gives the work its own (see `workLimit`).
   * A session whose work failed is closed (a failed server is not trusted for the next step).
   */
  async use<T>(server: string, config: McpServerConfig, options: McpSessionOptions, work: (session: McpSession) => Promise<T>): Promise<T> {
    const startedAt = Date.now()
    let open = this.sessions.get(server)
    if (open !== undefined && open.config !== config) {
      await this.drop(server)
      open = undefined
    }
    if (open === undefined) {
      const {openMcpSession} = await import('./session.js')
      open = {config, session: await openMcpSession(server, config, {...options, startedAt})}
      this.sessions.set(server, open)
    }
    try {
      return await open.session.run(work, workLimit(options, startedAt))
    } catch (error) {
      await this.drop(server)
      throw error
    }
  }

  /** Closes every open session; each stdio server has exited when this settles. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((server) => this.drop(server)))
  }

  private async drop(server: string): Promise<void> {
    const open = this.sessions.get(server)
    this.sessions.delete(server)
    await open?.session.close()
  }
}

/** A pool for one command; `closeAll()` it when the command ends. */
export function createMcpSessionPool(): McpSessionPool {
  return new McpSessionPool()
}
