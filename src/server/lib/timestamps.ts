/** PostgreSQL's text form of timestamptz ("2026-11-22 05:49:17.12+00") as ISO 8601 UTC. */
export function toIso(timestamp: string): string {
  const normalized = timestamp.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(normalized).toISOString();
}
