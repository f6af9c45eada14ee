/**
 * toolsearch as a library: the same code the commands run, behind a small API. Everything not
 * exported here is private (the package's `exports` map offers only this entry point), so it may
 * change between versions without notice.
 *
 * - Config: locate and read the config OpenClaw loads, compute the effective Tool Search
 *   settings, plan `set` / `unset` as edits and write them losslessly.
 * - Doctor: run the checks, get findings, apply the structured-only migration.
 * - Catalogs, search, directory, hints and tool calls: exactly what the model is given.
 */

// Config: locate, read, effective settings.
export {effectiveToolSearchSettings, loadConfig, locateConfig, toolPolicyFromConfig} from './config/index.js'
export type {ConfigLocateOptions, ConfigLocation, ConfigWarning, EffectiveToolSearchSettings, LoadedConfig, ModelContext, ToolPolicy} from './config/index.js'

// Config: edits as data, planned against the original text, applied by one applier.
export {type Edit, applyEdits} from './config/edit.js'
export {parseConfigPath} from './config/path.js'
export {planRemove, planSet} from './config/plan.js'
export {type ConfigSource, parseSource} from './config/source.js'
// Config: the lossless, locked, atomic writer.
export {type ChangeOptions, type ChangeOutcome, changeConfig, setConfigValue, unsetConfigValue} from './config/change.js'

// Doctor: checks as data, findings, the migration.
export {builtinChecks} from './doctor/checks/index.js'
export {type DoctorOptions, type DoctorResult, detectAll, messageOf, runDoctor} from './doctor/run.js'
export type {Check, CheckMeta, Finding} from './doctor/types.js'

// Catalogs.
export {applyToolPolicy, catalogedEntries, loadCatalogs, parseCatalogDocument} from './catalog/index.js'
export type {Catalog, CatalogEntry, LoadCatalogOptions, ToolSource} from './catalog/index.js'

// Search: the rankers (the enhanced one loads on demand) and the raw tool_search request.
export {loadRanker, rankerNames} from './search/rankers.js'
export {createOpenClawRanker} from './search/openclaw.js'
export type {RankedHit, Ranker, RankerFactory} from './search/types.js'
export {type SearchAnswer, runSearchRequest} from './search/request.js'

// The capability directory and the compact hints.
export {type Directory, type DirectoryMode, renderDirectory} from './directory/render.js'
export {inputHint, outputHint, renderInputHint, renderOutputHint} from './hints/index.js'

// tool_call: repair a raw request, validate arguments.
export {repairToolCallRequest} from './call/request.js'
export {assertValidArguments, compileToolSchemas} from './call/validate.js'

// Errors: one type, a stable code, the exit code the CLI would use.
export {ExitCode, ToolsearchError, isToolsearchError} from './shared/errors.js'
