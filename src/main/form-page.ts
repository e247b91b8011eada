import { createHash } from 'node:crypto';

/**
 * The desktop app's small form pages (the first-launch password, the team server settings) load from data: URLs, so
 * they need no file in the package. Each page's only script and style are inline and allowed by their SHA-256
 * hashes: the CSP permits nothing else (no network, no other script, no form submission), so even injected markup
 * could not run.
 */
export const FORM_PAGE_STYLE = `
  body { font: 14px system-ui, sans-serif; margin: 24px; color: #1b2733; background: #f5f7fa; }
  h1 { font-size: 18px; margin: 0 0 8px; }
  p { margin: 0 0 12px; line-height: 1.4; }
  label { display: block; margin: 10px 0 4px; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: 6px 8px; font: inherit; }
  button { margin-top: 16px; padding: 6px 16px; font: inherit; }
  #problem { color: #b00020; min-height: 1.4em; margin-top: 10px; }
`;

/** A CSP source that allows exactly this inline script or style. */
export function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The Content-Security-Policy of a form page whose only script is `script`: that script and the shared style, by hash. */
export function formPageCsp(script: string): string {
  return ["default-src 'none'", `script-src ${sha256(script)}`, `style-src ${sha256(FORM_PAGE_STYLE)}`, "form-action 'none'", "base-uri 'none'"].join('; ');
}

/** A whole form page: `title` is text (escaped here), `body` is the page's own markup. */
export function formPageHtml(title: string, script: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${formPageCsp(script)}">
<title>${escapeHtml(title)}</title>
<style>${FORM_PAGE_STYLE}</style></head>
<body>
${body}
<script>${script}</script>
</body></html>`;
}

export function dataUrlOf(html: string): string {
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
