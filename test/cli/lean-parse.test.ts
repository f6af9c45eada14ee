/**
 * The lean bundles read a plain command line without oclif (src/cli/lean/parse.ts): on every line
 * it reads, the result must be oclif's own — the same flags and values, key for key, the same
 * arguments and words — and every line oclif refuses it must leave to oclif. Both run here on the
 * real commands' definitions over thousands of generated lines, plain and not.
 */
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import type {Command} from '@oclif/core/command'
import {describe, expect, it} from 'vitest'

import ConfigFile from '../../commands/config/file.js'
import ConfigGet from '../../commands/config/get.js'
import Search from '../../commands/search.js'
import {DirectConfig} from '../../src/cli/direct.js'
import {boolean} from '../../src/cli/lean/flags.js'
import {type FlagDefinition, type ParseInput, type ParsedLine, parsePlainLine} from '../../src/cli/lean/parse.js'
import {ROOT} from '../helpers/cli.js'

const pjson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const config = new DirectConfig({root: ROOT, pjson}, {ids: new Set(['search', 'config:get', 'config:file']), takingWords: new Set(['search', 'config:get'])})
const JSON_FLAG = boolean({description: 'Format output as json.', helpGroup: 'GLOBAL'}) as FlagDefinition

type CommandClass = typeof Command & {baseFlags?: Record<string, unknown>}

/** What `BaseCommand.init` asks `parse` for: the command's declared flags and arguments. */
function parseInput(command: CommandClass): ParseInput {
  return {flags: command.flags, baseFlags: command.baseFlags, enableJsonFlag: command.enableJsonFlag, args: command.args, strict: command.strict} as unknown as ParseInput
}

/** oclif's reading of `argv` for `command`, as a command's `this.parse` gets it; 'refused' when it throws. */
async function oclifParse(command: CommandClass, argv: string[]): Promise<ParsedLine | 'refused'> {
  const instance = new (command as unknown as new (argv: string[], config: unknown) => Command)(argv, config)
  try {
    const {args, flags, argv: words} = await (instance as unknown as {parse(options: unknown): Promise<ParsedLine>}).parse(parseInput(command))
    return {args, flags, argv: words}
  } catch {
    return 'refused'
  }
}

/** Tokens for one flag as a person could type it, plainly or not. */
function flagForms(name: string, flag: FlagDefinition): string[][] {
  if (flag.type === 'boolean') return [[`--${name}`], [`--no-${name}`], [`--${name}=true`]]
  const values = (flag as {parse?: unknown}).parse !== undefined && name.match(/limit|timeout|window/) ? ['5', '0', '-1', 'x', '1.5', '007'] : ['v', 'a file.json', '', '-x', 'x=y']
  const forms = values.flatMap((value) => [[`--${name}`, value], [`--${name}=${value}`]])
  if (flag.char !== undefined) forms.push([`-${flag.char}`, values[0]!], [`-${flag.char}${values[0]}`])
  forms.push([`--${name}`])
  return forms
}

const WORDS: string[][] = [[], ['read'], ['read', 'a file'], ['read', 'x', 'read'], [''], ['tools.toolSearch'], ['-'], ['--'], ['--bogus'], ['-z'], ['--', '--json']]

/** The plain ways to give one flag: what the lean parser must read. */
function plainForms(name: string, flag: FlagDefinition): string[][] {
  if (flag.type === 'boolean') return flag.allowNo === true ? [[`--${name}`], [`--no-${name}`]] : [[`--${name}`]]
  // A flag oclif checks against others whenever it is set is never plain (`relationships`).
  if ((flag as {relationships?: unknown}).relationships !== undefined) return []
  const value = /limit|timeout|window/.test(name) ? '5' : 'v'
  return [[`--${name}`, value], [`--${name}=${value}`], ...(flag.char === undefined ? [] : [[`-${flag.char}`, value]])]
}

/**
 * Lines for `command`: each flag form alone and with words, pairs of plain forms; and the plain
 * forms as lines of their own (after the word a command needs, if any), which must be read.
 */
