/**
 * A plain command line read as oclif's parser reads it (`Parser.parse` with its validation), for
 * the lean bundles (`src/cli/lean/command.ts`): the flags and words a command gets, or undefined
 * for any line that is not plain — then the whole bundle, with oclif, runs it. Plain means what
 * people type: known flags as `--name value`, `--name=value`, `-c value`, `--flag`, `--no-flag`,
 * words where the command takes them. Whatever oclif would refuse, ask about or read elsewhere —
 * an unknown flag, a missing or dash-led value, a flag given twice that takes one value, flags
 * that exclude each other, a value its parser or its options refuse, `--`, stdin standing in for
 * a missing argument, a variable standing in for a flag — is left to oclif, which says so in its
 * own words. On the lines it reads, the result is oclif's, value for value and key for key
 * (test/cli/lean-parse.test.ts runs both on the same command definitions).
 */

/** A flag as oclif's flag builders define it; the properties a plain line reads or must not meet. */
export interface FlagDefinition {
  type: 'boolean' | 'option'
  char?: string
  multiple?: boolean
  multipleNonGreedy?: boolean
  allowNo?: boolean
  required?: boolean
  default?: unknown
  options?: readonly string[]
  exclusive?: readonly unknown[]
  parse?: (input: never, context: unknown, options: never) => Promise<unknown>
}

/** A positional argument as oclif's argument builders define it. */
export interface ArgDefinition {
  parse: (input: never, context: unknown, options: never) => Promise<unknown>
  ignoreStdin?: boolean
  required?: boolean
  options?: readonly string[]
  default?: unknown
}

/** What `Command.parse` takes from a command: its flags, base flags, `--json` and arguments. */
export interface ParseInput {
  flags?: Record<string, FlagDefinition>
  baseFlags?: Record<string, FlagDefinition>
  enableJsonFlag?: boolean
  args?: Record<string, ArgDefinition>
  strict?: boolean
}

/** What a command reads of oclif's parse result. */
export interface ParsedLine {
  args: Record<string, unknown>
  flags: Record<string, unknown>
  argv: unknown[]
}

/**
 * Definition properties that make oclif read a variable, stdin or another name for a flag, warn,
 * or check a flag against the others whether it is given or not: a command with any is never plain.
 */
const NOT_PLAIN_DEFINITION = ['env', 'aliases', 'charAliases', 'delimiter', 'allowStdin', 'deprecated', 'deprecateAliases', 'exactlyOne', 'atLeastOne'] as const
/** What oclif checks of a flag that has a value (given or by default): a line giving it one is not plain. */
const CHECKED_WHEN_SET = ['relationships', 'dependsOn', 'combinable'] as const

/**
 * The flags given on the line, in the order first given: the values typed for each (a boolean's:
 * whether it was `--no-`). Only a flag that takes several values is given more than once.
 */
type Given = Map<string, Array<string | boolean>>

/**
 * The flags and words of `argv` for a command declaring `input` (with `json`, oclif's `--json`
 * flag, when it is enabled), or undefined when the line is not plain (see the module's doc).
 */
export async function parsePlainLine(argv: readonly string[], input: ParseInput, json: FlagDefinition): Promise<ParsedLine | undefined> {
  const flags: Record<string, FlagDefinition> = input.enableJsonFlag === true ? {json, ...input.baseFlags, ...input.flags} : {...input.baseFlags, ...input.flags}
  const args = input.args ?? {}
  if (Object.values(flags).some((flag) => NOT_PLAIN_DEFINITION.some((key) => (flag as unknown as Record<string, unknown>)[key] !== undefined) || typeof flag.default === 'function')) return undefined
  const given = readTokens(argv, flags)
  if (given === undefined) return undefined
  const {flagInputs, words} = given
  if (!plainWords(words, args, input.strict !== false) || excludesAnother(flagInputs, flags)) return undefined
  const parsedFlags = await flagValues(flagInputs, flags)
  const parsedArgs = parsedFlags === undefined ? undefined : await argValues(words, args)
  if (parsedFlags === undefined || parsedArgs === undefined) return undefined
  // oclif's own order for the words: each by where it first appears on the line.
  const unsorted = [...parsedArgs.argv, ...words.slice(Object.keys(args).length)]
  return {args: parsedArgs.args, flags: parsedFlags, argv: unsorted.sort((a, b) => argv.indexOf(a as string) - argv.indexOf(b as string))}
}

