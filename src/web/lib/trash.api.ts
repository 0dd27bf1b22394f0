import type { MessageBody } from '../../contract/errors';
import type { TrashList } from '../../contract/trash';
import { api } from './api';

// Every record a delete moves to the trash: the list reloads after any of their changes, so a
// delete anywhere shows there at once (each delete invalidates its record's tag).
const RECORD_TAGS = ['Log', 'Exercise', 'Wlsession', 'Pasession', 'Workout'] as const;

const trashTagged = api.enhanceEndpoints({ addTagTypes: ['Trash', 'Workout', 'Routine'] });

/**
 * The account's trash (docs/api.md §14): listed on the profile screen, restored from there or from
 * a delete's Undo (lib/use-delete-and-leave.ts). A restore brings a record back into every list,
 * page, record and chart, and may bring back a routine entry, hence every tag.
 */
export const trashApi = trashTagged.injectEndpoints({
  endpoints: (build) => ({
    getTrash: build.query<TrashList, void>({
      query: () => '/trash',
      providesTags: ['Trash', ...RECORD_TAGS],
    }),
    restoreTrashItem: build.mutation<MessageBody, string>({
      query: (id) => ({ url: `/trash/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      invalidatesTags: ['Trash', ...RECORD_TAGS, 'Routine'],
    }),
    deleteTrashItem: build.mutation<MessageBody, string>({
      query: (id) => ({ url: `/trash/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Trash'],
    }),
  }),
});

export const { useGetTrashQuery, useRestoreTrashItemMutation, useDeleteTrashItemMutation } = trashApi;
