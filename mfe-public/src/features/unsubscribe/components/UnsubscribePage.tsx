import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { UnsubscribeAnswer } from '@brokerage/contracts/notifications';
import { UNSUBSCRIBE_TEXT as T } from '@brokerage/contracts/notification-screens';
import { Alert } from '@brokerage/ui';
import { useDocTitle } from '../../../components/PageTitle';
import { useLinkToken } from '../../../components/useLinkToken';
import { ApiError, serverMessageOr } from '../../../api/http';
import { unsubscribe } from '../api';

type State = { step: 'ready' } | { step: 'busy' } | { step: 'done'; answer: UnsubscribeAnswer } | { step: 'failed'; message: string; final: boolean };

/**
 * /unsubscribe?token=… (issue 24 §2): the page an e-mail's unsubscribe link opens. Nothing happens on load (a mail
 * scanner that follows the link unsubscribes no one): one button "Unsubscribe" POSTs the token; then the kind's
 * "You will no longer get e-mails about …" and a way to sign in to Settings. A bad token shows the server's 400 message.
 * Not prerendered (content/seo.ts): the page is the token's, and no search engine's.
 */
export default function UnsubscribePage() {
  useDocTitle(T.title);
  const token = useLinkToken();
  const [state, setState] = useState<State>({ step: 'ready' });

  async function onUnsubscribe() {
    if (!token || state.step === 'busy') return;
    setState({ step: 'busy' });
    try {
      setState({ step: 'done', answer: await unsubscribe(token) });
    } catch (err) {
      // a refused token stays refused; no answer or a server failure may be tried again
      const final = err instanceof ApiError && err.status >= 400 && err.status < 500;
      setState({ step: 'failed', message: serverMessageOr(err, T.failed), final });
    }
  }

  return (
    <div className="pub-auth">
      <div className="pub-auth-card" aria-busy={state.step === 'busy'}>
        <h1>{T.title}</h1>
        {!token ? (
          <Alert tone="info">{T.noToken}</Alert>
        ) : state.step === 'done' ? (
          <>
            <Alert tone="success">{T.done(state.answer.label)}</Alert>
            <p className="pub-muted">{T.address(state.answer.email)}</p>
          </>
        ) : (
          <>
            {!(state.step === 'failed' && state.final) && <p className="pub-muted">{T.intro}</p>}
            {state.step === 'failed' && <Alert tone="error">{state.message}</Alert>}
            {!(state.step === 'failed' && state.final) && (
              <button type="button" className="pub-btn pub-btn-primary pub-btn-block" disabled={state.step === 'busy'} onClick={() => void onUnsubscribe()}>
                {state.step === 'busy' ? T.busy : T.button}
              </button>
            )}
          </>
        )}
        <p style={{ marginTop: 20 }}>
          {T.signInPrompt}
          <Link to="/login">{T.signIn}</Link>.
        </p>
        <div className="pub-auth-links">
          <Link to="/">{T.backHome}</Link>
        </div>
      </div>
    </div>
  );
}
