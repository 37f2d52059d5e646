// A link that looks like a small button (a button inside a link would be two controls in one).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './views.css';

export default function LinkButton({
  to,
  icon,
  children,
  label,
  primary = false,
}: {
  to: string;
  icon?: ReactNode;
  children: ReactNode;
  /** what a screen reader hears, when the text alone would not say which unit */
  label?: string;
  primary?: boolean;
}) {
  return (
    <Link
      to={to}
      className={`recovery-link-button${primary ? ' is-primary' : ''}`}
      aria-label={label}
    >
      {icon}
      <span>{children}</span>
    </Link>
  );
}
