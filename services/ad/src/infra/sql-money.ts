import { e4PerUnit } from '@laundry/contracts';

/**
 * SQL reading a numeric column (or sum) of currency units as an exact bigint of E4: PostgreSQL multiplies the
 * numeric exactly, so the amount never passes through a float on its way out of the database.
 */
export const sqlE4 = (expression: string) => `(${expression} * ${e4PerUnit})::bigint`;
