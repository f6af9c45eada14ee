// Writes dist/bundle/: the whole CLI (every command and oclif) as one CommonJS script, so a run
// compiles one file from V8's code cache instead of resolving and compiling ~200 modules (see
// src/cli/bundle.ts for how it runs). Reads the compiled modules in dist/ and the manifest, so it
// runs after `tsc` and scripts/manifest.js. Writes:
//   toolsearch.cjs    the bundle, wrapped as one function of a CommonJS module's arguments
//   registry.cjs      where oclif finds the bundle's commands and hooks (see below)
//   meta.json         esbuild's account of every module in the bundle and how it is imported
//   toolsearch.cache  V8's code cache of the bundle
//   <family>.cjs      a lean bundle of a command family (LEAN_BUNDLES), <family>.cache its code cache
//                     and meta-<family>.json esbuild's account of it
//   lean-bundles.json which commands each lean bundle holds, and what the start needs to choose one
//   start.cjs         src/cli/start.ts (with what it imports) as CommonJS, for bin/run.cjs, and
//   start.cache       its code cache
import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

import {build} from 'esbuild'

import {buildDigest} from './build-digest.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'dist', 'bundle')
const readJson = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'))

// Loaded from node_modules when a command needs them, as without the bundle: each is large and
// used by few runs (tool-argument validation, live MCP servers, the enhanced ranker, JSON5, TOML,
// project config search, regex limits, OpenClaw's session databases and their zstd events, the probe's
// tokenizer).
// `typescript` and `ts-node` are oclif's development mode.
const EXTERNAL = ['ajv', '@modelcontextprotocol/sdk', 'natural', 'cosmiconfig', 'json5', 'smol-toml', 're2js', '@sqlite.org/sqlite-wasm', 'fzstd', 'gpt-tokenizer', 'typescript', 'ts-node']
const external = EXTERNAL.flatMap((name) => [name, `${name}/*`])

// oclif loads commands and hooks by requiring a file. registry.cjs hands it the bundle's own
// (through a global the bundle sets before oclif starts), so they share the bundle's oclif.
const REGISTRY = 'toolsearch.bundle'
const registryFile = './dist/bundle/registry.cjs'

const pjson = readJson('package.json')
const {commands} = readJson('oclif.manifest.json')
const commandFile = (id) => `./dist/commands/${id.replaceAll(':', '/')}.js`
const hookFiles = Object.entries(pjson.oclif.hooks ?? {})

/**
 * Lean bundles: a command family's commands alone (without oclif: `LEAN_OCLIF`), each with its own
 * code cache. A plain command line of one of them (`src/cli/command-line.ts`) starts from it
 * instead of from the whole CLI (`src/cli/start.ts`): compiling and initialising the whole
 * bundle is most of what a command as small as `config get` costs beyond Node's own start. Anything
 * else — help, topics, unknown commands, the other commands — starts from the whole bundle.
 * `lean-bundles.json` says which commands each holds, and what the start needs to read a line.
 * `search` is one too: it reaches two thirds of the code, and the third it leaves out (the other
 * commands' modules) is still 2–3 ms of a repeated search (bench/README.md).
 */
const LEAN_BUNDLES = {config: ['config:get', 'config:file'], search: ['search']}

/**
 * A lean bundle holds none of oclif: its command class, flag and argument builders, errors and
 * `execute` are toolsearch's own there (src/cli/lean/), which run a plain command line exactly as
 * oclif does and hand any other to the whole bundle before anything of it runs. oclif with what it
 * loads was half of the bundle of `search` (bench/README.md). A lean bundle that still reaches a
 * module of oclif's fails the build.
 */
const LEAN_OCLIF = {'@oclif/core/command': 'command', '@oclif/core/flags': 'flags', '@oclif/core/args': 'args', '@oclif/core/errors': 'errors', '@oclif/core/execute': 'execute'}
const leanOclifPlugin = {
  name: 'lean-oclif',
  setup(builder) {
    builder.onResolve({filter: /^@oclif\/core(\/.*)?$/}, (args) => {
      const own = LEAN_OCLIF[args.path]
      if (own === undefined) throw new Error(`bundle: ${args.importer} imports ${args.path}, which a lean bundle has no stand-in for: review scripts/bundle.js`)
      return {path: join(root, 'dist', 'src', 'cli', 'lean', `${own}.js`)}
    })
  },
}

/**
 * The bundle entry for `ids` (every command when none are given): each command is required on
 * first use, so a run initialises the modules of its command only. Whatever commands it holds, it
 * reports every command id, so that reading a line (and the preflight) is the same from any bundle.
 */
