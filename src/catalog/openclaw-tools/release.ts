/**
 * The names `--openclaw-tools` takes, apart from the data they select: small enough for the
 * start-up path of every catalog command, which reads the data itself only when it needs it.
 */

/** The release whose tools a catalog built from an OpenClaw config holds unless told otherwise. */
export const DEFAULT_OPENCLAW_TOOLS_RELEASE = '2026.9.6'
/** `--openclaw-tools none`: no OpenClaw tools. */
export const NO_OPENCLAW_TOOLS = 'none'
