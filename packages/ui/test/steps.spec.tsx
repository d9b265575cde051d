import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { StepFrame, StepSidebar } from '../src/components/steps';
import type { JourneyProgress, StepDef } from '../src/components/journey';

const NAMES = ['Home', 'Messages', 'Listing Agreement', 'Questionnaire', 'Financials', 'Buyer Activity',
  'Purchase Agreement', 'Due Diligence', 'Pre Close Checklist', 'Closing Docs', 'After The Sale'];
const STEPS: StepDef[] = NAMES.map((name, id) => ({ id, name, path: `/seller/step-${id}` }));

/** Steps 1–2 done, step 3 current; step 2 was finished, step 4 on is ahead. */
const PROGRESS: JourneyProgress = {
  currentStep: 2,
  completed: NAMES.map((_, i) => i < 2),
  totalSteps: 11,
};

function frame(stepId: number) {
  return render(
    <MemoryRouter>
      <StepFrame steps={STEPS} stepId={stepId} progress={PROGRESS}>
        <button type="button">Upload</button>
      </StepFrame>
    </MemoryRouter>,
  );
}

describe('StepFrame', () => {
  test('a finished step: "Step N of 11", Finished, no preview notice, content usable', () => {
    frame(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Messages');
    expect(screen.getByText('Step 2 of 11')).toBeInTheDocument();
    expect(screen.getByText('Finished')).toBeInTheDocument();
    expect(screen.queryByText(/Step Not Yet Available/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  test('the current step is In Progress', () => {
    frame(2);
    expect(screen.getByText('Step 3 of 11')).toBeInTheDocument();
    expect(screen.getByText('In Progress')).toBeInTheDocument();
    expect(screen.queryByText('Finished')).not.toBeInTheDocument();
    expect(screen.queryByText(/Preview Mode/)).not.toBeInTheDocument();
  });

  test('a step ahead is Not Available, in Preview Mode, its content dimmed and out of reach', () => {
    const { container } = frame(5);
    expect(screen.getByText('Not Available')).toBeInTheDocument();
    expect(screen.getAllByText(/Preview Mode/).length).toBeGreaterThan(0);
    expect(screen.getByText(/Step Not Yet Available/)).toBeInTheDocument();
    expect(screen.getByText('Complete previous steps to unlock')).toBeInTheDocument();
    const content = container.querySelector('.bb-dimmed');
    expect(content).toContainElement(screen.getByRole('button', { name: 'Upload', hidden: true }));
    expect(content).toHaveAttribute('inert');
    expect(content).toHaveAttribute('aria-disabled', 'true');
  });

  test('the progress bar shows the current step over the journey', () => {
    frame(2);
    expect(screen.getByRole('progressbar', { name: 'Journey progress' })).toHaveAttribute('aria-valuenow', '20');
  });
});

describe('StepSidebar', () => {
  test('every step links to its screen and says its state', () => {
    render(
      <MemoryRouter initialEntries={['/seller/step-2']}>
        <StepSidebar steps={STEPS} progress={PROGRESS} />
      </MemoryRouter>,
    );
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links).toHaveLength(11);
    expect(screen.getByRole('link', { name: 'Step 1: Home (completed)' })).toHaveAttribute('href', '/seller/step-0');
    expect(screen.getByRole('link', { name: 'Step 3: Listing Agreement (current step)' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Step 4: Questionnaire (locked)' })).toHaveAttribute('href', '/seller/step-3');
    expect(screen.getByRole('link', { name: 'Step 1: Home (completed)' })).toHaveTextContent('✓');
  });

  test('a step before the current one that is not completed is available', () => {
    render(
      <MemoryRouter>
        <StepSidebar steps={STEPS} progress={{ ...PROGRESS, currentStep: 4 }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Step 3: Listing Agreement (available)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Step 5: Financials (current step)' })).toBeInTheDocument();
  });
});
