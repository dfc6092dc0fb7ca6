import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { services, type ServiceEntry } from '../../services.ts';
import { DECLARED_RETENTION_FILE, declaredRetentionFile } from '../../scripts/src/declared-retention.ts';
import { GENERATE_COMMAND } from '../../scripts/src/deploy-files.ts';

// Every listed service declares what it keeps about a person and its retention (the kit adds the policies
// of its outbox and processed events); identity starts from the policies of every service of the list.

const listed = (services as readonly ServiceEntry[]).filter((entry) => entry.load);
const committed = () =>
  JSON.parse(readFileSync(new URL(`../../${DECLARED_RETENTION_FILE}`, import.meta.url), 'utf8')) as {
    service: string;
    dataType: string;
  }[];

describe('what every listed service declares', () => {
  it.each(listed.map((entry) => [entry.name, entry] as const))(
    'when %s is loaded, then it declares its personal data export and erasure',
    async (_name, entry) => {
      const definition = await entry.load!();
      expect(typeof definition.personalData?.export).toBe('function');
      expect(typeof definition.personalData?.erase).toBe('function');
    },
  );

  it("when identity's list of declared retention policies is read, then it is what services.ts makes", async () => {
    const expected = await declaredRetentionFile(services);
    expect(
      readFileSync(new URL(`../../${DECLARED_RETENTION_FILE}`, import.meta.url), 'utf8'),
      `${DECLARED_RETENTION_FILE} is out of date with services.ts: run \`${GENERATE_COMMAND}\``,
    ).toBe(expected);
  });

  it.each(listed.map((entry) => entry.name))(
    "when identity's list is read, then %s's outbox and processed events have a policy",
    (name) => {
      const kept = committed()
        .filter((policy) => policy.service === name)
        .map((policy) => policy.dataType);
      expect(kept).toEqual(expect.arrayContaining(['outbox-events', 'processed-events']));
    },
  );
});
