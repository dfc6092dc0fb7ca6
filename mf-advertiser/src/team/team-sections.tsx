import { useState, type FormEvent } from 'react';
import {
  advertiserMemberRoles,
  inviteTeamMemberRequestSchema,
  languages,
  type AdvertiserMemberRole,
  type Language,
  type TeamInvitation,
  type TeamMember,
} from '@laundry/contracts';
import { Badge, Button, Dialog, toast } from '@laundry/ui';
import { useTeamChanges } from '../api/team.ts';
import { handledAsSignedOut } from '../api/sign-in.ts';
import { SelectField, TextField } from '../components/form-field.tsx';
import { useText } from '../components/use-text.ts';
import { formatDay } from '../domain/formats.ts';
import { messageText } from '../domain/validation-messages.ts';
import type { I18nText } from '../domain/i18n-text.ts';
import styles from './team.module.css';

/** Each language by its own name: the invited colleague reads the mail in the one chosen. */
const languageNames: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  hi: 'हिन्दी',
  es: 'Español',
  fr: 'Français',
};

type TeamChanges = ReturnType<typeof useTeamChanges>;

/** The owner's invitation: the address (checked as the server checks it), the role and the mail's language. */
export function InviteForm({ invite }: { invite: TeamChanges['invite'] }) {
  const { t, failure, locale } = useText();
  const uiLanguage = (languages as readonly string[]).includes(locale) ? (locale as Language) : 'en';
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdvertiserMemberRole>('viewer');
  const [language, setLanguage] = useState<Language>(uiLanguage);
  const [error, setError] = useState<I18nText | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteTeamMemberRequestSchema.safeParse({ email, role, language });
    if (!parsed.success) {
      setError(messageText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (invitation) => {
        toast({ title: t('team.invite.sent', { email: invitation.email }), variant: 'success' });
        setEmail('');
      },
      onError: (failed) => {
        if (handledAsSignedOut(failed, t)) return;
        toast({ title: t('team.invite.failed'), description: failure(failed), variant: 'destructive' });
      },
    });
  };

  return (
    <form className={styles.inviteForm} onSubmit={submit} noValidate aria-label={t('team.invite.title')}>
      <TextField
        id="team-invite-email"
        label={t('team.invite.email')}
        required
        value={email}
        onValue={setEmail}
        error={error}
        input={{ type: 'email', autoComplete: 'off' }}
      />
      <SelectField
        id="team-invite-role"
        label={t('team.invite.role')}
        value={role}
        onValue={(value) => setRole(value as AdvertiserMemberRole)}
        hint={t(`team.roleHints.${role}`)}
        options={advertiserMemberRoles.map((each) => ({ value: each, label: t(`team.roles.${each}`) }))}
      />
      <SelectField
        id="team-invite-language"
        label={t('team.invite.language')}
        value={language}
        onValue={(value) => setLanguage(value as Language)}
        options={languages.map((each) => ({ value: each, label: languageNames[each] }))}
      />
      <div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? t('team.invite.sending') : t('team.invite.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The owner first, then the members with their role to change and a Remove that asks first. */
export function MemberList({
  members,
  changes,
}: {
  members: readonly TeamMember[];
  changes: Pick<TeamChanges, 'changeRole' | 'remove'>;
}) {
  const { t, failure, locale } = useText();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const failed = (error: unknown) => {
    if (handledAsSignedOut(error, t)) return;
    toast({ title: t('team.members.failed'), description: failure(error), variant: 'destructive' });
  };

  return (
    <>
      <ul className={styles.list} aria-label={t('team.members.title')} data-testid="team-members">
        {members.map((member) => (
          <li key={member.userId} className={styles.row} data-testid="team-member">
            <div className={styles.who}>
              <span className={styles.email}>{member.email}</span>
              <span className={styles.meta}>
                {t('team.members.joined', { date: formatDay(member.joinedAt, locale) })}
              </span>
            </div>
            {member.role === 'owner' ? (
              <Badge tone="info">{t('team.roles.owner')}</Badge>
            ) : (
              <div className={styles.actions}>
                <select
                  className={styles.roleSelect}
                  aria-label={t('team.members.roleLabel', { email: member.email })}
                  value={member.role}
                  disabled={changes.changeRole.isPending}
                  onChange={(event) =>
                    changes.changeRole.mutate(
                      { userId: member.userId, role: event.target.value as AdvertiserMemberRole },
                      {
                        onSuccess: (changed) =>
                          toast({
                            title: t('team.members.roleChanged', {
                              email: changed.email,
                              role: t(`team.roles.${changed.role}`),
                            }),
                            variant: 'success',
                          }),
                        onError: failed,
                      },
                    )
                  }
                >
                  {advertiserMemberRoles.map((role) => (
                    <option key={role} value={role}>
                      {t(`team.roles.${role}`)}
                    </option>
                  ))}
                </select>
                <Button
                  size="small"
                  variant="ghost"
                  onClick={() => setRemoving(member)}
                  aria-label={t('team.members.removeNamed', { email: member.email })}
                >
                  {t('team.members.remove')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('team.members.removeTitle')}
        description={t('team.members.removeText', { email: removing?.email ?? '' })}
      >
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (removing) {
                const { email, userId } = removing;
                changes.remove.mutate(userId, {
                  onSuccess: () => toast({ title: t('team.members.removed', { email }), variant: 'success' }),
                  onError: failed,
                });
              }
              setRemoving(null);
            }}
          >
            {t('team.members.remove')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** Invitations not yet accepted, each with its role, its expiry and a Withdraw. */
export function InvitationList({
  invitations,
  withdraw,
}: {
  invitations: readonly TeamInvitation[];
  withdraw: TeamChanges['withdraw'];
}) {
  const { t, failure, locale } = useText();
  if (invitations.length === 0) return <p className={styles.empty}>{t('team.invitations.empty')}</p>;
  return (
    <ul className={styles.list} aria-label={t('team.invitations.title')} data-testid="team-invitations">
      {invitations.map((invitation) => (
        <li key={invitation.id} className={styles.row} data-testid="team-invitation">
          <div className={styles.who}>
            <span className={styles.email}>{invitation.email}</span>
            <span className={styles.meta}>
              {t(`team.roles.${invitation.role}`)} ·{' '}
              {t('team.invitations.expires', { date: formatDay(invitation.expiresAt, locale) })}
            </span>
          </div>
          <Button
            size="small"
            variant="secondary"
            disabled={withdraw.isPending}
            aria-label={t('team.invitations.withdrawNamed', { email: invitation.email })}
            onClick={() =>
              withdraw.mutate(invitation.id, {
                onSuccess: () => toast({ title: t('team.invitations.withdrawn'), variant: 'success' }),
                onError: (error) => {
                  if (handledAsSignedOut(error, t)) return;
                  toast({
                    title: t('team.members.failed'),
                    description: failure(error),
                    variant: 'destructive',
                  });
                },
              })
            }
          >
            {t('team.invitations.withdraw')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
