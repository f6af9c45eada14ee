#!/usr/bin/env node
// Counts characters, words and lines of a text, and hashes it.
// Reads the call's arguments as JSON on stdin and prints one JSON value on stdout.
import {createHash} from 'node:crypto'

let input = ''
process.stdin.setEncoding('utf8')
process.stdin.on('data', (chunk) => (input += chunk))
process.stdin.on('end', () => {
  let args
  try {
    args = JSON.parse(input)
  } catch {
    process.stderr.write('text-stats: expected JSON arguments on stdin\n')
    process.exit(1)
  }
  const text = typeof args?.text === 'string' ? args.text : ''
  const algorithm = args?.algorithm ?? 'sha256'
  const stats = {
    characters: [...text].length,
    words: text.split(/\s+/).filter(Boolean).length,
    lines: text === '' ? 0 : text.split('\n').length,
    hash: {algorithm, hex: createHash(algorithm).update(text).digest('hex')},
  }
  process.stdout.write(`${JSON.stringify(stats)}\n`)
})
