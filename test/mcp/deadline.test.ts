import {describe, expect, it} from 'vitest'

import {Deadline, workLimit} from '../../src/mcp/deadline.js'

describe('Deadline', () => {
  it('ends when its time is up and says so', async () => {
    const deadline = new Deadline(20)
    await expect(deadline.race(new Promise(() => undefined))).rejects.toThrow('timed out after 20 ms')
    expect(deadline.expired).toBe(true)
    expect(deadline.interrupted).toBe(false)
    deadline.dispose()
  })

  it('ends when the outer signal aborts, as an interruption', async () => {
    const outer = new AbortController()
    const deadline = new Deadline(60_000, outer.signal)
    const pending = deadline.race(new Promise(() => undefined))
    outer.abort()
    await expect(pending).rejects.toThrow('interrupted')
    expect(deadline.interrupted).toBe(true)
    expect(deadline.expired).toBe(false)
    deadline.dispose()
  })

  it('passes results through and never reports less than 1 ms left', async () => {
    const deadline = new Deadline(60_000)
    expect(await deadline.race(Promise.resolve(42))).toBe(42)
    expect(deadline.remaining()).toBeGreaterThan(0)
    deadline.dispose()
  })

  it('accepts a time limit longer than a Node timer can wait without firing at once', async () => {
    const deadline = new Deadline(10_000_000_000)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(deadline.signal.aborted).toBe(false)
    deadline.dispose()
  })
})

describe('Deadline started earlier', () => {
  it('gives work that began before it only the time left of the budget', async () => {
    const deadline = new Deadline(10_000, undefined, Date.now() - 9_990)
    await expect(deadline.race(new Promise(() => undefined))).rejects.toThrow('timed out after 10000 ms')
    expect(deadline.remaining()).toBe(1)
    deadline.dispose()
  })
})

describe('workLimit', () => {
  it('gives work its own requestTimeoutMs from when it begins, else what start-up left of the budget', () => {
    const signal = new AbortController().signal
    expect(workLimit({timeoutMs: 30_000, requestTimeoutMs: 1500, signal}, 1000)).toEqual({timeoutMs: 1500, signal})
    expect(workLimit({timeoutMs: 30_000, signal}, 1000)).toEqual({timeoutMs: 30_000, signal, startedAt: 1000})
  })
})
