/** The gym screens' messages (docs/api.md §11). */
export const WORKOUT_SAVED = 'Workout saved';
export const DISCARD_QUESTION = 'Discard this workout?';
export const DISCARD_QUESTION_FOR_START = 'A workout is in progress on this device. Discard this workout?';
export const DISCARD_EDITS_QUESTION = 'Discard your changes to this workout?';
