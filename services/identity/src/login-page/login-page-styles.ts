/** Inline so the page stands alone (no asset pipeline); allowed by the response's CSP nonce. */
export const loginPageStyles = `
:root { color-scheme: light dark; --bg: #f1f5f9; --card: #fff; --text: #0f172a; --muted: #475569; --line: #cbd5e1;
  --primary: #2563eb; --primary-dark: #1d4ed8; --error-bg: #fef2f2; --error: #b91c1c; --tab: #e2e8f0;
  --success-bg: #ecfdf5; --success: #047857; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0b1220; --card: #111a2e; --text: #e2e8f0; --muted: #94a3b8; --line: #334155;
    --primary: #3b82f6; --primary-dark: #60a5fa; --error-bg: #3b1111; --error: #fca5a5; --tab: #1e293b;
    --success-bg: #052e1f; --success: #6ee7b7; }
}
* { box-sizing: border-box; }
/* The pages show and hide whole parts with the hidden attribute; no display rule may bring one back. */
[hidden] { display: none !important; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px 16px;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; background: var(--bg); color: var(--text); }
.card { width: 100%; max-width: 440px; background: var(--card); border-radius: 16px; padding: 28px;
  box-shadow: 0 10px 30px rgba(15, 23, 42, .12); }
.brand { display: flex; gap: 14px; align-items: center; color: var(--primary); margin-bottom: 20px; }
.brand h1 { margin: 0; font-size: 1.4rem; color: var(--text); }
.brand p { margin: 2px 0 0; color: var(--muted); font-size: .9rem; }
.tabs { display: grid; grid-template-columns: 1fr 1fr; background: var(--tab); border-radius: 10px; padding: 4px; margin-bottom: 18px; }
.tabs a { text-align: center; padding: 8px; border-radius: 8px; color: var(--muted); text-decoration: none; font-weight: 600; }
.tabs a[aria-selected="true"] { background: var(--card); color: var(--text); box-shadow: 0 1px 3px rgba(15, 23, 42, .15); }
h2 { font-size: 1.1rem; margin: 0 0 12px; }
form { display: grid; gap: 6px; }
label { font-weight: 600; font-size: .92rem; margin-top: 8px; }
.optional, .hint { color: var(--muted); font-weight: 400; font-size: .85rem; }
.hint { margin: 0; }
input[type="email"], input[type="password"], input[type="text"] { width: 100%; padding: 10px 12px; font: inherit; color: inherit;
  background: transparent; border: 1px solid var(--line); border-radius: 8px; }
input:focus-visible, a:focus-visible, button:focus-visible { outline: 3px solid var(--primary); outline-offset: 2px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.row label { display: block; }
.check { display: flex; gap: 10px; align-items: flex-start; font-weight: 500; margin-top: 14px; }
.check input { width: 18px; height: 18px; margin-top: 3px; accent-color: var(--primary); flex: none; }
button { margin-top: 16px; padding: 11px; font: inherit; font-weight: 700; color: #fff; background: var(--primary);
  border: 0; border-radius: 8px; cursor: pointer; }
button:hover { background: var(--primary-dark); }
button:disabled { opacity: .7; cursor: progress; }
.error { margin: 10px 0 0; padding: 10px 12px; border-radius: 8px; background: var(--error-bg); color: var(--error); font-size: .92rem; }
.notice { padding: 10px 12px; border-radius: 8px; background: var(--tab); }
.aside { margin: 6px 0 0; font-size: .9rem; }
.aside a, .refusal a:not(.button) { color: var(--primary); }
.notice.success { background: var(--success-bg); color: var(--success); }
.done, .refusal { display: grid; gap: 12px; }
.done p, .refusal p { margin: 0; }
a.button { display: block; text-align: center; padding: 11px; font-weight: 700; color: #fff; background: var(--primary);
  border-radius: 8px; text-decoration: none; }
a.button:hover { background: var(--primary-dark); }
a.button.secondary { background: transparent; color: var(--primary); border: 1px solid var(--line); }
a.button.secondary:hover { background: var(--tab); }
.card.wide { max-width: 760px; }
.card.wide .hint { margin-bottom: 12px; }
.mail { border-top: 1px solid var(--line); padding: 14px 0 4px; }
.mail h3 { margin: 0 0 6px; font-size: 1rem; }
.mail dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 8px; font-size: .9rem; }
.mail dt { color: var(--muted); }
.mail dd { margin: 0; overflow-wrap: anywhere; }
.mail pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; font-size: .92rem; }
.mail a { color: var(--primary); }
footer { margin-top: 22px; display: grid; gap: 12px; font-size: .9rem; }
footer a { color: var(--primary); }
.languages { display: flex; flex-wrap: wrap; gap: 6px 14px; }
.languages a[aria-current="true"] { color: var(--text); font-weight: 700; text-decoration: none; }
@media (max-width: 420px) { .card { padding: 20px; } .row { grid-template-columns: 1fr; gap: 0; } }
@media (prefers-reduced-motion: no-preference) { button, .tabs a { transition: background-color .15s; } }
`;
