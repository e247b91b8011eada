import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { promptPageCsp, promptPageHtml, promptPageUrl } from '../../../src/main/password-prompt-page.js';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('first-launch password page', () => {
  const html = promptPageHtml({ productName: 'Transceiver Intelligence', willBeKept: true });

  it('allows exactly its own inline script and style, by hash, and nothing else', () => {
    const csp = promptPageCsp();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(csp).toContain(`script-src ${hashOf(scripts[0] ?? '')}`);
    expect(csp).toContain(`style-src ${hashOf(styles[0] ?? '')}`);
    expect(html).toContain(`content="${csp}"`);
  });

  it('asks twice and hands the password only to the preload bridge', () => {
    expect(html.match(/type="password"/g)).toHaveLength(2);
    expect(html).toContain('window.desktop.submitPassword(password)');
    expect(html).not.toMatch(/fetch\(|XMLHttpRequest|action=/);
  });

  it('says whether the password will be kept', () => {
    expect(html).toContain('kept encrypted');
    const notKept = promptPageHtml({ productName: 'Transceiver Intelligence', willBeKept: false });
    expect(notKept).toContain('asked at each start');
    expect(notKept).toContain('DASHBOARD_PASSWORD');
  });

  it('escapes the product name and round-trips through the data: URL', () => {
    expect(promptPageHtml({ productName: '<b>&', willBeKept: true })).toContain('&#60;b&#62;&#38;');
    const url = promptPageUrl({ productName: 'Transceiver Intelligence', willBeKept: true });
    expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length))).toBe(html);
  });
});
