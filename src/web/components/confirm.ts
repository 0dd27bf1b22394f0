/** docs/product.md §4: deleting asks 'Are you sure?' in the browser's own confirm dialog. */
export function confirmDelete(): boolean {
  return window.confirm('Are you sure?');
}
