export function Footer() {
  return (
    <footer className="site-footer">
      <p>Workout Tracker &copy; {new Date().getFullYear()} &middot; Designed and built by its author</p>
    </footer>
  );
}
