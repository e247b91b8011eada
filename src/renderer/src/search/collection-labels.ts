import { COLLECTIONS, type CollectionName } from '../../../shared/vocabulary/search.vocabulary.js';
import type { Translate } from '../i18n/translate.js';

/** A collection's name for people (collection.<name> in the message catalogue); unknown names stay as they are. */
export function collectionLabel(name: string, t: Translate): string {
  return (COLLECTIONS as readonly string[]).includes(name) ? t(`collection.${name as CollectionName}`) : name;
}
