import { slugify } from '../../contract/slug';
import { AppError } from './app-error';

/** The slug of a validated title, refusing slugs that would shadow a screen (docs/api.md §4). */
export function slugForTitle(title: string, reserved: readonly string[]): string {
  const slug = slugify(title);
  if (slug === '')
    throw new AppError(400, 'Title must contain a letter or a number', {
      title: 'Title must contain a letter or a number',
    });
  if (reserved.includes(slug))
    throw new AppError(400, 'This title is reserved', { title: 'This title is reserved' });
  return slug;
}

/** Path segments arrive decoded; NFC matches how slugs are stored. */
export function normalizeSlugParam(value: string): string {
  return value.normalize('NFC').toLowerCase();
}
