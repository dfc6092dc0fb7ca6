/**
 * Schema names go into search_path and DDL unquoted, so only plain lower-case identifiers are accepted;
 * anything else would be an injection or a quoting surprise.
 */
export function assertSchemaName(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Invalid schema name "${schema}": use lower-case letters, digits and _`);
  }
  return schema;
}