function entryFor(ids = Object.keys(commands)) {
  return `
import {main} from './dist/src/cli/main.js'
globalThis[Symbol.for(${JSON.stringify(REGISTRY)})] = {
  commands: {
${ids.map((id) => `    get ${JSON.stringify(id)}() { return require(${JSON.stringify(commandFile(id))}).default },`).join('\n')}
  },
${hookFiles.map(([event, file]) => `  get ${JSON.stringify(event)}() { return require(${JSON.stringify(file)}).default },`).join('\n')}
}
export {main}
export const pjson = ${JSON.stringify(bundledPjson())}
export const commandIds = ${JSON.stringify(Object.keys(commands))}
export const commandsTakingWords = ${JSON.stringify(takingWords)}
export const loadCommand = (id) => globalThis[Symbol.for(${JSON.stringify(REGISTRY)})].commands[id]
export const build = ${JSON.stringify(digest)}
export const handleError = async (error) => (await import('@oclif/core/errors')).handle(error)
`
}

/** The commands whose id oclif's reading of the leading words stops after (`src/cli/direct.ts`). */
async function commandsTakingWords() {
  const {takesWords} = await import(pathToFileURL(join(root, 'dist', 'src', 'cli', 'command-line.js')).href)
  return Object.values(commands)
    .filter(takesWords)
    .map((command) => command.id)
}

/** package.json as the bundle's oclif sees it: commands and hooks from the registry. */
function bundledPjson() {
  const hooks = Object.fromEntries(hookFiles.map(([event]) => [event, {target: registryFile, identifier: event}]))
  const oclif = {...pjson.oclif, commands: {strategy: 'explicit', target: registryFile, identifier: 'commands'}, hooks}
  return {...pjson, oclif}
}

/**
 * `import.meta.url` of a module in dist/, as the bundle computes it: the module's own file, so
 * paths relative to it (the package root, `createRequire`) resolve as without the bundle. The
 * helper is declared in the banner, at the top of the bundle, where `require` is still the
 * wrapper's own (a module may declare a `require` of its own).
 */
const MODULE_URL = '__toolsearchModuleUrl'
const banner = `const ${MODULE_URL} = (file) => require("node:url").pathToFileURL(require("node:path").join(__dirname, file)).href;`
const moduleUrlPlugin = {
  name: 'module-url',
  setup(builder) {
    builder.onLoad({filter: /\.js$/}, (args) => {
      if (!args.path.startsWith(join(root, 'dist'))) return undefined
      const text = readFileSync(args.path, 'utf8')
      if (!text.includes('import.meta.url')) return undefined
      const fromBundle = JSON.stringify(relative(out, args.path))
      return {contents: text.replaceAll('import.meta.url', `${MODULE_URL}(${fromBundle})`), loader: 'js'}
    })
  },
}

/**
 * oclif sorts the command list with `localeCompare`, and the first `localeCompare` of a process
 * loads ICU's collation data: about 10 ms of every run, a tenth of a cold start. The bundle sorts
 * by code units instead, which gives the same order for command ids made of lowercase letters and
 * colons (test/cli/bundle.test.ts checks every id). An oclif whose code no longer has that sort
 * fails the build rather than go unnoticed.
 */
const OCLIF_COMMAND_SORT = '.sort((a, b) => a.id.localeCompare(b.id))'
const codeUnitSortPlugin = {
  name: 'oclif-command-sort',
  setup(builder) {
    builder.onLoad({filter: /[\\/]@oclif[\\/]core[\\/]lib[\\/]config[\\/]plugin\.js$/}, (args) => {
      const text = readFileSync(args.path, 'utf8')
      if (!text.includes(OCLIF_COMMAND_SORT)) throw new Error(`${args.path} no longer sorts commands with ${OCLIF_COMMAND_SORT}: review scripts/bundle.js`)
      return {contents: text.replace(OCLIF_COMMAND_SORT, '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))'), loader: 'js'}
    })
  },
}

/**
 * oclif requires tinyglobby (with fdir and picomatch, ~60 kB) at start-up for one thing: finding
 * commands by file pattern. The bundle lists its commands (`strategy: explicit`), so it gets a
 * stand-in that says so if it is ever called.
 */
