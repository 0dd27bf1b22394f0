import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

/**
 * The toast area (docs/product.md §2): top right, below the sticky header (styles/components.css:
 * never over the header, docs/api.md §14), coloured theme, closing after 4000 ms.
 */
export default function Toasts() {
  return <ToastContainer position="top-right" theme="colored" autoClose={4000} />;
}
