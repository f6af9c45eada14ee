/**
 * The package as people get it: `npm pack` of the built tree, installed into an empty project with
 * `npm i <tarball>`; the installed CLI runs its help, doctor and search, and a TypeScript consumer
 * type-checks against the emitted declarations and runs the doctor migration through the API.
 * (`npm test` has just built dist/; `prepack` builds it when the package is packed by hand.)
 */
import {spawnSync} from 'node:child_process'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {beforeAll, describe, expect, it} from 'vitest'

import {ROOT, tempDir} from '../helpers/cli.js'

/**
 * Bounds that only end a hang: the install and the consumer's type check (every declaration file
 * but TypeScript's own lib files) take well under a minute on an idle machine and several times that on a busy one.
 */
const LIMIT_MS = 600_000

const npm = (args: string[], cwd: string) => {
  const result = spawnSync('npm', args, {cwd, encoding: 'utf8', timeout: LIMIT_MS, env: {...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false'}})
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

let project: string
let packed: Array<{path: string}>

beforeAll(() => {
  const out = tempDir('toolsearch-pack-')
  const [info] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', out], ROOT)) as Array<{filename: string; files: Array<{path: string}>}>
  packed = info!.files
  project = tempDir('toolsearch-consumer-')
  writeFileSync(join(project, 'package.json'), JSON.stringify({name: 'consumer', private: true, type: 'module'}))
  npm(['install', '--prefer-offline', '--no-save', join(out, info!.filename)], project)
}, LIMIT_MS)

const cli = (args: string[]) => spawnSync(process.execPath, [join(project, 'node_modules', 'toolsearch', 'bin', 'run.cjs'), ...args], {cwd: project, encoding: 'utf8', env: {PATH: process.env.PATH, HOME: project, NO_COLOR: '1'}})

describe('the published package', () => {
  it('ships the built CLI, its manifest, declarations, the examples its help uses and the licence, not the tests', () => {
    const paths = packed.map((file) => file.path)
    expect(paths).toEqual(expect.arrayContaining(['bin/run.cjs', 'oclif.manifest.json', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/commands/doctor.js', 'examples/catalog.json5', 'examples/openclaw.json5', 'LICENSE', 'README.md', 'data/openclaw-tools/2026.9.6.json', 'data/openclaw-tools/LICENSE']))
    expect(paths.filter((path) => path.startsWith('test/') || path.startsWith('src/') || path.endsWith('.map'))).toEqual([])
    // The start bin/run.cjs compiles and its code cache, the bundle it runs and its code cache; not the build's account of it.
    expect(paths).toEqual(expect.arrayContaining(['dist/bundle/start.cjs', 'dist/bundle/start.cache', 'dist/bundle/toolsearch.cjs', 'dist/bundle/toolsearch.cache', 'dist/bundle/registry.cjs']))
    expect(paths.filter((path) => path.startsWith('dist/bundle/meta'))).toEqual([])
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.prepack).toBe('npm run build')
  })

  it('runs as an installed CLI: --help lists the commands, doctor and search work on the shipped examples', () => {
    const help = cli(['--help'])
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/doctor/)
    expect(help.stdout).toMatch(/search/)
    const doctor = cli(['doctor', '--config', 'node_modules/toolsearch/examples/openclaw.json5'])
    expect(doctor.stdout).toContain('tool_search_code')
    expect(doctor.status).toBe(1)
    const search = cli(['search', 'read a file', '--catalog', 'node_modules/toolsearch/examples/catalog.json5', '--json'])
    expect(search.status).toBe(0)
    expect(JSON.parse(search.stdout)[0].id).toBe('openclaw:core:read')
    // OpenClaw's own tools come with the package: a config alone is a catalog.
    writeFileSync(join(project, 'openclaw.json'), '{}')
    const own = cli(['search', 'fetch a web page', '--config', 'openclaw.json', '--json'])
    expect(own.status).toBe(0)
    expect(JSON.parse(own.stdout).map((hit: {id: string}) => hit.id)).toContain('openclaw:core:web_fetch')
  })

  it('runs every shipped example from the installed package, whose dev dependencies are not installed', () => {
    const examples = packed.map((file) => file.path).filter((path) => path.startsWith('examples/')).sort()
    const at = (file: string) => join('node_modules', 'toolsearch', file)
    const catalog = at('examples/catalog.json5')
    const servers = at('examples/mcp-servers.json')
    // Each shipped example, and runs that use it: the exit code and a line the output must hold.
    const runs: Record<string, Array<{args: string[]; code: number; says: string}>> = {
      'examples/catalog.json5': [{args: ['search', 'weather', '--catalog', catalog, '--json'], code: 0, says: 'openclaw:weather:weather_forecast'}],
      'examples/openclaw.json5': [{args: ['doctor', '--config', at('examples/openclaw.json5')], code: 1, says: 'tool_search_code'}],
      'examples/tools/unit-convert.js': [{args: ['call', 'unit_convert', 'value=5', 'from=km', 'to=m', '--catalog', catalog, '--json'], code: 0, says: '5000'}],
      'examples/tools/text-stats.js': [{args: ['call', 'text_stats', 'text=one two', '--catalog', catalog], code: 0, says: '"words": 2'}],
      'examples/mcp-servers.json': [{args: ['catalog', 'list', '--catalog', servers], code: 0, says: '5 tools from 1 owner'}],
      'examples/probe-tasks.jsonl': [{args: ['probe', '--tasks', at('examples/probe-tasks.jsonl'), '--catalog', catalog, '--model', 'mock', '--lanes', 'tools'], code: 0, says: 'Verdict: only the tools lane ran'}],
      'examples/mcp-server.js': [
        {args: ['call', 'echo', 'message=hello', '--catalog', servers], code: 0, says: '"Echo: hello"'},
        {args: ['call', 'forecast', 'location=Chicago', '--catalog', servers, '--json'], code: 0, says: '"location": "Chicago"'},
      ],
    }
    expect(Object.keys(runs).sort()).toEqual(examples)
    expect(spawnSync(process.execPath, ['-e', "require.resolve('@modelcontextprotocol/server-everything/package.json')"], {cwd: project}).status).not.toBe(0)
    for (const [example, cases] of Object.entries(runs)) {
      for (const {args, code, says} of cases) {
        const run = cli(args)
        expect(run.status, `${example}: ${args.join(' ')}\n${run.stderr}`).toBe(code)
        expect(run.stdout, example).toContain(says)
      }
    }
  }, LIMIT_MS)

  it('is a typed library: a TypeScript consumer type-checks and migrates a commented config through the API', () => {
    writeFileSync(
      join(project, 'consumer.ts'),
      [
        "import {builtinChecks, locateConfig, runDoctor, type DoctorResult} from 'toolsearch'",
        'export async function migrate(path: string): Promise<DoctorResult> {',
        '  const location = await locateConfig({configFlag: path, cwd: process.cwd(), env: process.env})',
        '  return runDoctor(builtinChecks().all(), location, {fix: true, env: process.env})',
        '}',
        '',
      ].join('\n'),
    )
    // A Node consumer has Node's types; this one borrows the project's copy.
    // Every declaration file is checked (ours, and what they reach), except TypeScript's own lib
    // files, which no package ships.
    const compilerOptions = {module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false, skipDefaultLibCheck: true, typeRoots: [join(ROOT, 'node_modules', '@types')], types: ['node']}
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({compilerOptions, files: ['consumer.ts']}))
    // One check that also lists the program's files (and nothing else: a diagnostic is a line that
    // is not a declaration or source file).
    const check = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--listFiles'], {cwd: project, encoding: 'utf8'})
    const files = check.stdout.split(/\r?\n/).filter((line) => line !== '')
    expect(check.stderr).toBe('')
    expect(files.filter((line) => !/^\/.*\.ts$/.test(line))).toEqual([])
    expect(check.status).toBe(0)
    // Our declarations stop at our own types: the MCP SDK's, zod's and ajv's (hundreds of files a
    // consumer would check) stay out of the consumer's program.
    expect(files.some((file) => file.endsWith('node_modules/toolsearch/dist/src/index.d.ts'))).toBe(true)
    expect(files.filter((file) => /\/node_modules\/(@modelcontextprotocol|zod|ajv)\//.test(file))).toEqual([])

    const config = join(project, 'openclaw.json5')
    writeFileSync(config, '{\n  // keep me\n  tools: { toolSearch: { mode: "code", codeTimeoutMs: 2500 } },\n}\n')
    writeFileSync(
      join(project, 'migrate.mjs'),
      "import {builtinChecks, locateConfig, runDoctor} from 'toolsearch'\n" +
        'const location = await locateConfig({configFlag: process.argv[2], cwd: process.cwd(), env: process.env})\n' +
        'const result = await runDoctor(builtinChecks().all(), location, {fix: true, env: process.env})\n' +
        'console.log(JSON.stringify(result.changes.map((change) => change.check)))\n',
    )
    const run = spawnSync(process.execPath, ['migrate.mjs', config], {cwd: project, encoding: 'utf8', env: {PATH: process.env.PATH, HOME: project}})
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual(['tools.toolSearch.structured-only', 'tools.toolSearch.structured-only'])
    expect(readFileSync(config, 'utf8')).toBe('{\n  // keep me\n  tools: { toolSearch: { mode: "tools" } },\n}\n')
  }, LIMIT_MS)

  it('keeps everything but the entry point private', () => {
    const deep = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('toolsearch/dist/src/config/plan.js')"], {cwd: project, encoding: 'utf8'})
    expect(deep.status).not.toBe(0)
    expect(deep.stderr).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED')
  })
})