const noGlobPlugin = {
  name: 'no-command-glob',
  setup(builder) {
    builder.onResolve({filter: /^tinyglobby$/}, (args) => (args.importer.includes('@oclif') ? {path: 'tinyglobby', namespace: 'no-command-glob'} : undefined))
    builder.onLoad({filter: /.*/, namespace: 'no-command-glob'}, () => ({
      contents: 'exports.glob = async () => { throw new Error("the bundle lists its commands: no command discovery by file pattern") }',
      loader: 'js',
    }))
  },
}

/**
 * Modules a run initialises at start-up only because another module requires them at its top,
 * for work a run of a bundled command never does (`src/cli/direct.ts` runs a command without
 * oclif's configuration). Each such require becomes a proxy that requires the module on first
 * use, so nothing changes for a run that does use it: oclif's `Config` (loading it pulls in the
 * plugin loader, minimatch and perf_hooks), its error handler and its help (the help renderer,
 * which the `help` and `version` flag builders name), the promise API of `fs` (file and directory
 * flags, which no command has), `readline` (reading a flag's value from stdin), what renders
 * oclif's own errors and output (themes, wrapping, the terminal's width, which creates the
 * stdout and stderr streams at start) and the colour detection behind its themes (`tty`, which
 * loads `net` and the stream modules: about a tenth of a cold start). A statement no longer found
 * in oclif's code fails the build rather than go unnoticed.
 */
const LAZY_REQUIRES = [
  ['@oclif/core/lib/command.js', 'const config_1 = require("./config");'],
  ['@oclif/core/lib/command.js', 'const ux_1 = require("./ux");'],
  ['@oclif/core/lib/errors/index.js', 'var handle_1 = require("./handle");'],
  ['@oclif/core/lib/util/fs.js', 'const promises_1 = require("node:fs/promises");'],
  ['@oclif/core/lib/ux/supports-color.js', 'const supports_color_1 = require("supports-color");'],
  ['@oclif/core/lib/flags.js', 'const help_1 = require("./help");'],
  ['@oclif/core/lib/help/util.js', 'const ejs = __importStar(require("ejs"));'],
  ['@oclif/core/lib/parser/parse.js', 'const node_readline_1 = require("node:readline");'],
  ['@oclif/core/lib/parser/help.js', 'const ux_1 = require("../ux");'],
  ['@oclif/core/lib/parser/errors.js', 'const list_1 = __importDefault(require("../ux/list"));'],
  ['@oclif/core/lib/parser/errors.js', 'const theme_1 = require("../ux/theme");'],
  ['@oclif/core/lib/errors/errors/cli.js', 'const clean_stack_1 = __importDefault(require("clean-stack"));'],
  ['@oclif/core/lib/errors/errors/cli.js', 'const indent_string_1 = __importDefault(require("indent-string"));'],
  ['@oclif/core/lib/errors/errors/cli.js', 'const wrap_ansi_1 = __importDefault(require("wrap-ansi"));'],
  ['@oclif/core/lib/errors/errors/cli.js', 'const screen_1 = require("../../screen");'],
  ['@oclif/core/lib/errors/errors/cli.js', 'const theme_1 = require("../../ux/theme");'],
  ['@oclif/core/lib/errors/errors/pretty-print.js', 'const indent_string_1 = __importDefault(require("indent-string"));'],
  ['@oclif/core/lib/errors/errors/pretty-print.js', 'const wrap_ansi_1 = __importDefault(require("wrap-ansi"));'],
  ['@oclif/core/lib/errors/errors/pretty-print.js', 'const screen_1 = require("../../screen");'],
  ['@oclif/core/lib/ux/list.js', 'const screen_1 = require("../screen");'],
]
const lazyProxy = (load) =>
  `(() => { let m; const get = () => (m ??= ${load}); return new Proxy({}, {get: (_, key) => get()[key], has: (_, key) => key in get(), ownKeys: () => Reflect.ownKeys(get()), getOwnPropertyDescriptor: (_, key) => { const d = Reflect.getOwnPropertyDescriptor(get(), key); return d && {...d, configurable: true} }}) })()`

/**
 * oclif's logger makes a `debug` logger (the `debug` package) for every namespace it logs under,
 * and `debug` checks at its start whether stderr is a terminal, which loads `tty`. Without a
 * `DEBUG` variable no namespace is enabled and every logger does nothing, so the bundle gives
 * oclif loggers that do nothing then, and the real package whenever `DEBUG` is set.
 */
const LOGGER_DEBUG = 'const debug_1 = __importDefault(require("debug"));'
const NO_DEBUG = `{default: (namespace) => Object.assign(() => {}, {namespace, enabled: false, extend: (name, delimiter) => debug_1.default(namespace + (delimiter ?? ':') + name), log: () => {}, destroy: () => false})}`

