/**
 * docs/api.md §4: the title lowercased, runs of spaces/underscores/dashes as one '-', trimmed of '-'.
 * Letters of every script are kept (URLs carry them percent-encoded).
 */
export function slugify(title: string): string {
  return title
    .normalize('NFC') // one spelling per title: é typed two ways gives one slug
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Slugs that would shadow a screen's path (docs/api.md §4): refused as titles. */
export const RESERVED_LOG_SLUGS: readonly string[] = ['edit', 'create-new-log'];
/** `workouts` and `routines` are the log's gym screens (docs/api.md §11; migration 0016 moved existing ones). */
export const RESERVED_EXERCISE_SLUGS: readonly string[] = [
  'edit',
  'create-new-exercise',
  'workouts',
  'routines',
];
