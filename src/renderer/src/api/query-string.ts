/** Values a query string may carry; undefined and '' are left out, so an unset filter is simply absent. */
export type QueryValue = string | number | boolean | undefined;
export type QueryParams = { [key: string]: QueryValue };

/** The query without its unset values: what is sent, and what tells two requests apart in the cache. */
export function presentValues(query: object = {}): Record<string, string | number | boolean> {
  const present: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query as QueryParams)) if (value !== undefined && value !== '') present[key] = value;
  return present;
}

export function withQuery(path: string, query: object = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(presentValues(query))) params.set(key, String(value));
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** "/api/transceivers/:id" with {id: "a/b"} -> "/api/transceivers/a%2Fb". */
export function withParams(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
