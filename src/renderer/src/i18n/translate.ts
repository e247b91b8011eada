import type { Language } from '../../../shared/vocabulary/language.vocabulary.js';
import { MESSAGES_DE } from './messages.de.js';
import { type MessageKey, MESSAGES_EN } from './messages.en.js';

export type { MessageKey } from './messages.en.js';
/** Values a message's {placeholders} take; numbers arrive already formatted where their form matters. */
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en: MESSAGES_EN, de: MESSAGES_DE };

/**
 * The Intl locale of each interface language. English uses en-GB: day-month-year dates and a 24-hour clock read
 * the same to the European colleagues who use the English interface, and it was the dashboard's convention before.
 */
export const LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

/** One message in one language, its {name} placeholders filled; an unknown placeholder stays visible as written. */
export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const text = CATALOGUES[language][key];
  if (params === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function translatorFor(language: Language): Translate {
  return (key, params) => translate(language, key, params);
}