function linesFor(command: CommandClass): {lines: string[][]; plain: string[][]} {
  const flags = {json: JSON_FLAG, ...(command.baseFlags as Record<string, FlagDefinition>), ...(command.flags as unknown as Record<string, FlagDefinition>)}
  const forms = Object.entries(flags).flatMap(([name, flag]) => flagForms(name, flag))
  const lines: string[][] = [...WORDS]
  for (const form of forms) for (const words of WORDS.slice(0, 6)) lines.push([...words, ...form], [...form, ...words])
  const plain = Object.entries(flags).flatMap(([name, flag]) => plainForms(name, flag))
  for (let i = 0; i < plain.length; i++) {
    for (let j = i; j < plain.length; j += 3) lines.push([...plain[i]!, 'read', ...plain[j]!])
  }
  // `config get` without a path would read one from stdin: a line with a path is the plain one.
  const needsWord = Object.values(command.args ?? {}).some((arg) => (arg as {ignoreStdin?: boolean}).ignoreStdin !== true)
  return {lines, plain: plain.map((form) => (needsWord ? ['tools.toolSearch', ...form] : form))}
}

describe('parsePlainLine', () => {
  it.each([
    ['search', Search as unknown as CommandClass],
    ['config get', ConfigGet as unknown as CommandClass],
    ['config file', ConfigFile as unknown as CommandClass],
  ])('%s: every line it reads, it reads as oclif does; every line oclif refuses, it leaves to oclif', async (_name, command) => {
    const {lines, plain} = linesFor(command)
    // Not vacuous: every plain form of every flag is read on its own.
    expect(plain.length).toBeGreaterThan(5)
    for (const form of plain) expect(await parsePlainLine(form, parseInput(command), JSON_FLAG), JSON.stringify(form)).toBeDefined()
    let read = 0
    for (const line of lines) {
      const lean = await parsePlainLine(line, parseInput(command), JSON_FLAG)
      if (lean === undefined) continue
      read++
      const oclif = await oclifParse(command, line)
      expect(oclif, JSON.stringify(line)).not.toBe('refused')
      expect(lean, JSON.stringify(line)).toStrictEqual(oclif)
      expect(Object.keys(lean.flags), JSON.stringify(line)).toEqual(Object.keys((oclif as ParsedLine).flags))
    }
    expect(read).toBeGreaterThan(plain.length)
  })

  it('reads the lines people type', async () => {
    const search = parseInput(Search as unknown as CommandClass)
    const line = ['create', 'a', 'pull request', '--json', '-c', 'a.json', '--catalog=b.json', '--no-cache', '-l', '3', '--explain']
    const lean = await parsePlainLine(line, search, JSON_FLAG)
    expect(lean).toStrictEqual(await oclifParse(Search as unknown as CommandClass, line))
    expect(lean?.flags).toMatchObject({json: true, catalog: ['a.json', 'b.json'], cache: false, limit: 3, explain: true, ranker: 'openclaw'})
    expect(lean?.argv).toEqual(['create', 'a', 'pull request'])
    const get = await parsePlainLine(['tools.toolSearch', '--config', 'c.json5', '--json'], parseInput(ConfigGet as unknown as CommandClass), JSON_FLAG)
    expect(get).toStrictEqual({args: {path: 'tools.toolSearch'}, flags: {json: true, config: 'c.json5'}, argv: ['tools.toolSearch']})
  })

  it.each([
    ['an unknown flag', ['x', '--bogus']],
    ['a value that starts with a dash', ['x', '--config', '-c']],
    ['a flag with no value', ['x', '--config']],
    ['a flag that takes one value, given twice', ['x', '--config', 'a', '--config', 'b']],
    ['flags that exclude each other', ['--stdin', '-q', 'x']],
    ['an integer its parser refuses', ['x', '--limit', '0']],
    ['a flag checked against others when set', ['x', '--context-window', '5']],
    ['--', ['--', '-x']],
    ['a boolean with a value', ['x', '--json=false']],
    ['short flags run together', ['x', '-l3']],
  ])('leaves %s to oclif', async (_name, line) => {
    expect(await parsePlainLine(line, parseInput(Search as unknown as CommandClass), JSON_FLAG)).toBeUndefined()
  })

  it('leaves a missing argument that oclif would read from stdin to oclif', async () => {
    expect(await parsePlainLine(['--json'], parseInput(ConfigGet as unknown as CommandClass), JSON_FLAG)).toBeUndefined()
    expect(await parsePlainLine(['a', 'b'], parseInput(ConfigGet as unknown as CommandClass), JSON_FLAG)).toBeUndefined()
  })
})
