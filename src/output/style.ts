import {Chalk, type ChalkInstance} from 'chalk'

/** A chalk instance that colours only when `color` is true; renderers take one of these. */
export function styler(color: boolean): ChalkInstance {
  return new Chalk({level: color ? 1 : 0})
}

export type Style = ChalkInstance
