/** Values a query string may carry; undefined and '' are left out, so an unset filter is simply absent. */
export type QueryValue = string | number | boolean | undefined;
export type QueryParams = Record<string, QueryValue>;

export function withQuery(path: string, query: QueryParams = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}
