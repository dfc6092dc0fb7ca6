import { describe, expect, it } from 'vitest';
import type { PersonalData } from '@laundry/contracts';
import { archiveReadme } from '../src/personal-data-readme.ts';

const gathered = (language: string): Array<[string, PersonalData]> => [
  [
    'identity',
    { parts: { account: [{ email: 'ana@example.test', language }], contributions: [] }, files: [] },
  ],
  [
    'photo',
    { parts: { photos: [{ id: 'a' }, { id: 'b' }] }, files: [{ id: 'photo:a', name: 'photos/a.webp' }] },
  ],
];

describe('the README of a person’s data export', () => {
  it('when the person uses the product in French, then the README is in French and lists each part', () => {
    const readme = archiveReadme('ana@example.test', new Date('2026-11-24T10:00:00Z'), gathered('fr'));
    expect(readme).toContain('Laundromat Finder : vos données');
    expect(readme).toContain('Compte : ana@example.test');
    expect(readme).toContain(
      'identity/\n  account.json (1 enregistrement)\n  contributions.json (0 enregistrement)',
    );
    expect(readme).toContain('photo/\n  photos.json (2 enregistrements)\n  1 fichier conservé');
    expect(readme).not.toContain('records');
  });

  it('when the language is one the product does not have, then the README is in English', () => {
    const readme = archiveReadme('ana@example.test', new Date('2026-11-24T10:00:00Z'), gathered('xx'));
    expect(readme).toContain('Laundromat Finder: your data');
    expect(readme).toContain('photos.json (2 records)');
  });

  it.each(['en', 'zh', 'hi', 'es', 'fr'])(
    'when the language is %s, then every line of the README is filled in',
    (language) => {
      const readme = archiveReadme('ana@example.test', new Date('2026-11-24T10:00:00Z'), gathered(language));
      expect(readme).not.toMatch(/\{\{|undefined/);
      expect(readme.split('\n').length).toBeGreaterThan(15);
    },
  );
});
