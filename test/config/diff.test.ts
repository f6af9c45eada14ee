import {describe, expect, it} from 'vitest'

import {unifiedDiff} from '../../src/config/diff.js'

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\n', 'a\n', 'f')).toBe('')
  })

  it('merges changes closer than 6 unchanged lines into one hunk and keeps 3 lines of context', () => {
    const before = Array.from({length: 20}, (_, i) => `line ${i + 1}\n`).join('')
    const after = before.replace('line 5\n', 'line five\n').replace('line 10\n', 'line ten\n').replace('line 19\n', '')
    expect(unifiedDiff(before, after, 'a/f', 'b/f')).toBe(
      [
        '--- a/f',
        '+++ b/f',
        '@@ -2,12 +2,12 @@',
        ' line 2',
        ' line 3',
        ' line 4',
        '-line 5',
        '+line five',
        ' line 6',
        ' line 7',
        ' line 8',
        ' line 9',
        '-line 10',
        '+line ten',
        ' line 11',
        ' line 12',
        ' line 13',
        '@@ -16,5 +16,4 @@',
        ' line 16',
        ' line 17',
        ' line 18',
        '-line 19',
        ' line 20',
        '',
      ].join('\n'),
    )
  })

  it('marks a missing final newline and shows CRLF lines without the CR', () => {
    expect(unifiedDiff('a\r\nb', 'a\r\nc\r\n', '/dev/null', 'b/f')).toBe('--- /dev/null\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n')
  })

  it('handles a file of half a million lines without overflowing the stack', () => {
    const lines = Array.from({length: 500_000}, (_, i) => `"k${i}": ${i},\n`)
    const before = `{\n${lines.join('')}}\n`
    const after = `{\n"first": true,\n${lines.join('')}}\n`
    expect(unifiedDiff(before, after, 'f')).toBe('--- f\n+++ f\n@@ -1,4 +1,5 @@\n {\n+"first": true,\n "k0": 0,\n "k1": 1,\n "k2": 2,\n')
    // A change so large the line table would not fit: shown as one replaced block.
    const replaced = unifiedDiff(lines.slice(0, 3000).join(''), lines.slice(3000, 6000).join(''), 'f')
    expect(replaced.split('\n').filter((line) => line.startsWith('-')).length).toBe(3001)
  })
})
