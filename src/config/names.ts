/**
 * The names OpenClaw gives its config file, state directory and package.json key, and the one
 * existence test both the OpenClaw locations (`locate.ts`) and the project search (`project.ts`)
 * use. A module of its own so those two do not import each other.
 */
import {lstatSync} from 'node:fs'

export const CONFIG_FILE_NAME = 'openclaw.json'
/** The name OpenClaw still reads when it is the only config in a state directory. */
export const LEGACY_CONFIG_FILE_NAME = 'clawdbot.json'
export const STATE_DIR_NAME = '.openclaw'
export const LEGACY_STATE_DIR_NAME = '.clawdbot'
/**
 * The key of package.json that may hold the config. Whichever rule chooses a file named
 * package.json, the config is this key and the file is plain JSON.
 */
export const PACKAGE_KEY = 'openclaw'

/** Whether anything is at `path`: a symlink counts even when it dangles or loops (reading it then says why). */
export function pathExists(path: string): boolean {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}
