import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { connectionQualityKey, networkInformation } from './connection-quality.ts';
import styles from './overlays.module.css';

function useEffectiveType(): string | undefined {
  const [effectiveType, setEffectiveType] = useState(() => networkInformation()?.effectiveType);
  useEffect(() => {
    const connection = networkInformation();
    if (!connection) return;
    const update = () => setEffectiveType(connection.effectiveType);
    update();
    connection.addEventListener('change', update);
    return () => connection.removeEventListener('change', update);
  }, []);
  return effectiveType;
}

/** Shown only while online on a slow connection; offline is the offline banner's job. */
export function ConnectionIndicator({ online }: { online: boolean }) {
  const { t } = useTranslation('shell');
  const key = connectionQualityKey(useEffectiveType());
  if (!online || !key) return null;
  return (
    <div className={styles.connectionIndicator} role="status" data-testid="connection-indicator">
      <span className={styles.signalDot} aria-hidden="true" />
      {t(key)}
    </div>
  );
}
