/**
 * A UTC timestamptz as PostgreSQL writes it: as text ("2026-11-22 05:49:17.123456+00") or inside
 * JSON ("2026-11-22T05:49:17.123456+00:00").
 */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00(?::00)?$/;

/**
 * PostgreSQL's text form of timestamptz as ISO 8601 UTC with milliseconds (extra digits are cut,
 * as Date does). Every record carries two, so the common UTC form is rewritten as text: parsing
 * it as a Date took a tenth of the exercise page's CPU. Other offsets go through Date.
 */
export function toIso(timestamp: string): string {
  const utc = UTC_TEXT.exec(timestamp);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const normalized = timestamp.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(normalized).toISOString();
}
