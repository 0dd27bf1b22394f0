// The screens the tabs add (docs/api.md §14) as one chunk for the router (router.tsx `tab`): one
// import and one list of its chunks in the entry script for the three routes, not three.
export { WorkoutStartScreen, workoutStartRequests } from './workout-start-screen';
export { HistoryScreen, historyScreenRequests } from './history-screen';
export { DayPage } from '../features/history/day-page';
export { dayPageRequests } from '../features/history/history.api';
