/** The one spinner (docs/conventions.md: one way to show loading). `small` sits inside a button. */
export function Spinner({ small = false, label = 'Loading' }: { small?: boolean; label?: string }) {
  if (small) return <span className="spinner spinner-small" aria-hidden="true" />;
  return (
    <div className="spinner-block" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
