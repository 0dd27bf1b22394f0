import { NOTES_MAX } from '../../../contract/sessions';

/**
 * A session's notes from another app's note cells (docs/api.md §10: Hevy `description` and
 * `exercise_notes`, Strong `Workout Notes` and `Notes`). The readers hand them over workout notes
 * first, then the exercise's or set's notes, in set order; here the empty ones are dropped, a
 * text already taken is not repeated (line breaks as LF) (every row of a workout carries its workout notes, every
 * row of a Hevy exercise its exercise notes), and the rest are joined by line breaks. Notes are
 * at most NOTES_MAX characters: a longer result is cut there rather than refusing the file,
 * because the other app allowed it and the notes are the least important part of a session.
 */
export function joinNotes(parts: Iterable<string>): string {
  const seen = new Set<string>();
  for (const part of parts) {
    const text = part.replace(/\r\n?/g, '\n').trim();
    if (text !== '') seen.add(text);
  }
  const joined = [...seen].join('\n');
  if (joined.length <= NOTES_MAX) return joined;
  // Never cut a character outside the Basic Multilingual Plane (an emoji) in half.
  const end = isHighSurrogate(joined.charCodeAt(NOTES_MAX - 1)) ? NOTES_MAX - 1 : NOTES_MAX;
  return joined.slice(0, end).trim();
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
