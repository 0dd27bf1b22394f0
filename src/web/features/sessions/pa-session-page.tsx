import { PaSessionStats } from '../../components/pa-session-stats';
import { SessionNotes } from './session-notes';
import { SessionPageShell, type SessionRef } from './session-page-shell';
import { useDeletePasessionMutation, useGetPasessionQuery } from './sessions.api';

function usePasession(ref: SessionRef, options: { skip: boolean }) {
  const query = useGetPasessionQuery(ref, options);
  return { isLoading: query.isLoading, error: query.error, session: query.data?.pasession };
}

export function PaSessionPage() {
  return (
    <SessionPageShell
      kind="pasession"
      kindLabel="Pace session"
      useSession={usePasession}
      useDelete={useDeletePasessionMutation}
    >
      {(session) => (
        <>
          <PaSessionStats session={session} />
          <SessionNotes notes={session.notes} />
        </>
      )}
    </SessionPageShell>
  );
}
