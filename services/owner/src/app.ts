import { createHmac } from 'node:crypto';
import { defineService } from '@laundry/platform/service';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@laundry/platform/auth';
import { createDirectoryClient, createMailClient, createPhotoClient } from '@laundry/contracts';
import { ownerConfigSchema } from './config.ts';
import { createClaimRepository } from './infra/claim-repository.ts';
import { createTransferRepository } from './infra/transfer-repository.ts';
import { claimRoutes } from './api/claim-routes.ts';
import type { ClaimDeps } from './domain/claims.ts';
import { collectPersonalData, eraseClaims } from './domain/personal-data.ts';
import {
  endedClaimsRetention,
  endedTransfersRetention,
  ownerRetentionPolicies,
} from './domain/claim-retention.ts';

/**
 * Owners' claims of laundromats: by a code mailed to the website's domain or a document an admin reads.
 * A verified owner may hand a laundromat over to another person (a transfer the recipient accepts).
 * Publishes laundromat.owner-verified.v1 and laundromat.owner-released.v1 (the directory keeps the owner).
 */
export const ownerService = defineService({
  name: 'owner',
  config: ownerConfigSchema,
  migrations: new URL('../migrations/', import.meta.url),
  async wire({ config, db, outbox, logger }) {
    const claims = createClaimRepository();
    const transfers = createTransferRepository();
    const deps: ClaimDeps = {
      db,
      claims,
      transfers,
      publicUrl: config.PUBLIC_URL,
      outbox,
      // Identity sends the codes, with its mail server or its local outbox, and its retries.
      mail: createMailClient({
        baseUrl: config.IDENTITY_URL,
        timeoutMs: config.IDENTITY_TIMEOUT_MS,
        unavailableMessage: 'We could not send the code right now. Please try again in a moment.',
        identityHeader: INTERNAL_IDENTITY_HEADER,
        sign: () => signInternalIdentity(undefined, config.INTERNAL_SECRET, 'service:owner'),
      }),
      logger,
      // Derived from the internal secret, so no further secret has to be set; the database never holds it.
      codeSecret: createHmac('sha256', config.INTERNAL_SECRET).update('owner-claim-codes').digest('hex'),
      directory: createDirectoryClient({
        baseUrl: config.DIRECTORY_URL,
        timeoutMs: config.DIRECTORY_TIMEOUT_MS,
        unavailableMessage: 'We cannot check this laundromat right now. Please try again in a moment.',
      }),
      documents: createPhotoClient({
        baseUrl: config.PHOTO_URL,
        timeoutMs: config.PHOTO_TIMEOUT_MS,
        unavailableMessage: 'Documents cannot be stored right now. Please try again in a moment.',
        identityHeader: INTERNAL_IDENTITY_HEADER,
      }),
    };
    return {
      routes(router) {
        claimRoutes(router, { ...deps, internalSecret: config.INTERNAL_SECRET });
      },
      retention: { tasks: [endedClaimsRetention, endedTransfersRetention] },
      claims,
      transfers,
      outbox,
      db,
    };
  },
  personalData: {
    export: (wired, userId) => collectPersonalData(wired, wired.db, userId),
    erase: (wired, tx, { userId }) => eraseClaims(wired, tx, userId),
  },
  retention: ownerRetentionPolicies,
});
