import { Component, type ReactNode } from 'react';
import { FIRM } from '../content';

interface State {
  error: Error | null;
}

/**
 * Catches a failed page chunk (e.g. a deploy replaced the files) or a render error inside the public pages,
 * keeping the frame (menu, footer) usable. Reloading fetches fresh chunks.
 */
export class PublicErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };
  static getDerivedStateFromError(error: Error): State {
    return { error };
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="pub-section">
        <div className="pub-container pub-narrow" role="alert">
          <h1>This page could not be displayed</h1>
          <p className="pub-lead">Please reload the page. If the problem continues, call us at {FIRM.phone}.</p>
          <button type="button" className="pub-btn pub-btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </section>
    );
  }
}
