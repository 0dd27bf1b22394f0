import { UUID_PATTERN } from '../../contract/fields';

/** The nil UUID: no record has it. */
const NIL = '00000000-0000-0000-0000-000000000000';

/**
 * An id from the path as the database can compare it: a malformed id names no record, so it
 * becomes the nil UUID and the lookup answers "not found" (after the levels above it were checked).
 */
export function uuidOrNil(value: string): string {
  return UUID_PATTERN.test(value) ? value : NIL;
}
