import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

/**
 * The toast area (docs/product.md §2): top right, coloured theme, closing after 4000 ms (its
 * styles: styles/components.css).
 */
export default function Toasts() {
  return <ToastContainer position="top-right" theme="colored" autoClose={4000} />;
}
