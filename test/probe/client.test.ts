import {describe, expect, it} from 'vitest'

import {retryAfterMs, scrubEndpointText} from '../../src/probe/client.js'

describe('the Chat Completions client', () => {
  it('reads retry-after-ms, retry-after in seconds or as a date; nothing when absent or unreadable', () => {
    expect(retryAfterMs(new Headers({'retry-after-ms': '250', 'retry-after': '9'}))).toBe(250)
    expect(retryAfterMs(new Headers({'retry-after': '2'}))).toBe(2000)
    expect(retryAfterMs(new Headers({'retry-after': 'Fri, 04 Dec 2026 18:10:05 GMT'}), Date.parse('Fri, 04 Dec 2026 18:10:00 GMT'))).toBe(5000)
    expect(retryAfterMs(new Headers({}))).toBeUndefined()
    expect(retryAfterMs(new Headers({'retry-after': 'soon'}))).toBeUndefined()
  })

  it('quotes an endpoint on one line, the key and key-like text replaced, cut to 300 characters', () => {
    expect(scrubEndpointText('bad key\n  sk-abcdef123456 (Bearer eyJabc.def)', {apiKey: 'sk-abcdef123456'})).toBe('bad key <redacted> (Bearer <redacted>)')
    expect(scrubEndpointText('x'.repeat(400), {})).toHaveLength(300)
  })
})
