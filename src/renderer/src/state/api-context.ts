import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/api-client.js';

export const ApiContext = createContext<ApiClient | null>(null);

export function useApiClient(): ApiClient {
  const client = useContext(ApiContext);
  if (client === null) throw new Error('useApiClient outside ApiContext');
  return client;
}
