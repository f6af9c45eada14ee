/**
 * The home directory as the system gives it, for the few places that fall back to it when the
 * environment names none (HOME, USERPROFILE). `node:os` is loaded only then: a run with HOME set
 * never needs it, and loading it is a quarter of a millisecond of every start.
 */
const os = (): typeof import('node:os') => process.getBuiltinModule('node:os')

/** `os.homedir()`: HOME where set (even empty), else the account's. */
export function systemHome(): string {
  return os().homedir()
}

/** The home directory of the account the process runs as (`os.userInfo().homedir`), whatever HOME says. */
export function accountHomeOfUser(): string {
  return os().userInfo().homedir
}
