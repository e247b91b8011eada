import { useState } from 'react';

export interface Paging {
  limit: number;
  offset: number;
}

/**
 * The limit and offset of a paged list, and the props of its <Pagination>. A new page size starts again at the first
 * page; a changed filter calls toFirstPage(), because the old offset may lie beyond the new total.
 */
export function usePaging(initialLimit: number) {
  const [paging, setPaging] = useState<Paging>({ limit: initialLimit, offset: 0 });
  return {
    paging,
    toFirstPage: () => setPaging((p) => ({ ...p, offset: 0 })),
    pagination: (total: number) => ({
      total,
      limit: paging.limit,
      offset: paging.offset,
      onOffset: (offset: number) => setPaging((p) => ({ ...p, offset })),
      onLimit: (limit: number) => setPaging({ limit, offset: 0 }),
    }),
  };
}
