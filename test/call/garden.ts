/** The input schema the call tests validate against, and the compact hint it renders to. */
export const WATER_PARAMETERS = {
  type: 'object',
  properties: {
    zone: {type: 'string', enum: ['north', 'south']},
    minutes: {type: 'integer', minimum: 1, maximum: 60},
    color: {type: 'string'},
  },
  required: ['zone'],
  additionalProperties: false,
}

export const WATER_HINT = '{ zone: "north" | "south"; color?: string; minutes?: number /* integer, >= 1, <= 60 */ }'
