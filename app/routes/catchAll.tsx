import { redirect } from 'react-router';

// docs/product.md "Everywhere": any unknown path redirects to `/`.
export function loader() {
  return redirect('/');
}

export default function CatchAll() {
  return null;
}