/**
 * chalk works out at its start whether stdout and stderr support colour (its own copy of
 * supports-color, which loads `tty`), for its default instance. toolsearch styles text only through
 * chalk instances given an explicit level (`src/output/style.ts`, whose colour rules are its own:
 * `--color`, NO_COLOR, FORCE_COLOR, a terminal), which never read it, so in the bundle the default
 * instance gets no colour and `tty` is not loaded. The build fails if anything else imports chalk.
 */
const CHALK_IMPORTERS = [join(root, 'dist', 'src', 'output', 'style.js')]
const CHALK_SUPPORTS_COLOR = "import supportsColor from '#supports-color';"

/**
 * oclif's command module makes `process.stdout` at its start, to swallow `EPIPE` on it (a reader
 * such as `head` that went away). Making the stream loads Node's stream modules, 3–5 ms that a
 * command writing to descriptor 1 directly (`src/output/stdout.ts`) never needs. In the bundle the
 * same listener is added when the stream is made, by whichever code first asks for it.
 */
const OCLIF_STDOUT_EPIPE = `process.stdout.on('error', (err) => {
    if (err && err.code === 'EPIPE')
        return;
    throw err;
});`
const LAZY_STDOUT_EPIPE = `{
    const stdout = Object.getOwnPropertyDescriptor(process, 'stdout');
    const swallowEpipe = (err) => {
        if (err && err.code === 'EPIPE')
            return;
        throw err;
    };
    if (stdout && stdout.get && stdout.configurable) Object.defineProperty(process, 'stdout', {...stdout, get() {
        const stream = stdout.get.call(this);
        Object.defineProperty(process, 'stdout', stdout);
        stream.on('error', swallowEpipe);
        return stream;
    }});
    else process.stdout.on('error', swallowEpipe);
}`
/** Statements replaced in a package's module (besides LAZY_REQUIRES): [file, statement, replacement]. */
const REPLACED = [['@oclif/core/lib/command.js', OCLIF_STDOUT_EPIPE, LAZY_STDOUT_EPIPE]]

const patchedModulesPlugin = {
  name: 'patched-modules',
  setup(builder) {
    const patch = (args, edits) => {
      let text = readFileSync(args.path, 'utf8')
      for (const [statement, replacement] of edits) {
        if (!text.includes(statement)) throw new Error(`${args.path} no longer has ${statement}: review scripts/bundle.js`)
        text = text.replace(statement, replacement)
      }
      return {contents: text, loader: 'js'}
    }
    const inPackage = (path, file) => path.replaceAll('\\', '/').endsWith(`/node_modules/${file}`)
    builder.onLoad({filter: /[\\/]node_modules[\\/].*\.js$/}, (args) => {
      const lazy = LAZY_REQUIRES.filter(([file]) => inPackage(args.path, file)).map(([, statement]) => {
        const [, declaration, name, load] = /^(const|var) (\w+) = (.*);$/.exec(statement)
        return [statement, `${declaration} ${name} = ${lazyProxy(load)};`]
      })
      const replaced = REPLACED.filter(([file]) => inPackage(args.path, file)).map(([, statement, replacement]) => [statement, replacement])
      if (lazy.length + replaced.length > 0) return patch(args, [...lazy, ...replaced])
      if (inPackage(args.path, '@oclif/core/lib/logger.js')) return patch(args, [[LOGGER_DEBUG, `const debug_1 = process.env.DEBUG ? __importDefault(require("debug")) : ${NO_DEBUG};`]])
      if (inPackage(args.path, 'chalk/source/index.js')) return patch(args, [[CHALK_SUPPORTS_COLOR, 'const supportsColor = {stdout: false, stderr: false};']])
      return undefined
    })
    builder.onResolve({filter: /^chalk$/}, (args) => {
      if (!CHALK_IMPORTERS.includes(args.importer)) throw new Error(`${args.importer} imports chalk, whose default instance has no colour in the bundle: review scripts/bundle.js`)
      return undefined
    })
  },
}

/**
 * The bundle as ASCII, so that a run reads it as Latin-1 into a one-byte string (src/cli/bundle.ts):
 * decoding UTF-8 and the two-byte string one non-ASCII character forces cost a few ms a run.
 * esbuild escapes strings but not regular expression literals; a `\\uXXXX` escape means the same
 * there (with the `u` flag too, where a pair of surrogate escapes is one code point), in strings,
 * templates and comments. A character after a backslash would change meaning, so it stops the build.
 */
