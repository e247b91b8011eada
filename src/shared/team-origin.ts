/**
 * A team server's address as the desktop settings and the take-along pull keep it: http(s) origin and path without
 * a trailing slash; undefined when it is not http(s) or carries a user name or password (secrets go elsewhere).
 */
export function teamOrigin(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
