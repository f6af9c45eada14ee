/** Maps and places: addresses, coordinates, directions and what is nearby. */
import type {LexiconDomain} from './domain.js'

export const MAPS: LexiconDomain = {
  synonyms: [
    'location place places spot',
    'coordinates latitude longitude lat lng gps',
    'directions route routes navigate navigation',
    'distance far travel_time',
    'elevation altitude height above_sea_level',
    'restaurant restaurants cafe cafes coffee diner eatery dining',
  ],
  implications: [
    'altitude > elevation',
    'route walk walking drive driving commute > directions',
    'address > geocode location',
    'coordinates > geocode',
    'nearby near_me around_here nearest > local places',
    'opening_hours phone_number > details place',
    'dentist dentists plumber plumbers salon salons pharmacy pharmacies bakery bakeries gas_station pub pubs bar bars downtown > places local business',
    'museum museums > places local business travel tourism activities',
    'how_long > distance time duration',
    'which_way > directions route',
    'hours > details place',
    'phone > details place product products shopping buy',
    'street_address postal_address zip_code postcode > address geocode',
    'lat_long lat_lng latlng > coordinates geocode',
    'open_now closing_time > details place',
    'eta travel_time drive_time > distance duration directions',
  ],
}
