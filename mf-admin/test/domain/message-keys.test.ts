import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../../packages/ui/src/locales/en.json';
import { errorKeys } from '../../src/domain/admin-errors.ts';
import { reasonRequired } from '../../src/domain/decisions.ts';
import { moderationFilterStatuses, verificationFilterStatuses } from '../../src/domain/statuses.ts';

const admin = (en as Record<string, unknown>).admin as Record<string, unknown>;

/** English text at a dotted path of the admin namespace; a plural key resolves through its _other form. */
function english(path: string): unknown {
  const parts = path.split('.');
  let node: unknown = admin;
  for (const [index, part] of parts.entries()) {
    const here = node as Record<string, unknown> | undefined;
    node = here?.[part] ?? (index === parts.length - 1 ? here?.[`${part}_other`] : undefined);
  }
  return node;
}

const srcDir = fileURLToPath(new URL('../../src/', import.meta.url));
const sources = readdirSync(srcDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
  .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));

/** Every literal key the pages pass to t('…'), other namespaces' keys ('common:…') left out. */
const literalKeys = [
  ...new Set(sources.flatMap((source) => [...source.matchAll(/\bt\('([\w.]+)'/g)].map((match) => match[1]!))),
];

const builtKeys = [
  ...Object.values(errorKeys),
  ...[...moderationFilterStatuses, ...verificationFilterStatuses].map((status) => `status.${status}`),
  ...Object.keys(reasonRequired).flatMap((kind) =>
    ['title', 'text', 'confirm', 'done'].map((part) => `decision.${kind}.${part}`),
  ),
  ...moderationFilterStatuses.map((status) => `moderation.empty.${status}`),
  ...verificationFilterStatuses.map((status) => `verifications.empty.${status}`),
  ...['low', 'medium', 'high'].map((level) => `moderation.risk.${level}`),
  'claims.methods.email',
  'claims.methods.document',
  'claims.methods.transfer',
  ...['business-licence', 'utility-bill'].map((type) => `claims.documentTypes.${type}`),
  'decision.reasonRequired',
  'decision.tooLong',
  'audit.filters.invalidId',
  'audit.filters.invalidDate',
  'audit.filters.toBeforeFrom',
];

describe('message keys of the admin console', () => {
  it('finds the keys the pages use', () => {
    expect(literalKeys.length).toBeGreaterThan(50);
  });

  it.each([...literalKeys, ...builtKeys])(
    'when %s is looked up in en.json, then it has English text',
    (key) => {
      expect(english(key)).toEqual(expect.any(String));
    },
  );
});
