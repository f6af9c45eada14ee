/**
 * oclif's flag builders as the lean bundles have them (scripts/bundle.js puts this module in place
 * of `@oclif/core/flags` there): the same definitions, property for property, and the same value
 * parsers, without the rest of oclif's flag module (which loads its help renderer).
 * test/cli/lean-flags.test.ts compares them with oclif's.
 */
import type {FlagDefinition} from './parse.js'

type Options = Record<string, unknown>

/** oclif's `custom`: an option flag, a value each time it is given (`multiple`), parsed by `parse`. */
function custom(defaults: Options) {
  return (options: Options = {}): FlagDefinition =>
    ({
      parse: async (input: string) => input,
      ...defaults,
      ...options,
      input: [],
      multiple: Boolean(options.multiple === undefined ? (defaults.multiple ?? false) : options.multiple),
      type: 'option',
    }) as unknown as FlagDefinition
}

export function boolean(options: Options = {}): FlagDefinition {
  return {parse: async (value: boolean) => value, ...options, allowNo: Boolean(options.allowNo), type: 'boolean'} as unknown as FlagDefinition
}

export const string = custom({})

export const integer = custom({
  async parse(input: string, _context: unknown, options: {min?: number; max?: number}) {
    if (!/^-?\d+$/.test(input)) throw new Error(`Expected an integer but received: ${input}`)
    const number = Number.parseInt(input, 10)
    if (options.min !== undefined && number < options.min) throw new Error(`Expected an integer greater than or equal to ${options.min} but received: ${input}`)
    if (options.max !== undefined && number > options.max) throw new Error(`Expected an integer less than or equal to ${options.max} but received: ${input}`)
    return number
  },
})
