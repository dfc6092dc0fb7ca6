import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startIdentityServer, type IdentityTestServer } from '../support/identity-server.ts';

vi.setConfig({ testTimeout: 30_000 });

let server: IdentityTestServer;

beforeAll(async () => {
  server = await startIdentityServer();
}, 60_000);
afterAll(() => server?.stop());

interface Page {
  status: number;
  headers: Headers;
  html: string;
  /** The data the page's script reads (returnTo and the messages). */
  data: { returnTo: string; server: Record<string, string> };
}

async function loginPage(
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Page> {
  const response = await fetch(`${server.baseUrl}/api/login?${new URLSearchParams(query).toString()}`, {
    headers,
  });
  const html = await response.text();
  const json = /<script type="application\/json" id="login-data" nonce="[^"]+">([^<]*)<\/script>/.exec(
    html,
  )?.[1];
  return {
    status: response.status,
    headers: response.headers,
    html,
    data: JSON.parse(json ?? 'null') as Page['data'],
  };
}

const htmlLang = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];

describe('GET /api/login', () => {
  test('when opened, then a full HTML page offers sign-in and account creation with the age confirmation', async () => {
    const page = await loginPage({ returnTo: '/favorites' });

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.html).toMatch(/^<!doctype html>/);
    expect(page.html).toContain('Laundromat Finder');
    expect(page.html).toContain('>Sign in</a>');
    expect(page.html).toContain('>Create account</a>');
    for (const field of ['name="email"', 'name="password"', 'name="firstName"', 'name="lastName"']) {
      expect(page.html).toContain(field);
    }
    expect(page.html).toMatch(
      /<input id="register-age" name="confirmAge13" type="checkbox" required>\s*I confirm I am at least 13 years old/,
    );
    expect(page.html).toContain('data-endpoint="/api/auth/login"');
    // A registration signs nobody in: the form gives way to the notice to read the mail.
    expect(page.html).toContain('data-endpoint="/api/auth/register" data-done="register-sent"');
    expect(page.html).toMatch(
      /<p class="notice success" id="register-sent" role="status" tabindex="-1" hidden>Check your e-mail to finish signing up\./,
    );
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  test('when opened, then a CSP allows only the nonced inline style and script and same-origin fetches', async () => {
    const page = await loginPage();
    const csp = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];

    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.html.match(/<script[^>]*>/g)?.every((tag) => tag.includes(`nonce="${nonce}"`))).toBe(true);
    expect(page.html).toContain(`<style nonce="${nonce}">`);
    expect((await loginPage()).headers.get('content-security-policy')).not.toBe(csp); // a fresh nonce each time
  });

  test('when mode=register, then the create-account tab is the selected one', async () => {
    const page = await loginPage({ mode: 'register' });

    expect(page.html).toMatch(/id="tab-register"[^>]*aria-selected="true"/);
    expect(page.html).toMatch(/id="panel-signin"[^>]*hidden/);
  });

  test('when opened, then the sign-in form offers Forgot password?, and the forms carry the page’s language', async () => {
    const page = await loginPage({ lang: 'es', returnTo: '/favorites' });

    expect(page.html).toMatch(
      /<a id="forgot-link" href="\/api\/login\?mode=forgot&amp;returnTo=%2Ffavorites&amp;lang=es">¿Has olvidado tu contraseña\?<\/a>/,
    );
    expect(page.html).toMatch(/id="panel-forgot"[^>]*hidden/);
    expect(page.html).toContain('<input type="hidden" name="language" value="es">');
  });

  test('when mode=forgot, then only the reset request form shows, posting to forgot-password', async () => {
    const page = await loginPage({ mode: 'forgot' });

    expect(page.html).not.toContain('role="tablist"');
    expect(page.html).toMatch(/id="panel-signin"[^>]*hidden/);
    expect(page.html).toMatch(/id="panel-register"[^>]*hidden/);
    expect(page.html).not.toMatch(/id="panel-forgot"[^>]*hidden/);
    expect(page.html).toContain('data-endpoint="/api/auth/forgot-password" data-done="forgot-sent"');
    expect(page.html).toContain('It works once, for 60 minutes.');
  });

  describe('returnTo', () => {
    test.each(['/favorites', '/laundromats/42?tab=reviews#photos', '/'])(
      'when returnTo is the same-site path %s, then the page returns there',
      async (returnTo) => {
        const page = await loginPage({ returnTo });

        expect(page.data.returnTo).toBe(returnTo);
      },
    );

    test.each([
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'favorites',
      '',
    ])('when returnTo is the hostile or foreign %j, then the page returns to /', async (returnTo) => {
      const page = await loginPage({ returnTo });

      expect(page.data.returnTo).toBe('/');
      expect(page.html).not.toContain('evil.example');
    });

    test('when returnTo is missing, then the page returns to /', async () => {
      expect((await loginPage()).data.returnTo).toBe('/');
    });

    test('when returnTo carries markup, then it cannot break out of the page', async () => {
      const returnTo = '/search?q=</script><script>alert(1)</script>"\'<b>';
      const page = await loginPage({ returnTo });

      expect(page.data.returnTo).toBe(returnTo);
      expect(page.html).not.toContain('<script>alert(1)');
      expect(page.html).not.toContain('<b>');
    });
  });

  describe('language', () => {
    const cases: Array<[string, Record<string, string>, Record<string, string>, string, string]> = [
      ['nothing says otherwise', {}, {}, 'en', 'I confirm I am at least 13 years old'],
      ['?lang=fr', { lang: 'fr' }, {}, 'fr', 'Je confirme avoir au moins 13 ans'],
      ['?lang=zh-CN', { lang: 'zh-CN' }, {}, 'zh', '我确认我已年满 13 岁'],
      [
        'the language cookie (i18next) is es',
        {},
        { cookie: 'theme=dark; i18next=es' },
        'es',
        'Confirmo que tengo al menos 13 años',
      ],
      [
        'Accept-Language prefers Hindi',
        {},
        { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' },
        'hi',
        'खाता बनाएँ',
      ],
      ['Accept-Language prefers Chinese', {}, { 'accept-language': 'zh-CN,zh;q=0.9' }, 'zh', '创建账户'],
      [
        '?lang=es beats the cookie and the header',
        { lang: 'es' },
        { cookie: 'i18next=fr', 'accept-language': 'zh' },
        'es',
        'Crear cuenta',
      ],
      [
        'the cookie beats the header',
        {},
        { cookie: 'i18next=fr-FR', 'accept-language': 'zh' },
        'fr',
        'Créer un compte',
      ],
      [
        'the language is unsupported everywhere',
        { lang: 'de' },
        { cookie: 'i18next=it', 'accept-language': 'de-DE' },
        'en',
        'Create account',
      ],
    ];

    test.each(cases)(
      'when %s, then the page is in that language',
      async (_name, query, headers, lang, text) => {
        const page = await loginPage(query, headers);

        expect(htmlLang(page.html)).toBe(lang);
        expect(page.headers.get('content-language')).toBe(lang);
        expect(page.html).toContain(text);
      },
    );

    test('when the page is in French, then the server messages the script may show come translated', async () => {
      const page = await loginPage({ lang: 'fr' });

      expect(page.data.server['Invalid email or password.']).toBe('E-mail ou mot de passe incorrect.');
    });

    test.each([
      ['en', 'Check your inbox: we sent a new link to confirm your address.'],
      ['zh', '请查看收件箱：我们已发送一个新链接，用于确认您的地址。'],
      ['hi', 'अपना इनबॉक्स देखें: हमने आपका पता पक्का करने के लिए एक नया लिंक भेजा है।'],
      ['es', 'Revisa tu bandeja de entrada: te hemos enviado un nuevo enlace para confirmar tu dirección.'],
      [
        'fr',
        'Consultez votre boîte de réception : nous avons envoyé un nouveau lien pour confirmer votre adresse.',
      ],
    ])(
      'when the page is in %s, then a sign-in refused before the address is proved is explained in that language',
      async (lang, text) => {
        const page = await loginPage({ lang });
        const words = page.data as Page['data'] & { unconfirmedSignIn: string; unconfirmedHint: string };

        expect(words.unconfirmedSignIn.startsWith(text)).toBe(true);
        expect(words.unconfirmedHint.length).toBeGreaterThan(20);
      },
    );

    test('when switching language, then the links keep returnTo', async () => {
      const page = await loginPage({ returnTo: '/favorites' });

      expect(page.html).toContain('href="/api/login?mode=signin&amp;returnTo=%2Ffavorites&amp;lang=fr"');
    });
  });

  test('when a form is posted without scripting, then the browser is sent back to the page', async () => {
    const response = await fetch(`${server.baseUrl}/api/login?returnTo=%2Ffavorites`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com&password=secret',
    });

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/api/login?returnTo=%2Ffavorites');
  });
});
