/**
 * API.md §4: the title lowercased, runs of spaces/underscores/dashes as one '-', trimmed of '-'.
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
