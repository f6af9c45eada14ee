/**
 * `doctor --list-checks`, apart from the report's renderers: a table, whose display widths
 * (`string-width`, ~20 ms to initialise) a doctor run that prints a report never needs.
 */
import {renderColumns} from '../output/columns.js'
import {styler} from '../output/style.js'
import type {Severity} from './types.js'

/** The checks, one row each: id, severity, whether fixable, what it checks. */
export function renderCheckList(checks: ReadonlyArray<{id: string; severity: Severity; fixable: boolean; description: string}>, {color}: {color: boolean}): string {
  const style = styler(color)
  return renderColumns(
    checks.map((check) => [check.id, check.severity, check.fixable ? 'fixable' : '', check.description]),
    [{style: style.bold}, {width: 7}, {width: 7}, {}],
  ).join('\n')
}
