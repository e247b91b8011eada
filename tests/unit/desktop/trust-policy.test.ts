import { describe, expect, it } from 'vitest';
import { classifyNavigation, isTrustedSender } from '../../../src/main/trust-policy.js';

const ORIGIN = 'http://127.0.0.1:3200';

describe('navigation policy', () => {
  it('allows pages of the service origin only', () => {
    expect(classifyNavigation(`${ORIGIN}/dashboard/login.html`, [ORIGIN])).toBe('allow');
    expect(classifyNavigation('http://127.0.0.1:3201/dashboard/', [ORIGIN])).toBe('external');
    expect(classifyNavigation(`${ORIGIN}/dashboard/`, [])).toBe('external');
  });

  it('sends other web links to the system browser', () => {
    expect(classifyNavigation('https://www.ieee802.org/3/', [ORIGIN])).toBe('external');
    expect(classifyNavigation('http://example.com/datasheet.pdf', [ORIGIN])).toBe('external');
  });

  it('refuses every other scheme, credentials in URLs and garbage', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'smb://host/share', 'ms-settings:', 'not a url']) {
      expect(classifyNavigation(url, [ORIGIN])).toBe('deny');
    }
    expect(classifyNavigation('https://user:secret@example.com/', [ORIGIN])).toBe('deny');
  });
});

describe('IPC sender check', () => {
  const trusted = [
    { webContentsId: 1, origin: ORIGIN },
    { webContentsId: 2, origin: 'data' as const },
  ];

  it('accepts the top frame of our windows showing our own pages', () => {
    expect(isTrustedSender({ webContentsId: 1, frameUrl: `${ORIGIN}/dashboard/`, isMainFrame: true }, trusted)).toBe(true);
    expect(isTrustedSender({ webContentsId: 2, frameUrl: 'data:text/html;charset=utf-8,%3C!doctype', isMainFrame: true }, trusted)).toBe(true);
  });

  it('refuses unknown windows, iframes, gone frames and foreign pages', () => {
    expect(isTrustedSender({ webContentsId: 3, frameUrl: `${ORIGIN}/dashboard/`, isMainFrame: true }, trusted)).toBe(false);
    expect(isTrustedSender({ webContentsId: 1, frameUrl: `${ORIGIN}/dashboard/`, isMainFrame: false }, trusted)).toBe(false);
    expect(isTrustedSender({ webContentsId: 1, frameUrl: undefined, isMainFrame: true }, trusted)).toBe(false);
    expect(isTrustedSender({ webContentsId: 1, frameUrl: 'https://evil.example/', isMainFrame: true }, trusted)).toBe(false);
    expect(isTrustedSender({ webContentsId: 2, frameUrl: `${ORIGIN}/dashboard/`, isMainFrame: true }, trusted)).toBe(false);
    expect(isTrustedSender({ webContentsId: 1, frameUrl: 'data:text/html,x', isMainFrame: true }, trusted)).toBe(false);
  });
});
