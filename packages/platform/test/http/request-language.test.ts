import { describe, expect, it } from 'vitest';
import express from 'express';
import { languageCookieName } from '../../../ui/src/i18n/languages.ts';
import { LANGUAGE_COOKIE, requestLanguage } from '../../src/http/request-language.ts';

/** Answers the language requestLanguage finds in a real Express request. */
async function languageOf(path: string, headers: Record<string, string>, body?: unknown): Promise<string> {
  const app = express();
  app.use(express.json());
  app.all('/', (req, res) => void res.json({ language: requestLanguage(req) ?? null }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return ((await response.json()) as { language: string | null }).language ?? 'none';
  } finally {
    server.close();
  }
}

describe('requestLanguage', () => {
  it('when the shell saves a choice, then its cookie is the one read here', () => {
    expect(LANGUAGE_COOKIE).toBe(languageCookieName);
  });

  it.each([
    ['the body names one', '/?lang=es', { cookie: 'i18next=fr' }, { language: 'hi' }, 'hi'],
    ['?lang= comes before the cookie', '/?lang=es', { cookie: 'i18next=fr' }, undefined, 'es'],
    [
      'the cookie comes before Accept-Language',
      '/',
      { cookie: 'theme=dark; i18next=fr-FR', 'accept-language': 'zh' },
      undefined,
      'fr',
    ],
    ['Accept-Language names one of ours', '/', { 'accept-language': 'de-DE, zh-CN;q=0.8' }, undefined, 'zh'],
    ['a bare * names none', '/', { 'accept-language': '*' }, undefined, 'none'],
    ['nothing is ours', '/?lang=it', { cookie: 'i18next=de', 'accept-language': 'pt-BR' }, undefined, 'none'],
  ])('when %s, then it is found', async (_case, path, headers, body, expected) => {
    expect(await languageOf(path, headers as Record<string, string>, body)).toBe(expected);
  });
});
