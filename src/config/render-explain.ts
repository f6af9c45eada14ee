/**
 * `config explain`: the effective Tool Search settings as a table, each with the reason it has
 * that value. Apart from the other config renderers, so the commands that print no table do not
 * load the column renderer.
 */
import {renderColumns} from '../output/columns.js'
import {styler} from '../output/style.js'
import {safeInline} from '../output/terminal.js'
import type {EffectiveToolSearchSettings, ModelContext} from './types.js'
import type {RenderOptions} from './render-styled.js'

export function renderExplain(file: string, settings: EffectiveToolSearchSettings, model: ModelContext, {color}: RenderOptions): string {
  const style = styler(color)
  const rows: Array<[string, string, string]> = [
    ['enabled', String(settings.enabled), settings.reasons.enabled],
    ['mode', settings.mode, settings.reasons.mode],
    ['searchDefaultLimit', String(settings.searchDefaultLimit), settings.reasons.searchDefaultLimit],
    ['maxSearchLimit', String(settings.maxSearchLimit), settings.reasons.maxSearchLimit],
  ]
  const modelParts = [model.provider && `provider ${model.provider}`, model.model && `model ${model.model}`, model.baseUrl && `base URL ${model.baseUrl}`, model.agent && `agent ${model.agent}`].filter(Boolean)
  const lines = [
    style.bold(`Tool Search settings for ${safeInline(file)}`),
    ...(modelParts.length > 0 ? [style.dim(`Model in use: ${safeInline(modelParts.join(', '))}`)] : []),
    ...(settings.localModelOverlay ? [style.dim('The local-model overlay applies.')] : []),
    '',
    ...renderColumns(
      rows.map(([name, value, reason]) => [name, value, safeInline(reason)]),
      [{}, {style: style.bold}, {}],
      {indent: '  '},
    ),
  ]
  return lines.join('\n')
}
