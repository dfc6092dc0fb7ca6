import type { Logger } from '@laundry/platform/logging';
import type { Db } from '@laundry/platform/db';
import { idempotentHandler } from '@laundry/platform/bus';
import {
  detectedPriceFromV2,
  type EventOf,
  type photoOcrCompletedV1,
  type photoOcrCompletedV2,
} from '@laundry/contracts';
import { suggestPrices } from '../domain/price-suggestions.ts';
import type { PriceSuggestionRepository } from '../domain/price-suggestion-store.ts';

/**
 * photo.ocr-completed → price suggestions for the photo's laundromat, filling the prices it lacks. The event
 * id is recorded in the same transaction, so a redelivered event suggests nothing twice. v2 carries the
 * amounts as exact text; v1, no longer published, is still read for an event queued before the switch.
 */
export function photoOcrCompletedHandler(deps: {
  db: Db;
  suggestions: PriceSuggestionRepository;
  logger: Logger;
}) {
  return idempotentHandler<EventOf<typeof photoOcrCompletedV1> | EventOf<typeof photoOcrCompletedV2>>({
    db: deps.db,
    consumer: 'directory.photo-ocr-completed',
    handler: async (event, tx) => {
      const data =
        event.type === 'photo.ocr-completed.v2'
          ? { ...event.data, detectedPrices: event.data.detectedPrices.map(detectedPriceFromV2) }
          : event.data;
      if (!data.laundromatId || data.detectedPrices.length === 0) return;
      const prices = await deps.suggestions.lockPrices(tx, data.laundromatId);
      if (!prices) {
        deps.logger.warn(
          { photoId: data.photoId, laundromatId: data.laundromatId },
          'prices of an unknown laundromat ignored',
        );
        return;
      }
      const { suggestions, fills } = suggestPrices(data.detectedPrices, prices);
      await deps.suggestions.record(tx, data.laundromatId, data.photoId, suggestions);
      await deps.suggestions.fillPrices(tx, data.laundromatId, fills);
    },
  });
}