/** The flags given and the words, in order; undefined at the first token that is not plain. */
function readTokens(argv: readonly string[], flags: Record<string, FlagDefinition>): {flagInputs: Given; words: string[]} | undefined {
  const byChar = new Map<string, string>(Object.entries(flags).flatMap(([name, flag]) => (flag.char === undefined ? [] : [[`-${flag.char}`, name] as const])))
  const flagInputs: Given = new Map()
  const words: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!
    if (!token.startsWith('-')) {
      words.push(token)
      continue
    }
    const equals = token.startsWith('--') ? token.indexOf('=') : -1
    const typed = equals === -1 ? token : token.slice(0, equals)
    const name = typed.startsWith('--') ? typed.slice(2) : byChar.get(typed)
    const negated = name !== undefined && !Object.hasOwn(flags, name) && name.startsWith('no-') && flags[name.slice(3)]?.type === 'boolean' && flags[name.slice(3)]?.allowNo === true
    const flagName = negated ? name!.slice(3) : name
    if (flagName === undefined || !Object.hasOwn(flags, flagName)) return undefined
    const flag = flags[flagName]!
    const inputs = flagInputs.get(flagName) ?? []
    // A flag given again: oclif refuses an option twice unless it takes several; a boolean's last wins, left to it.
    if (inputs.length > 0 && (flag.type === 'boolean' || flag.multiple !== true)) return undefined
    flagInputs.set(flagName, inputs)
    if (flag.type === 'boolean') {
      if (equals !== -1) return undefined
      inputs.push(negated)
      continue
    }
    // Greedy flags take the words after them too.
    if (negated || (flag.multiple === true && flag.multipleNonGreedy !== true)) return undefined
    const value = equals === -1 ? argv[++i] : token.slice(equals + 1)
    if (value === undefined || value.startsWith('-')) return undefined
    inputs.push(value)
  }
  return {flagInputs, words}
}

/** Whether oclif takes `words` as they are: no more than a strict command's arguments, none read from stdin, none missing. */
function plainWords(words: readonly string[], args: Record<string, ArgDefinition>, strict: boolean): boolean {
  const declared = Object.values(args)
  if (strict && words.length > declared.length) return false
  return declared.every((arg, i) => (i < words.length ? arg.options === undefined || arg.options.includes(words[i]!) : arg.ignoreStdin === true && arg.required !== true && arg.default === undefined))
}

/** Whether a flag given excludes another one given (oclif's `exclusive`; defaults never count). */
function excludesAnother(flagInputs: Given, flags: Record<string, FlagDefinition>): boolean {
  for (const name of flagInputs.keys()) {
    const exclusive = flags[name]!.exclusive ?? []
    if (exclusive.some((other) => typeof other !== 'string' || (other !== name && flagInputs.has(other)))) return true
  }
  return false
}

/** The flags' values in their definitions' order, as oclif's parser gives them; undefined when a value is refused. */
async function flagValues(flagInputs: Given, flags: Record<string, FlagDefinition>): Promise<Record<string, unknown> | undefined> {
  const values: Record<string, unknown> = {}
  for (const [name, flag] of Object.entries(flags)) {
    const inputs = flagInputs.get(name) ?? []
    let value: unknown
    if (inputs.length === 0) {
      value = flag.default
    } else if (flag.type === 'boolean') {
      value = await parsed(flag, !(inputs[0] as boolean))
    } else {
      if (flag.options !== undefined && inputs.some((input) => !flag.options!.includes(input as string))) return undefined
      const each = await Promise.all(inputs.map((input) => parsed(flag, input)))
      if (each.includes(REFUSED)) return undefined
      value = flag.multiple === true ? each : each[0]
    }
    if (value === REFUSED) return undefined
    if (value === undefined ? flag.required === true : CHECKED_WHEN_SET.some((key) => (flag as unknown as Record<string, unknown>)[key] !== undefined)) return undefined
    if (value !== undefined) values[name] = value
  }
  return values
}

/** The arguments' values, as oclif's parser gives them; undefined when a value is refused. */
async function argValues(words: readonly string[], args: Record<string, ArgDefinition>): Promise<{args: Record<string, unknown>; argv: unknown[]} | undefined> {
  const values: Record<string, unknown> = {}
  const argv: unknown[] = []
  const names = Object.keys(args)
  for (let i = 0; i < Math.min(names.length, words.length); i++) {
    const value = await parsed(args[names[i]!]!, words[i]!)
    if (value === REFUSED) return undefined
    values[names[i]!] = value
    argv.push(value)
  }
  return {args: values, argv}
}

/** What a definition's own parser makes of `input` (as oclif calls it), or `REFUSED` when it throws. */
const REFUSED = Symbol('refused')
async function parsed(definition: Pick<FlagDefinition, 'parse'>, input: string | boolean): Promise<unknown> {
  if (definition.parse === undefined) return input
  try {
    return await definition.parse(input as never, {}, definition as never)
  } catch {
    return REFUSED
  }
}
