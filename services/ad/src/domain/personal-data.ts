import type { Db } from '@laundry/platform/db';
import type { PersonalData } from '@laundry/contracts';

/** What the ad service holds about a person; infra/personal-data-repository.ts reads and erases it. */
export interface PersonalDataStore {
  advertisers(userId: string): Promise<Record<string, unknown>[]>;
  campaigns(userId: string): Promise<Record<string, unknown>[]>;
  /** Changes to their campaigns' visible content still waiting for an admin (or refused, to edit again). */
  heldChanges(userId: string): Promise<Record<string, unknown>[]>;
  verifications(userId: string): Promise<Record<string, unknown>[]>;
  auditEntries(userId: string): Promise<Record<string, unknown>[]>;
  /**
   * What the ad service learnt of the person from identity and billing to decide whether their campaigns
   * may run (address verified, card on file): kept under their id, so it is theirs to see and to erase.
   */
  accountStanding(userId: string): Promise<Record<string, unknown>[]>;
  /** The advertiser team the person is on: the account's name, their address on it and their role. */
  teamMembership(userId: string): Promise<Record<string, unknown>[]>;
  /** On the account the person owns: the colleagues on its team and the invitations not yet accepted. */
  ownTeam(userId: string): Promise<Record<string, unknown>[]>;
  /**
   * The person's campaigns end, and their changes waiting for review are dropped (the review withdrawn, so
   * no admin is asked to judge an erased person's words); their advertiser profile keeps its id (the ledger's and the statements'
   * key, which becomes an anonymous one) but loses its owner, name, contacts and documents' records; their
   * ad events lose id, address, user agent and position; their audit entries are anonymised.
   */
  erase(tx: Db, userId: string): Promise<ErasedAdData>;
}

export interface ErasedAdData {
  advertisers: number;
  campaignsEnded: number;
  heldChanges: number;
  adEvents: number;
  auditEntries: number;
  accountStanding: number;
  /** Their place on a team, and the team and open invitations of the account they owned. */
  teamRecords: number;
}

export async function collectPersonalData(store: PersonalDataStore, userId: string): Promise<PersonalData> {
  const [advertisers, campaigns, heldChanges, verifications, audit, standing, membership, ownTeam] =
    await Promise.all([
      store.advertisers(userId),
      store.campaigns(userId),
      store.heldChanges(userId),
      store.verifications(userId),
      store.auditEntries(userId),
      store.accountStanding(userId),
      store.teamMembership(userId),
      store.ownTeam(userId),
    ]);
  return {
    parts: {
      'advertiser-profile': advertisers,
      campaigns,
      'campaign-changes-waiting': heldChanges,
      'verification-documents': verifications,
      'audit-log': audit,
      'account-standing': standing,
      'advertiser-team-membership': membership,
      'advertiser-team': ownTeam,
    },
    files: [],
  };
}
