import { useState } from 'react';
import { Button, toast } from '@laundry/ui';
import { browserShareTargets, laundromatShareUrl, shareLink } from '../domain/share-link.ts';
import { useText } from '../shared/use-text.ts';
import { reportInteraction } from '../api/interactions.ts';
import styles from './detail.module.css';

/**
 * 'Share' beside the name: the system share sheet where there is one, else the link copied with a visible
 * 'Link copied' (also announced, the toast being a live region). The link is the one the gateway previews.
 */
export function ShareButton({ laundromatId, name }: { laundromatId: string; name: string }) {
  const { t } = useText();
  const [busy, setBusy] = useState(false);
  const share = async () => {
    if (busy) return;
    setBusy(true);
    const url = laundromatShareUrl(window.location.origin, laundromatId);
    const outcome = await shareLink(browserShareTargets(navigator), { title: name, url });
    setBusy(false);
    // Counted once the link was shared or copied; a cancelled sheet is not a share.
    if (outcome === 'shared' || outcome === 'copied') reportInteraction(laundromatId, 'share');
    if (outcome === 'copied') toast({ title: t('detail.linkCopied'), variant: 'success' });
    if (outcome === 'failed')
      toast({ title: t('detail.shareFailed'), description: url, variant: 'destructive' });
  };
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => void share()}
      aria-label={t('detail.share')}
      title={t('detail.share')}
      data-testid="share-laundromat"
    >
      <svg className={styles.shareIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3v12M7 8l5-5 5 5M5 13v7h14v-7" />
      </svg>
    </Button>
  );
}
