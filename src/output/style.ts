import {Chalk, type ChalkInstance} from 'chalk'

/** A chalk instance that colours only when `color` is true; renderers take one of these. */
export function styler(color: boolean): ChalkInstance {
  return new Chalk({level: color ? 1 : 0})
}

export type Style = ChalkInstance

/** `1 tool`, `2 tools`, `2 queries`: a count and its noun, `many` in the plural (the noun and `s` unless given); `format` writes the count. */
export function plural(count: number, one: string, many = `${one}s`, format: (count: number) => string = String): string {
  return `${format(count)} ${count === 1 ? one : many}`
}
