/**
 * The catalog facade: load files into a `Catalog`, apply the tool policy. Commands and other
 * areas import from here; the modules behind it are free to change.
 */
export {CORE_PRIMITIVES, type ToolCounts, catalogedEntries, countTools, toolId} from './entries.js'
export {type CatalogFormat, defaultOwner, parseCatalogDocument} from './formats.js'
export {MAX_CATALOG_DEPTH, MAX_TOOL_CHARS, formatSkippedTool} from './guard.js'
export {entriesForMode} from './mode.js'
export {type LoadCatalogOptions, expandCatalogPaths, loadCatalogs, parseCatalogText, readCatalogDocument} from './load.js'
export {type ToolPolicy, applyToolPolicy, compileToolPolicy, globToRegExp, mergeToolPolicies} from './policy.js'
export type {Catalog, CatalogEntry, RunSpec, SkippedTool, ToolSource, Visibility} from './types.js'
