import { createHash } from 'node:crypto';

/** The sign-in page's only stylesheet, inline and allowed by its hash (no 'unsafe-inline'). */
export const SIGN_IN_STYLE = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --ink: #1b1f24; --muted: #5c6670; --line: #d9dde2;
  --accent: #1f6feb; --accent-ink: #fff; --warn-bg: #fff4e5; --warn-ink: #7a4b00; --err-bg: #fdecea; --err-ink: #8a1c12; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0f1216; --card: #181c22; --ink: #e6e9ed; --muted: #9aa4ae; --line: #2b3139;
    --accent: #4493f8; --warn-bg: #2e2414; --warn-ink: #f2c46d; --err-bg: #33191a; --err-ink: #f4a19a; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 24px;
  background: var(--bg); color: var(--ink); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: 100%; max-width: 440px; background: var(--card); border: 1px solid var(--line); border-radius: 12px;
  padding: 28px 28px 22px; box-shadow: 0 8px 28px rgba(0, 0, 0, .08); }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 700; font-size: 17px; letter-spacing: .2px; }
.mark { width: 28px; height: 28px; border-radius: 7px; background: var(--accent); color: var(--accent-ink);
  display: inline-flex; align-items: center; justify-content: center; font-size: 15px; }
h1 { font-size: 20px; line-height: 1.35; margin: 18px 0 6px; font-weight: 600; }
p { margin: 0 0 12px; color: var(--muted); }
.client { color: var(--ink); font-weight: 650; overflow-wrap: anywhere; }
dl { margin: 16px 0; padding: 12px 14px; border: 1px solid var(--line); border-radius: 8px; display: grid;
  grid-template-columns: max-content 1fr; gap: 6px 14px; font-size: 14px; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.scope { margin: 0 0 16px; padding: 0; list-style: none; }
.scope li { padding: 10px 12px; border-radius: 8px; border: 1px solid var(--line); }
.scope strong { display: block; }
.scope span { color: var(--muted); font-size: 14px; }
.note { font-size: 13px; padding: 8px 10px; border-radius: 6px; background: var(--warn-bg); color: var(--warn-ink); margin: 0 0 14px; }
.error { font-size: 14px; padding: 8px 10px; border-radius: 6px; background: var(--err-bg); color: var(--err-ink); margin: 0 0 14px; }
label { display: block; font-weight: 600; margin-bottom: 6px; }
input[type=password] { width: 100%; padding: 10px 12px; border: 1px solid var(--line); border-radius: 8px;
  background: transparent; color: var(--ink); font: 14px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
input[type=password]:focus { outline: 2px solid var(--accent); outline-offset: 1px; border-color: transparent; }
.hint { font-size: 13px; margin: 6px 0 18px; }
.actions { display: flex; gap: 10px; }
button { flex: 1; padding: 10px 14px; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer; border: 1px solid var(--line);
  background: transparent; color: var(--ink); }
button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-ink); }
button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
footer { margin-top: 18px; font-size: 12px; color: var(--muted); }
`;

export const SIGN_IN_STYLE_HASH = `'sha256-${createHash('sha256').update(SIGN_IN_STYLE, 'utf8').digest('base64')}'`;
