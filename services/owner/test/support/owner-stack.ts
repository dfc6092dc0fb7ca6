import type { NewLaundromatRow } from '@laundry/directory';
import { startStack, signUpAdmin, type TestStack } from '../../../../test/support/stack.ts';
import { apiClient, registerMailReader, signUp, type Session } from '../../../../test/support/session.ts';
import { eventually } from '../../../../test/support/servers.ts';
import { insertLaundromatsFor as insertFixtures } from '../../../../test/support/laundromat-fixtures.ts';
import {
  smtpMailReader,
  startSmtpStandIn,
  type SmtpStandIn,
} from '../../../identity/test/support/smtp-stand-in.ts';

export type { Session, SmtpStandIn, TestStack };
export { signUp, signUpAdmin, eventually };

export interface OwnerStack {
  stack: TestStack;
  /** The stand-in mail server every service sends to: the claim codes land here. */
  smtp: SmtpStandIn;
  stop(): Promise<void>;
}

/** The product stack for one owner test file, its mail going to a stand-in SMTP server. */
export async function startOwnerStack(overrides: Record<string, string> = {}): Promise<OwnerStack> {
  const smtp = await startSmtpStandIn();
  const stack = await startStack({
    RATE_LIMIT_PER_MINUTE: '100000',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://laundry.example',
    ...overrides,
  });
  registerMailReader(stack.baseUrl, smtpMailReader(smtp));
  return {
    stack,
    smtp,
    async stop() {
      await stack.stop();
      await smtp.stop();
    },
  };
}

export const insertLaundromatsFor = (stack: TestStack, rows: ReadonlyArray<Partial<NewLaundromatRow>>) =>
  insertFixtures(stack, rows, { namePrefix: 'Owner Fixture', near: { latitude: 48.85, longitude: 2.35 } });

export interface ErrorBody {
  message: string;
  code?: string;
  errors?: { path: string; message: string }[];
}

/** A JSON call through the gateway, answering the status and the parsed body. */
export async function call<T = unknown>(
  stack: TestStack,
  session: Session | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await apiClient(stack.baseUrl, session)(path, { method, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The 6-digit code of the newest claim mail to `to`, once it arrived. */
export async function mailedCode(smtp: SmtpStandIn, to: string, since = 0): Promise<string> {
  const mail = await smtp.nextMailTo(to, { since });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail: ${mail.text}`);
  return code;
}

export function uploadClaimDocument(
  stack: TestStack,
  session: Session | undefined,
  laundromatId: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('document', new Blob([new Uint8Array(file.bytes)]), file.name);
  return fetch(`${stack.baseUrl}/api/laundromats/${laundromatId}/claims/document`, {
    method: 'POST',
    headers: session ? { cookie: session.cookie } : {},
    body: form,
  });
}

export const plainPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** The laundromat's answer from the directory, once `check` holds. */
export async function laundromatOnceItSays(
  stack: TestStack,
  laundromatId: string,
  check: (laundromat: { ownerVerified: boolean; ownerUpdatedAt: string | null }) => boolean,
) {
  let last: { ownerVerified: boolean; ownerUpdatedAt: string | null } | undefined;
  await eventually(async () => {
    const answer = await call<{ ownerVerified: boolean; ownerUpdatedAt: string | null }>(
      stack,
      undefined,
      'GET',
      `/api/laundromats/${laundromatId}`,
    );
    last = answer.body;
    return answer.status === 200 && check(answer.body);
  });
  return last!;
}

/** The audit log's entries of owner claims (the ad service stores them from audit.recorded.v1). */
export async function claimAuditEntries(stack: TestStack, resourceId: string, atLeast = 1) {
  let rows: Record<string, unknown>[] = [];
  await eventually(async () => {
    rows = await stack.ad.db.query<Record<string, unknown>>(
      `SELECT action, status, user_id AS "userId", error_message AS "errorMessage"
       FROM audit_log WHERE resource = 'owner-claim' AND resource_id = $1 ORDER BY created_at, id`,
      [resourceId],
    );
    return rows.length >= atLeast;
  });
  return rows;
}

export const ownerDb = (stack: TestStack) => stack.services.owner!.db;
