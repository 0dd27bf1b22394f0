import { todayLocal } from '../../contract/dates';
import { DEFAULT_LIMIT } from '../../contract/page-query';
import { ActivitySection } from '../features/logs/activity-heatmap';
import { activityRange } from '../features/logs/activity-grid';
import { logsApi } from '../features/logs/logs.api';
import { HistoryPage } from '../features/history/history-page';
import { historyApi } from '../features/history/history.api';
import type { ScreenRequests } from '../lib/api';
import { readPageParams } from '../lib/use-page-params';

/**
 * `/history` (docs/api.md §14): the history feature's page with the logs feature's heatmap, joined
 * here as features do not import each other (docs/decisions/0013).
 */
export function HistoryScreen() {
  return <HistoryPage heatmap={<ActivitySection />} />;
}

/** What HistoryScreen asks for as it opens: the heatmap's year and the page of days, at once. */
export const historyScreenRequests: ScreenRequests = (_params, search) => [
  logsApi.endpoints.getActivity.initiate(activityRange(todayLocal()), { subscribe: false }),
  historyApi.endpoints.getTrainingDays.initiate(readPageParams(search, DEFAULT_LIMIT), { subscribe: false }),
];
