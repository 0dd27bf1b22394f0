/** A session's notes as typed, line breaks kept; nothing when there are none (docs/api.md §10). */
export function SessionNotes({ notes }: { notes: string }) {
  if (!notes) return null;
  return (
    <section className="card session-notes" aria-labelledby="session-notes-title">
      <h2 id="session-notes-title">Notes</h2>
      <p>{notes}</p>
    </section>
  );
}
