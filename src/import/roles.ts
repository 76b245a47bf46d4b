/**
 * The three roles of an event's fields in a table or a record (CSV columns, JSON record keys) and
 * the names (lower case) that mean each: one list, so a CSV header and a logger's JSON keys are
 * read alike. Anything else is named with the `columns` option (`CsvColumns`).
 */
import type { CsvColumns } from './types.js';

export const SYNONYMS = {
  timestamp: ['timestamp', 'time', 't'],
  channel: ['channel', 'pv', 'name', 'signal', 'topic'],
  value: ['value', 'val', 'v'],
} as const satisfies Record<keyof CsvColumns, readonly string[]>;

export type Role = keyof typeof SYNONYMS;
export const ROLES: readonly Role[] = ['channel', 'timestamp', 'value'];

/** Whether `name` (any case) is one of `role`'s synonyms. */
export function isSynonym(role: Role, name: string): boolean {
  return (SYNONYMS[role] as readonly string[]).includes(name.toLowerCase());
}
