import type { RecordName } from '../../contract/records';

/** What each record is called on screen (docs/api.md §10), on the exercise page and the session page. */
export const RECORD_NAMES: Record<RecordName, string> = {
  heaviest: 'Heaviest',
  e1rm: 'Estimated 1RM',
  bestSetVolume: 'Best set volume',
  bestSessionVolume: 'Best session volume',
  fastestPace: 'Fastest pace',
  longestDistance: 'Longest distance',
  longestDuration: 'Longest duration',
};
