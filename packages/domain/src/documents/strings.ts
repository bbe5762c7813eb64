import type { Language } from '../locale.js';
import { de } from './strings/de.js';
import { en } from './strings/en.js';
import { es } from './strings/es.js';
import { pt } from './strings/pt.js';

/**
 * Words of the documents the server renders (statements, receipts, report exports), in every
 * interface language. The server loads them into i18next; keys mirror the web app's names.
 */
export const DOCUMENT_STRINGS: Record<Language, Record<string, string>> = { en, es, pt, de };
