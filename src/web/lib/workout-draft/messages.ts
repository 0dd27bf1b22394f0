/** The gym screens' messages (docs/api.md §11). */
export const WORKOUT_SAVED = 'Workout saved';
export const DISCARD_QUESTION = 'Discard this workout?';
export const DISCARD_QUESTION_FOR_START = 'A workout is in progress on this device. Discard this workout?';
export const DISCARD_EDITS_QUESTION = 'Discard your changes to this workout?';
/** An edit kept on the device whose workout was saved again elsewhere since the edit began. */
export const STALE_EDIT =
  'The saved workout has changed since (on another device or tab): saving your draft replaces those changes.';
