import { Button } from '@laundry/ui';
import type {
  AvailabilityReport,
  AvailabilityResponse,
  Laundromat,
  LiveState,
  MachineState,
} from '@laundry/contracts';
import { useCurrentUser } from '../hooks/use-current-user.ts';
import { useText } from '../shared/use-text.ts';
import { BusynessChart } from './busyness-chart.tsx';
import { agoText, confidenceText, countsTexts, minutesSince } from './live-text.ts';
import { ReportButton } from './report-dialog.tsx';
import { AlertButton } from './alert-button.tsx';
import { useAvailability, useConfirmReport } from './use-availability.ts';
import styles from './live.module.css';

/**
 * 'Free now' on the detail: the live state, the machines when a feed sends them, machines out of order, the
 * recent reports to confirm, and 'I'm here: how many free?'. It renders whatever the availability query
 * holds, so a live stream only has to write a new answer under that key.
 */
export function LiveSection({ laundromat }: { laundromat: Laundromat }) {
  const { t } = useText();
  const availability = useAvailability(laundromat.id);
  const data = availability.data ?? null;
  const now = Date.now();
  return (
    <section className={styles.section} aria-labelledby="live-heading" data-testid="live-section">
      <h3 id="live-heading">{t('live.heading')}</h3>
      {data && <LiveBody data={data} now={now} laundromatId={laundromat.id} />}
      <BusynessChart laundromatId={laundromat.id} />
      <ReportButton laundromat={laundromat} live={data?.live ?? null} />
      <AlertButton laundromatId={laundromat.id} live={data?.live ?? null} />
    </section>
  );
}

function LiveBody({
  data,
  now,
  laundromatId,
}: {
  data: AvailabilityResponse;
  now: number;
  laundromatId: string;
}) {
  const { t, text } = useText();
  const feedStale = data.feed?.stale === true;
  return (
    <>
      {data.live ? (
        <LiveHeadline live={data.live} />
      ) : (
        !feedStale && <p className={styles.muted}>{t('live.nothingRecent')}</p>
      )}
      {data.feed && feedStale && (
        <p className={styles.stale} role="status" data-testid="live-stale">
          {t('live.feedStale', { ago: text(agoText(minutesSince(data.feed.lastSeenAt, now))) })}
        </p>
      )}
      {data.machines.length > 0 && <MachineList machines={data.machines} stale={feedStale} />}
      {data.outOfOrder && (data.outOfOrder.washers > 0 || data.outOfOrder.dryers > 0) && (
        <p className={styles.outOfOrder} data-testid="live-out-of-order">
          {[
            data.outOfOrder.washers > 0
              ? t('live.outOfOrderWashers', { count: data.outOfOrder.washers })
              : null,
            data.outOfOrder.dryers > 0 ? t('live.outOfOrderDryers', { count: data.outOfOrder.dryers }) : null,
          ]
            .filter(Boolean)
            .join(', ')}
          {', '}
          {text(agoText(minutesSince(data.outOfOrder.reportedAt, now)))}
        </p>
      )}
      {data.recentReports.length > 0 && (
        <RecentReports reports={data.recentReports} now={now} laundromatId={laundromatId} />
      )}
    </>
  );
}

/** '3 of 12 washers free · 7 min ago · 2 confirmed', its source and how sure it is. */
function LiveHeadline({ live }: { live: LiveState }) {
  const { t, text } = useText();
  const parts = countsTexts(live).map(text);
  if (parts.length === 0) parts.push(t('live.countsUnknown'));
  parts.push(text(agoText(live.ageMinutes)));
  if (live.confirmations > 0) parts.push(t('live.confirmations', { count: live.confirmations }));
  if (live.disputes > 0) parts.push(t('live.disputes', { count: live.disputes }));
  return (
    <div className={styles.headline} data-testid="live-state">
      <p className={styles.counts}>{parts.join(' · ')}</p>
      <p className={styles.muted}>
        <span data-testid="live-source">
          {t(live.source === 'machines' ? 'live.fromMachines' : 'live.byVisitors')}
        </span>
        {' · '}
        <span data-testid="live-confidence" data-level={live.confidenceLevel}>
          {text(confidenceText(live))}
        </span>
        {live.waitMinutes !== null && live.waitMinutes > 0 && (
          <>
            {' · '}
            {t('live.wait', { count: live.waitMinutes })}
          </>
        )}
      </p>
    </div>
  );
}

function MachineList({ machines, stale }: { machines: MachineState[]; stale: boolean }) {
  const { t } = useText();
  return (
    <ul className={styles.machines} aria-label={t('live.machines')} data-stale={stale || undefined}>
      {machines.map((machine) => (
        <li key={machine.machineId} data-status={machine.status}>
          <span>
            {t(machine.type === 'washer' ? 'live.washer' : 'live.dryer', { id: machine.machineId })}
            {machine.capacityKg !== null && ` · ${t('live.capacity', { kg: machine.capacityKg })}`}
          </span>
          <span className={styles.machineStatus}>
            {/* A silent feed's machines are shown as unknown, never as free. */}
            {stale ? t('live.status.unknown') : t(`live.status.${machine.status}`)}
            {!stale &&
            machine.minutesRemaining !== null &&
            machine.status !== 'available' &&
            machine.status !== 'out_of_order'
              ? ` · ${t('live.minutesLeft', { count: machine.minutesRemaining })}`
              : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

function RecentReports({
  reports,
  now,
  laundromatId,
}: {
  reports: AvailabilityReport[];
  now: number;
  laundromatId: string;
}) {
  const { t, text } = useText();
  const { isSignedIn } = useCurrentUser();
  const vote = useConfirmReport(laundromatId);
  return (
    <details className={styles.reports}>
      <summary>{t('live.recentReports', { count: reports.length })}</summary>
      <ul>
        {reports.map((report) => (
          <li key={report.id} data-testid="live-report">
            <span>
              {reportSummary(report, t, text)} · {text(agoText(minutesSince(report.createdAt, now)))}
              {report.distanceBand === 'on-site' && ` · ${t('live.onSite')}`}
              {report.confirmations > 0 && ` · ${t('live.confirmations', { count: report.confirmations })}`}
              {report.disputes > 0 && ` · ${t('live.disputes', { count: report.disputes })}`}
            </span>
            {report.note && <q className={styles.note}>{report.note}</q>}
            {report.mine ? (
              <span className={styles.muted}>{t('live.yourReport')}</span>
            ) : (
              isSignedIn && (
                <span className={styles.votes}>
                  <Button
                    size="small"
                    variant="secondary"
                    disabled={vote.isPending}
                    onClick={() => vote.mutate({ reportId: report.id, agree: true })}
                  >
                    {t('live.stillRight')}
                  </Button>
                  <Button
                    size="small"
                    variant="ghost"
                    disabled={vote.isPending}
                    onClick={() => vote.mutate({ reportId: report.id, agree: false })}
                  >
                    {t('live.notRight')}
                  </Button>
                </span>
              )
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

function reportSummary(
  report: AvailabilityReport,
  t: ReturnType<typeof useText>['t'],
  text: ReturnType<typeof useText>['text'],
): string {
  if (report.kind !== 'counts') return t(`live.quick.${report.kind}`);
  const counts = countsTexts({
    washersFree: report.washers?.free ?? null,
    washersTotal: report.washers?.total ?? null,
    dryersFree: report.dryers?.free ?? null,
    dryersTotal: report.dryers?.total ?? null,
  }).map(text);
  return counts.join(', ');
}
