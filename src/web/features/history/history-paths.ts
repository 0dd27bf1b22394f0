/** The history screens (docs/api.md §14). */
export const historyPaths = {
  history: '/history',
  day: (date: string) => `/history/${encodeURIComponent(date)}`,
};
