/** Databases (MongoDB, PostgreSQL, SQL): records, collections and the query words of each. */
import type {LexiconDomain} from './domain.js'

export const DATABASES: LexiconDomain = {
  synonyms: [
    'database databases db',
    'collection collections',
    'table tables',
    'record records row rows entry entries',
    'mongodb mongo',
    'postgres postgresql psql',
    'sql select',
  ],
  implications: [
    'select > sql query',
    'table tables > sql',
    'rows > sql document documents',
    'sql > query database',
    'db > database',
    'mongo > mongodb',
    'dump > read',
    'database databases > data_source',
    'totals > aggregate',
    'group_by average avg > aggregate aggregation',
    'query_plan slow_query > explain',
    'mongod mongos mongosh atlas > mongodb',
    'pg psql postgresql > postgres sql',
    'index_list > indexes',
    'indices > index',
    'shape > schema',
    'fields > schema',
    'record records row > document documents',
    'insert_one insert_many bulk_insert > insert',
    'update_one update_many > update',
    'delete_one delete_many > delete',
    'ttl compound_index unique_index > index',
    'query_docs > documentation knowledge',
  ],
}
