import type { CollectionName } from '../../../shared/vocabulary/search.vocabulary.js';

/** The collections GET /search/documents searches (datasheets and uploaded manuals). */
export const DOCUMENT_COLLECTIONS: CollectionName[] = ['datasheet_chunks', 'manual_chunks'];
