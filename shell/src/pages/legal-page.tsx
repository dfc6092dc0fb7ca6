import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './pages.module.css';

export type LegalDocument = 'privacy' | 'terms' | 'cookiePolicy';

interface LegalSection {
  title: string;
  paragraphs: string[];
}

/** The sections of `shell.legal.<document>` in file order: every object with a title and p1, p2, … */
function sectionsOf(content: unknown): LegalSection[] {
  if (typeof content !== 'object' || content === null) return [];
  return Object.values(content).flatMap((value: unknown) => {
    if (typeof value !== 'object' || value === null || !('title' in value)) return [];
    const entries = Object.entries(value as Record<string, unknown>);
    const paragraphs = entries
      .filter(([key, text]) => /^p\d+$/.test(key) && typeof text === 'string')
      .map(([, text]) => text as string);
    return [{ title: String(value.title), paragraphs }];
  });
}

export function LegalPage({ document: legalDocument }: { document: LegalDocument }) {
  const { t } = useTranslation('shell');
  const title = t(`legal.${legalDocument}.title`);
  const sections = sectionsOf(t(`legal.${legalDocument}`, { returnObjects: true }));

  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  return (
    <article className={styles.article}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.muted}>{t(`legal.${legalDocument}.lastUpdated`)}</p>
      <p>{t(`legal.${legalDocument}.intro`)}</p>
      {sections.map((section) => (
        <section key={section.title}>
          <h2 className={styles.sectionTitle}>{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <p>
        <Link to="/">{t('legal.backHome')}</Link>
      </p>
    </article>
  );
}
