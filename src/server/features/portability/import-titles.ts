import { TITLE_MAX, TITLE_PATTERN } from '../../../contract/fields';
import { slugify } from '../../../contract/slug';

export type CleanTitle = { title: string; slug: string } | { reason: string };

const APOSTROPHES = /['’`´]/g;

/**
 * Fits a name from another app to our title rule (docs/api.md §4): apostrophes are dropped
 * ("Farmer's Walk" → "Farmers Walk"), every other character the rule refuses becomes a space
 * ("Bench Press (Barbell)" → "Bench Press Barbell", "Push/Pull" → "Push Pull"), runs of spaces
 * collapse, and the result is cut to 100 characters.
 */
export function cleanTitle(raw: string, reserved: readonly string[]): CleanTitle {
  let kept = '';
  for (const ch of raw.normalize('NFC').replace(APOSTROPHES, '')) kept += TITLE_PATTERN.test(ch) ? ch : ' ';
  let title = kept.replace(/\s+/g, ' ').trim();
  if (title.length > TITLE_MAX) {
    // Cut by code points so a letter outside the BMP is never split in half.
    let cut = '';
    for (const ch of title) {
      if (cut.length + ch.length > TITLE_MAX) break;
      cut += ch;
    }
    title = cut.trim();
  }
  const slug = slugify(title);
  if (slug === '') return { reason: `No letters or numbers in the name "${raw.slice(0, 100)}"` };
  if (reserved.includes(slug)) return { reason: `The name "${title}" is reserved` };
  return { title, slug };
}

/** Titles repeat on every row of a file: each distinct one is cleaned once. */
export function titleCleaner(reserved: readonly string[]): (raw: string) => CleanTitle {
  const cache = new Map<string, CleanTitle>();
  return (raw) => {
    let found = cache.get(raw);
    if (!found) {
      found = cleanTitle(raw, reserved);
      cache.set(raw, found);
    }
    return found;
  };
}
