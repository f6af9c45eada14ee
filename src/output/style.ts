import {Chalk, type ChalkInstance} from 'chalk'

/** A chalk instance that colours only when `color` is true; renderers take one of these. */
export function styler(color: boolean): ChalkInstance {
  return new Chalk({level: color ? 1 : 0})
}

export type Style = ChalkInstance

/** `1 tool`, `2 tools`: a count and an English noun that takes `s` in the plural. */
export function plural(count: number, word: string, format: (count: number) => string = String): string {
  return `${format(count)} ${word}${count === 1 ? '' : 's'}`
}
