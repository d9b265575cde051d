import { useEffect, type ReactNode } from 'react';

/**
 * The confirmation shown after a public form succeeds (registration, NDA sign-up): a tick, a title, a text, actions.
 * It replaces a long form submitted from its bottom: without going back to the top, a phone showed only the footer.
 */
export function SuccessCard({ title, text, children }: { title: ReactNode; text: ReactNode; children: ReactNode }) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <div className="pub-auth">
      <div className="pub-auth-card pub-center" role="status">
        <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
          <circle cx="28" cy="28" r="27" fill="#e3f1e8" />
          <path d="M16 29l8 8 16-17" fill="none" stroke="#1d6b43" strokeWidth="4" />
        </svg>
        <h1>{title}</h1>
        <p>{text}</p>
        {children}
      </div>
    </div>
  );
}
