import { act, render, screen, waitFor } from '@testing-library/react';
import { UnreadMessagesBadge, announceMessagesChanged } from '../src/components/live-messages';
import { stubFetch } from './fetch-stub';

/** A stand-in for the browser's EventSource: records what was opened and lets the test push messages. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((m: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(readonly url: string, readonly init?: EventSourceInit) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown, lastEventId = '') {
    this.onmessage?.({ data: JSON.stringify(data), lastEventId } as MessageEvent<string>);
  }
}

let unread = 0;
beforeEach(() => {
  FakeEventSource.opened = [];
  Object.assign(globalThis, { EventSource: FakeEventSource });
  stubFetch((method, url) => (url.endsWith('/messages/unread-count') ? { status: 200, body: { count: unread } } : { status: 404, body: { message: 'Not found' } }));
});

describe('UnreadMessagesBadge', () => {
  test('shows the unread count, follows live events on one /api/events stream, and hides at zero', async () => {
    unread = 2;
    const { unmount } = render(<UnreadMessagesBadge />);
    expect(await screen.findByTestId('unread-count')).toHaveTextContent('2 unread');
    expect(FakeEventSource.opened).toHaveLength(1);
    const [es] = FakeEventSource.opened;
    expect(es.url).toMatch(/\/api\/events$/);
    expect(es.init).toEqual({ withCredentials: true });

    unread = 3;
    act(() => es.emit({ type: 'message.new', messageId: 'm1', senderName: 'Avery Agent', at: 'now' }));
    await waitFor(() => expect(screen.getByTestId('unread-count')).toHaveTextContent('3 unread'));

    // this tab read its messages: the count reloads without a live event
    unread = 0;
    act(() => {
      announceMessagesChanged();
    });
    await waitFor(() => expect(screen.queryByTestId('unread-count')).not.toBeInTheDocument());

    unmount();
    expect(es.closed).toBe(true);
  });

  test('a stream opened again resumes after the last event this tab saw', async () => {
    unread = 1;
    const first = render(<UnreadMessagesBadge />);
    await screen.findByTestId('unread-count');
    act(() => FakeEventSource.opened[0].emit({ type: 'message.read', messageId: 'm1', at: 'now' }, '1700000000000-3'));
    first.unmount();
    render(<UnreadMessagesBadge />);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1].url).toMatch(/\/api\/events\?lastEventId=1700000000000-3$/);
    await screen.findByTestId('unread-count');
  });

  test('more than 99 reads 99+', async () => {
    unread = 250;
    render(<UnreadMessagesBadge />);
    expect(await screen.findByTestId('unread-count')).toHaveTextContent('99+ unread');
  });
});
