import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '@brokerage/api-client';
import { StepFrame } from '../src/components/steps';
import { LoadError, isLockedError } from '../src/components/page-kit';
import { stepChangeText } from '../src/components/step-change';
import { normalizeProgress, type JourneyProgress, type StepDef } from '../src/components/journey';
import { formatDateTime } from '../src/format-date';

const NAMES = ['Select Listing', 'Messages', 'Non Disclosure', 'Financial Statement', 'CBR/CIM', 'Upload Docs', 'Purchase Contract',
  'Due Diligence', 'Pre Close Checklist', 'Closing Docs', 'After The Sale'];
const STEPS: StepDef[] = NAMES.map((name, id) => ({ id, name, path: `/buyer/step-${id}` }));
const AT = '2026-11-27T09:15:00.000Z';
const LOCKED = new ApiError(409, 'Complete previous steps to unlock', { message: 'Complete previous steps to unlock' });

/** GET /buyer/progress as the listings service answers it (issue 18: who completed / reopened each step, by name). */
const answer = {
  currentStep: 2,
  selectedListingId: 'l1',
  totalSteps: 11,
  completedSteps: 2,
  steps: NAMES.map((title, id) => ({
    id, title, completed: id < 2, completedAt: id < 2 ? AT : null, completedBy: id < 2 ? 'u' : null,
    completedByName: id === 1 ? 'Morgan Broker' : id === 0 ? 'Blake Buyer' : null,
    reopenedBy: id === 3 ? 'b' : null, reopenedByName: id === 3 ? 'Morgan Broker' : null, reopenedAt: id === 3 ? AT : null,
  })),
};

describe('step changes: who completed or reopened a step, and when', () => {
  test('stepChangeText: "Completed by <name> on MMM d, yyyy h:mm a"; a reopen of an open step; nothing otherwise', () => {
    const when = formatDateTime(AT);
    expect(when).toMatch(/^Nov 2[67], 2026 \d{1,2}:15 (AM|PM)$/);
    expect(stepChangeText({ completed: true, completedAt: AT, completedByName: 'Morgan Broker' })).toBe(`Completed by Morgan Broker on ${when}`);
    expect(stepChangeText({ completed: true, completedAt: AT, completedByName: null })).toBe(`Completed on ${when}`);
    expect(stepChangeText({ completed: false, completedAt: null, reopenedAt: AT, reopenedByName: 'Morgan Broker' })).toBe(`Reopened by Morgan Broker on ${when}`);
    expect(stepChangeText({ completed: false, completedAt: null })).toBeNull();
    expect(stepChangeText(null)).toBeNull();
  });

  test('normalizeProgress keeps each step\'s change; StepFrame shows the line of its step', () => {
    const progress = normalizeProgress(answer);
    expect(progress.changes?.[1]).toEqual({ completed: true, completedAt: AT, completedByName: 'Morgan Broker', reopenedAt: null, reopenedByName: null });
    expect(progress.changes?.[4]).toBeNull();
    const { unmount } = render(
      <MemoryRouter>
        <StepFrame steps={STEPS} stepId={1} progress={progress}>
          <p>body</p>
        </StepFrame>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('step-change')).toHaveTextContent(`Completed by Morgan Broker on ${formatDateTime(AT)}`);
    unmount();
    render(
      <MemoryRouter>
        <StepFrame steps={STEPS} stepId={3} progress={progress}>
          <p>body</p>
        </StepFrame>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('step-change')).toHaveTextContent(`Reopened by Morgan Broker on ${formatDateTime(AT)}`);
  });

  test('a progress answer without names (older shape) shows no line', () => {
    const progress: JourneyProgress = normalizeProgress({ currentStep: 1, steps: [{ id: 0, completed: true }] });
    render(
      <MemoryRouter>
        <StepFrame steps={STEPS} stepId={0} progress={progress}>
          <p>body</p>
        </StepFrame>
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('step-change')).not.toBeInTheDocument();
  });
});

describe('a read refused because the step is locked shows the step as locked, not "Failed to load data"', () => {
  const retry = jest.fn();

  test('LoadError with a 409 "Complete previous steps to unlock"', () => {
    expect(isLockedError(LOCKED)).toBe(true);
    expect(isLockedError(new ApiError(409, 'No listing selected'))).toBe(false);
    render(<LoadError message="Failed to load data" onRetry={retry} error={LOCKED} />);
    expect(screen.getByTestId('step-locked')).toHaveTextContent('Step Not Yet Available');
    expect(screen.getByTestId('step-locked')).toHaveTextContent('Complete previous steps to unlock');
    expect(screen.queryByText('Failed to load data')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  test('the 409 lock inside a locked step frame (Preview Mode) shows the step as locked', () => {
    const progress = normalizeProgress(answer);
    render(
      <MemoryRouter>
        <StepFrame steps={STEPS} stepId={4} progress={progress}>
          <LoadError message="Failed to load data" onRetry={retry} error={LOCKED} />
        </StepFrame>
      </MemoryRouter>,
    );
    expect(screen.getByText('Preview Mode')).toBeInTheDocument();
    expect(screen.getByTestId('step-locked')).toHaveTextContent('Complete previous steps to unlock');
    expect(screen.queryByText('Failed to load data')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    // One yellow notice (spec part 2): the frame's; the content says the lock without a second alert.
    const notices = screen.getAllByRole('alert').filter((el) => el.textContent?.includes('Step Not Yet Available'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).not.toContainElement(screen.getByTestId('step-locked'));
    expect(screen.getByTestId('step-locked')).not.toHaveAttribute('role');
  });

  // The step not reached yet does not explain a server or network failure (e2e buyer-no-listing, pre-close-checklist).
  test.each([
    ['a 500', new ApiError(500, 'Something went wrong', { message: 'Something went wrong' })],
    ['a network failure', new TypeError('Failed to fetch')],
    ['a 409 of another kind', new ApiError(409, 'No listing selected', { message: 'No listing selected' })],
    ['no error given', undefined],
  ])('%s inside a locked step frame still says "Failed to load data", with Retry', (_what, error) => {
    const progress = normalizeProgress(answer);
    render(
      <MemoryRouter>
        <StepFrame steps={STEPS} stepId={8} progress={progress}>
          <LoadError message="Failed to load data" onRetry={retry} error={error} />
        </StepFrame>
      </MemoryRouter>,
    );
    expect(screen.getByText('Preview Mode')).toBeInTheDocument();
    expect(screen.getByText('Failed to load data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByTestId('step-locked')).not.toBeInTheDocument();
  });

  test('another failure on an open step still says so, with Retry', () => {
    const progress = normalizeProgress(answer);
    render(
      <MemoryRouter>
        <StepFrame steps={STEPS} stepId={2} progress={progress}>
          <LoadError message="Failed to load data" onRetry={retry} error={new ApiError(500, 'Something went wrong')} />
        </StepFrame>
      </MemoryRouter>,
    );
    expect(screen.getByText('Failed to load data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByTestId('step-locked')).not.toBeInTheDocument();
  });
});
