import { z } from 'zod';

// The account's trash (docs/api.md §14): GET /api/trash, POST /api/trash/:id/restore,
// DELETE /api/trash/:id.

/** Days an item stays in the trash before it is deleted for good. */
export const TRASH_DAYS = 30;

export const TRASH_KINDS = ['log', 'exercise', 'wlsession', 'pasession', 'workout'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** A deleted record: `_id` is its own id; `contains` counts what went with it. */
export const trashItem = z.object({
  _id: z.string(),
  kind: z.enum(TRASH_KINDS),
  /** The record's title; a session's is its exercise's title and its date ("Bench Press, 2026-11-20"). */
  title: z.string(),
  deletedAt: z.string(),
  contains: z.object({ exercises: z.number(), sessions: z.number() }),
});
export type TrashItem = z.infer<typeof trashItem>;

/** Newest first. */
export const trashList = z.object({ items: z.array(trashItem) });
export type TrashList = z.infer<typeof trashList>;

export const trashParams = z.object({ id: z.string() });
