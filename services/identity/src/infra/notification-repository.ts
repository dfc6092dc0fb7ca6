import type { NotificationType } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import type { Mail } from '../domain/mailer.ts';
import type { NotificationPreferenceStore } from '../domain/notification-preferences.ts';
import type { RelayedMailStore } from '../domain/relay-mail.ts';

export function createNotificationPreferenceRepository(db: Db): NotificationPreferenceStore {
  return {
    async settings(userId) {
      const rows = await db.query<{ type: NotificationType; enabled: boolean }>(
        `SELECT notification_type AS type, enabled FROM notification_preferences WHERE user_id = $1`,
        [userId],
      );
      return new Map(rows.map((row) => [row.type, row.enabled]));
    },
    async set(userId, changes) {
      if (changes.length === 0) return;
      await db.query(
        `INSERT INTO notification_preferences (user_id, notification_type, enabled)
         SELECT $1, type, enabled FROM unnest($2::text[], $3::boolean[]) AS given(type, enabled)
         ON CONFLICT (user_id, notification_type) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
        [userId, changes.map(([type]) => type), changes.map(([, enabled]) => enabled)],
      );
    },
  };
}

export function createRelayedMailRepository(db: Db): RelayedMailStore {
  return {
    async insert(mailId, type, userId, mail) {
      const rows = await db.query(
        `INSERT INTO relayed_mails (mail_id, mail_type, user_id, recipient, subject, text_body, html_body, headers)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (mail_id) DO NOTHING RETURNING mail_id`,
        [
          mailId,
          type,
          userId,
          mail.to,
          mail.subject,
          mail.text,
          mail.html,
          JSON.stringify(mail.headers ?? {}),
        ],
      );
      return rows.length > 0;
    },
    async remove(mailId) {
      await db.query('DELETE FROM relayed_mails WHERE mail_id = $1 AND sent_at IS NULL', [mailId]);
    },
    async unsent(mailId) {
      const [row] = await db.query<Mail>(
        `SELECT recipient AS "to", subject, text_body AS text, html_body AS html, headers
         FROM relayed_mails WHERE mail_id = $1 AND sent_at IS NULL AND recipient IS NOT NULL`,
        [mailId],
      );
      return row;
    },
    async giveUp(mailId) {
      await db.query(
        `UPDATE relayed_mails
         SET recipient = NULL, subject = NULL, text_body = NULL, html_body = NULL, headers = NULL
         WHERE mail_id = $1`,
        [mailId],
      );
    },
    async markSent(mailId) {
      await db.query(
        `UPDATE relayed_mails
         SET sent_at = now(), recipient = NULL, subject = NULL, text_body = NULL, html_body = NULL, headers = NULL
         WHERE mail_id = $1`,
        [mailId],
      );
    },
  };
}
