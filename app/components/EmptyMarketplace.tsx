import { Link } from 'react-router';

/** The landing page before any course is published. */
export function EmptyMarketplace() {
  return (
    <section className="hero hero-empty" aria-labelledby="pitch-title">
      <div className="hero-text">
        <h1 id="pitch-title">Learn from Africa's best creators</h1>
        <p className="hero-description">
          Watch a trailer and the first episode free. Pay once with M-Pesa and keep the course for life.
        </p>
        <div className="hero-actions">
          <Link className="btn btn-primary" to="/register">
            Start Learning Today
          </Link>
          <Link className="btn btn-ghost" to="/login">
            Sign In
          </Link>
        </div>
        <p className="empty">No courses available yet</p>
        <p className="empty-hint">
          Are you a creator? <Link to="/register?role=creator">Sign up as a creator</Link> and publish the first course.
        </p>
      </div>
    </section>
  );
}
