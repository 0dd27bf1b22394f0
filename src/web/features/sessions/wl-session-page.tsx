import type { Wlsession } from '../../../contract/sessions';
import { SetsTable } from '../../components/sets-table';
import { WlSessionStats } from '../../components/wl-session-stats';
import { useWeightUnit } from '../../lib/weight-unit';
import { SessionNotes } from './session-notes';
import { SessionPageShell, type SessionRef } from './session-page-shell';
import { useDeleteWlsessionMutation, useGetWlsessionQuery } from './sessions.api';

function useWlsession(ref: SessionRef, options: { skip: boolean }) {
  const query = useGetWlsessionQuery(ref, options);
  return { isLoading: query.isLoading, error: query.error, session: query.data?.wlsession };
}

export function WlSessionPage() {
  return (
    <SessionPageShell
      kind="wlsession"
      kindLabel="Weight session"
      useSession={useWlsession}
      useDelete={useDeleteWlsessionMutation}
    >
      {(session) => <WlSessionBody session={session} />}
    </SessionPageShell>
  );
}

/**
 * The stats, one row per set (its type's badge beside its number, its RPE), then the notes;
 * weights and volumes in the user's unit (docs/api.md §10, §11).
 */
function WlSessionBody({ session }: { session: Wlsession }) {
  const unit = useWeightUnit();
  return (
    <>
      <WlSessionStats session={session} unit={unit} />
      <SetsTable sets={session.set} unit={unit} label="Sets" />
      <SessionNotes notes={session.notes} />
    </>
  );
}
