import { Form, Link } from 'react-router';

export function TopBar({ query = '' }: { query?: string }) {
  return (
    <header className="topbar">
      <Link to="/" className="logo" aria-label="Darasa home">
        DARASA
      </Link>
      <Form method="get" action="/search" role="search" className="search">
        <label htmlFor="q" className="sr-only">
          Search courses
        </label>
        <input id="q" name="q" type="search" placeholder="Search courses" defaultValue={query} maxLength={200} />
      </Form>
      <nav className="topbar-actions">
        <Link to="/login" className="btn btn-ghost">
          Sign In
        </Link>
        <Link to="/register" className="btn btn-primary">
          Get Started
        </Link>
      </nav>
    </header>
  );
}
