import webPush from 'web-push';
import type { PushSender } from '../domain/availability-alerts.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Web Push through the `web-push` package, signed with the deployment's VAPID keys. A 404 or 410 means the
 * push service forgot the subscription (the person unsubscribed or cleared the site's data): it is 'gone'.
 */
export function createWebPushSender(keys: VapidKeys, options: { timeoutMs?: number } = {}): PushSender {
  // Checks the keys' lengths and the subject now, so bad settings stop the start instead of every send.
  webPush.generateRequestDetails(
    { endpoint: 'https://push.invalid/check', keys: { p256dh: checkKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
    'check',
    { vapidDetails: keys },
  );
  return {
    publicKey: keys.publicKey,
    async send(subscription, payload) {
      try {
        await webPush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: keys,
            // Worth nothing once the machine is taken again: the push service may drop it after an hour.
            TTL: 3600,
            urgency: 'high',
            topic: undefined,
            timeout: options.timeoutMs ?? 10_000,
          },
        );
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw error;
      }
    },
  };
}

// A valid uncompressed P-256 point (the curve's generator), only for checking the settings.
const checkKey = Buffer.concat([
  Buffer.from([4]),
  Buffer.from('6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296', 'hex'),
  Buffer.from('4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5', 'hex'),
]).toString('base64url');
