import { redirect } from 'react-router';

// PRODUCT.md: any unknown path redirects to `/`.
export function loader() {
  return redirect('/');
}

export default function CatchAll() {
  return null;
}
