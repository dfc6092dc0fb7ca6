import type { Db } from '@laundry/platform';
import type { TestStack } from '../support/stack.ts';
import type { Session } from '../support/session.ts';

/** The address the person's requests come from (a documentation range), as the gateway's trusted hop says. */
export const PERSON_ADDRESS = '203.0.113.77';
export const PERSON_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

/** A call through the gateway as the person, from their address and browser, answering status and body. */
export function asPerson(stack: TestStack, session: Session | undefined, address = PERSON_ADDRESS) {
  return async <T = unknown>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: {
        'x-forwarded-for': address,
        'user-agent': PERSON_AGENT,
        ...(session ? { cookie: session.cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = /json/.test(response.headers.get('content-type') ?? '') && text ? JSON.parse(text) : text;
    return { status: response.status, body: json as T };
  };
}

/** Every service's own schema in the stack. */
export function serviceDbs(stack: TestStack): Record<string, Db> {
  return Object.fromEntries(Object.entries(stack.services).map(([name, service]) => [name, service.db]));
}

export interface Trace {
  service: string;
  table: string;
  column: string;
  value: string;
  rows: number;
}

/**
 * Every place in every service's schema where one of `values` still appears: each column of each table
 * (the service's own schema only), read as text, so ids in uuid columns, addresses in inet or varchar
 * columns and anything inside jsonb or arrays are all found.
 */
export async function findTraces(stack: TestStack, values: string[]): Promise<Trace[]> {
  const traces: Trace[] = [];
  for (const [service, db] of Object.entries(serviceDbs(stack))) {
    const columns = await db.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = $1 AND t.table_type = 'BASE TABLE'
         AND c.data_type NOT IN ('integer', 'bigint', 'smallint', 'numeric', 'boolean', 'double precision',
                                 'real', 'date', 'bytea', 'USER-DEFINED')
         AND c.data_type NOT LIKE 'timestamp%'`,
      [db.schema],
    );
    for (const { table_name: table, column_name: column } of columns) {
      for (const value of values) {
        const [row] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${table}" WHERE strpos(lower("${column}"::text), lower($1)) > 0`,
          [value],
        );
        if (row && row.n > 0) traces.push({ service, table, column, value, rows: row.n });
      }
    }
  }
  return traces;
}
