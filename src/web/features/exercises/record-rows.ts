import { formatNumber, type WeightUnit } from '../../../contract/metrics';
import type { ExerciseRecords, PersonalRecord, RecordName, WeightRecord } from '../../../contract/records';
import { RECORD_NAMES } from '../../components/record-names';

export interface RecordRow {
  key: RecordName;
  name: string;
  /** The value as shown, with its unit; null when no session qualifies yet. */
  value: string | null;
  createdDate: string | null;
  slugSession: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Decimal minutes per km as m:ss (5.5 → 5:30). */
export function formatPaceMinutes(minutes: number): string {
  const seconds = Math.round(minutes * 60);
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}

/** Seconds as h:mm:ss (3725 → 1:02:05). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

function formatValue(key: RecordName, value: number, unit: WeightUnit): string {
  switch (key) {
    case 'fastestPace':
      return `${formatPaceMinutes(value)} min/km`;
    case 'longestDistance':
      return `${formatNumber(value)} km`;
    case 'longestDuration':
      return formatDuration(value);
    default:
      return `${formatNumber(value)} ${unit}`;
  }
}

/**
 * The exercise's records in the order docs/api.md §10 lists them, values in the user's unit: a
 * pound user's weight records are the server's `pounds`, from the sets that hold them.
 */
export function recordRows(data: ExerciseRecords, unit: WeightUnit): RecordRow[] {
  const records: Partial<Record<RecordName, PersonalRecord | WeightRecord>> = data.records;
  return (Object.keys(data.records) as RecordName[]).map((key) => {
    const record = (records[key] ?? null) as { value: number; pounds?: number } & PersonalRecord;
    const value = record && (unit === 'lb' && record.pounds !== undefined ? record.pounds : record.value);
    return {
      key,
      name: RECORD_NAMES[key],
      value: value === null ? null : formatValue(key, value, unit),
      createdDate: record?.createdDate ?? null,
      slugSession: record?.slugSession ?? null,
    };
  });
}