function asciiOnly(text) {
  return text.replace(/(\\?)([^\x00-\x7f])/gu, (_match, backslash, character) => {
    if (backslash !== '') throw new Error(`bundle: an escaped non-ASCII character (${JSON.stringify(character)}) cannot be rewritten safely`)
    return character.split('').map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
  })
}

/** Writes the bundle `<name>.cjs` of `ids` (every command when none are given); returns esbuild's metafile. */
async function writeBundle(name, ids) {
  const bundleFile = join(out, `${name}.cjs`)
  const result = await build({
    stdin: {contents: entryFor(ids), resolveDir: root, sourcefile: 'bundle-entry.js', loader: 'js'},
    outfile: bundleFile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external,
    // `import()` of a package left out becomes `require()`: Node 20 cannot give a script compiled
    // from a code cache a working `import()` (and warns of the option that allows it).
    supported: {'dynamic-import': false},
    // Minified: a third less to read per run. Stack traces name the real files under DEBUG, which
    // runs the compiled modules instead (src/cli/start.ts). BUNDLE_NAMES=1 keeps the functions' names
    // (for a CPU profile of the bundle, `node --cpu-prof`); a run then reads a larger script.
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: process.env.BUNDLE_NAMES === undefined,
    legalComments: 'eof',
    metafile: true,
    banner: {js: banner},
    logLevel: 'warning',
    plugins: [moduleUrlPlugin, codeUnitSortPlugin, noGlobPlugin, patchedModulesPlugin, ...(ids === undefined ? [] : [leanOclifPlugin])],
  })
  writeFileSync(bundleFile, wrapBundleSource(asciiOnly(readFileSync(bundleFile, 'utf8'))))
  return result.metafile
}

const {START, wrapBundleSource} = await import(pathToFileURL(join(root, 'dist', 'src', 'cli', 'bundle.js')).href)
// The same for every bundle: worked out once.
const takingWords = await commandsTakingWords()
const digest = buildDigest(root)
rmSync(out, {recursive: true, force: true})
mkdirSync(out, {recursive: true})
writeFileSync(join(out, 'meta.json'), JSON.stringify(await writeBundle('toolsearch')))
for (const [name, ids] of Object.entries(LEAN_BUNDLES)) {
  for (const id of ids) if (!(id in commands)) throw new Error(`bundle: the lean bundle ${name} names ${id}, which is no command`)
  writeFileSync(join(out, `meta-${name}.json`), JSON.stringify(await writeBundle(name, ids)))
}
writeFileSync(join(out, 'lean-bundles.json'), JSON.stringify({bundles: LEAN_BUNDLES, commandIds: Object.keys(commands), commandsTakingWords: takingWords, pjson: bundledPjson()}))
writeFileSync(join(out, 'registry.cjs'), `module.exports = globalThis[Symbol.for(${JSON.stringify(REGISTRY)})]\n`)

// The entry point's start, as CommonJS: Node starts a CommonJS entry without its ES module
// loader. Node's own modules only, so it is small and left readable. Written as a bundle is
// (ASCII, wrapped as a module's function): bin/run.cjs compiles it from its own code cache, which
// Node's `require` would not (it compiles every file afresh, about 0.8 ms for this one, and its
// functions would run from source each time).
const startFile = join(out, `${START}.cjs`)
await build({
  entryPoints: [join(root, 'dist', 'src', 'cli', 'start.js')],
  outfile: startFile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
})
writeFileSync(startFile, wrapBundleSource(asciiOnly(readFileSync(startFile, 'utf8'))))

// The code caches, each written after the everyday commands it holds ran (scripts/code-cache.js).
// The runs see no config of the person building (a temp HOME, no OPENCLAW_* variables).
// The start's last: its run starts a command from a bundle, whose cache must be there.
for (const name of ['toolsearch', ...Object.keys(LEAN_BUNDLES), START]) {
  const home = mkdtempSync(join(tmpdir(), 'toolsearch-build-'))
  const cache = spawnSync(process.execPath, [join(root, 'scripts', 'code-cache.js'), name, JSON.stringify(LEAN_BUNDLES[name] ?? (name === START ? ['config:get'] : Object.keys(commands)))], {cwd: root, env: {PATH: process.env.PATH, HOME: home}, stdio: ['ignore', 'ignore', 'inherit']})
  rmSync(home, {recursive: true, force: true})
  if (cache.status !== 0) throw new Error(`bundle: writing the code cache of ${name} failed (${cache.error?.message ?? `exit ${cache.status ?? cache.signal}`})`)
}
