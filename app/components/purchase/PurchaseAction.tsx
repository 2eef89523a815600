import { useState } from 'react';
import '../../styles/purchase.css';
import { Link } from 'react-router';
import { PurchaseModal, playPath, type PurchaseCourse } from './PurchaseModal.tsx';

/**
 * The purchase control of a course (course page hero, customer grid): "Purchased" and "Play" when owned,
 * "Purchase Course" opening the M-Pesa modal when the viewer may buy it, nothing otherwise.
 */
export function PurchaseAction({
  course,
  owned,
  buyable,
  phone,
}: {
  course: PurchaseCourse;
  owned: boolean;
  buyable: boolean;
  phone: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {owned ? (
        <>
          <span className="purchased-badge">Purchased</span>
          <Link className="btn btn-light" to={playPath(course.id)}>
            Play
          </Link>
        </>
      ) : buyable ? (
        <button type="button" className="btn btn-primary" onClick={() => setOpen(true)} aria-haspopup="dialog">
          Purchase Course
        </button>
      ) : null}
      {/* Stays open once the course is owned, to show "Payment received" and "Start watching". */}
      {open ? <PurchaseModal course={course} phone={phone} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
