const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The test provider's checkout page: a plain form, no script (the gateway's CSP allows none inline), that
 * says plainly it is test mode and which cards to use, as Stripe's test Checkout does.
 */
export function testCheckoutPage(options: { sessionId: string; done: boolean; error?: string }): string {
  const body = options.done
    ? '<p>This card has been saved. You can close this page.</p>'
    : `<form method="post" action="/api/billing/test-checkout/${escapeHtml(options.sessionId)}">
        <label for="cardNumber">Card number</label>
        <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required
               placeholder="4242 4242 4242 4242">
        ${options.error ? `<p role="alert" class="error">${escapeHtml(options.error)}</p>` : ''}
        <button type="submit">Save card</button>
      </form>
      <p class="hint">4242 4242 4242 4242 pays; 4000 0000 0000 0002 is saved and then declined.
        Any expiry in the future and any CVC would do on Stripe's page; none are asked here.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Add a card (Test mode)</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1f2937; }
  .badge { display: inline-block; background: #f59e0b; color: #111; font-weight: 600; padding: .2rem .6rem; border-radius: .4rem; }
  label { display: block; margin: 1.5rem 0 .4rem; font-weight: 600; }
  input { width: 100%; font-size: 1.1rem; padding: .6rem; box-sizing: border-box; }
  button { margin-top: 1rem; font-size: 1rem; padding: .6rem 1.2rem; }
  .error { color: #b91c1c; }
  .hint { color: #4b5563; font-size: .9rem; margin-top: 1.5rem; }
</style>
</head>
<body>
<p class="badge">Test mode</p>
<h1>Add a card</h1>
<p>No money moves in test mode.</p>
${body}
</body>
</html>
`;
}
