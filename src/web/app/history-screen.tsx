import { todayLocal } from '../../contract/dates';
import { ActivitySection } from '../features/logs/activity-heatmap';
import { activityRange } from '../features/logs/activity-grid';
import { logsApi, useGetActivityQuery } from '../features/logs/logs.api';
import { HistoryPage } from '../features/history/history-page';
import type { ScreenRequests } from '../lib/api';

/**
 * `/history` (docs/api.md §14): the history feature's page with the logs feature's heatmap and its
 * year of activity, joined here as features do not import each other (docs/decisions/0013).
 */
export function HistoryScreen() {
  const activity = useGetActivityQuery(activityRange(todayLocal()));
  return <HistoryPage heatmap={<ActivitySection />} activity={activity} />;
}

/** What HistoryScreen asks for as it opens: the same entry as the heatmap's. */
export const historyScreenRequests: ScreenRequests = () => [
  logsApi.endpoints.getActivity.initiate(activityRange(todayLocal()), { subscribe: false }),
];
