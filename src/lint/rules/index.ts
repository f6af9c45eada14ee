/** The built-in lint rules, in report order: reachability first, then presentation, then cost. */
import {compaction} from './compaction.js'
import {confusableName} from './confusable-name.js'
import {directory} from './directory.js'
import {exactNameLost} from './exact-name-lost.js'
import {hints} from './hints.js'
import {noWords} from './no-words.js'
import {payload} from './payload.js'
import {queries} from './queries.js'
import {shadowed} from './shadowed.js'
import {unreachable} from './unreachable.js'
import {registerLintRules} from '../registry.js'
import type {LintRule} from '../types.js'

export const LINT_RULES: readonly LintRule[] = registerLintRules([unreachable, exactNameLost, shadowed, confusableName, noWords, queries, directory, hints, compaction, payload])
