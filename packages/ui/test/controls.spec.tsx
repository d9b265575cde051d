import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AgreementClauses, Alert, Button, Checkbox, Select, StepBadge, TextField } from '../src/components/basic';

describe('Button', () => {
  test('clicks; while loading it is busy and cannot be clicked', async () => {
    const onClick = jest.fn();
    const { rerender } = render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button'); // never submits a form by accident
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(<Button onClick={onClick} loading>Save</Button>);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('TextField', () => {
  test('its label names the input; typing reaches it; a required field shows a marker', async () => {
    const onChange = jest.fn();
    render(<TextField label="Email" type="email" required onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.type(input, 'sam@example.com');
    expect(input).toHaveValue('sam@example.com');
    expect(onChange).toHaveBeenCalled();
  });

  test('an error is shown under the field, announced, and describes the input', () => {
    render(<TextField label="Phone" hint="Ten digits" error="Phone number is required" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toBeInvalid();
    expect(screen.getByRole('alert')).toHaveTextContent('Phone number is required');
    expect(input).toHaveAccessibleDescription('Phone number is required');
    expect(screen.queryByText('Ten digits')).not.toBeInTheDocument(); // the error replaces the hint
  });

  test('a hint describes the input; `invalid` marks it without a second message', () => {
    render(<TextField label="Password" type="password" hint="At least 6 characters." invalid />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAccessibleDescription('At least 6 characters.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('multiline renders a textarea with the same label', async () => {
    render(<TextField label="Message" multiline rows={4} />);
    const area = screen.getByRole('textbox', { name: 'Message' });
    expect(area.tagName).toBe('TEXTAREA');
    await userEvent.type(area, 'line one{enter}line two');
    expect(area).toHaveValue('line one\nline two');
  });
});

describe('Select', () => {
  test('label, placeholder and options; choosing one changes the value', async () => {
    render(<Select label="Time Frame" placeholder="Select a time frame" options={['0-3 months', { value: 'later', label: 'Later' }]} />);
    const select = screen.getByRole('combobox', { name: 'Time Frame' });
    expect(select).toHaveValue('');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Select a time frame', '0-3 months', 'Later']);
    await userEvent.selectOptions(select, 'Later');
    expect(select).toHaveValue('later');
  });

  test('an error marks it invalid and is announced', () => {
    render(<Select label="Listing" options={['A']} error="Please choose a listing" />);
    expect(screen.getByRole('combobox', { name: 'Listing' })).toBeInvalid();
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a listing');
  });
});

describe('Checkbox', () => {
  test('its label toggles it; required shows the marker; an error is announced', async () => {
    render(<Checkbox label="I accept the agreement" required error="Please accept the agreement" />);
    const box = screen.getByRole('checkbox', { name: 'I accept the agreement' });
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByText('I accept the agreement'));
    expect(box).toBeChecked();
    expect(box).toBeRequired();
    expect(box).toBeInvalid();
    expect(screen.getByRole('alert')).toHaveTextContent('Please accept the agreement');
  });
});

describe('Alert', () => {
  test('errors and warnings are announced at once; info and success politely', () => {
    const { rerender } = render(<Alert tone="error">Invalid email or password</Alert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
    rerender(<Alert tone="warning" title="Heads up">Check this</Alert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Heads upCheck this');
    rerender(<Alert tone="success">Message sent</Alert>);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Message sent');
  });

  test('reveal scrolls a message that is out of view into view, again when its text changes', () => {
    const scroll = jest.fn();
    Element.prototype.scrollIntoView = scroll;
    const { rerender } = render(<Alert tone="error" reveal>Name is required</Alert>);
    expect(scroll).toHaveBeenCalledTimes(1); // jsdom lays nothing out: top 0 counts as under the sticky header
    rerender(<Alert tone="error" reveal>Name is required</Alert>);
    expect(scroll).toHaveBeenCalledTimes(1);
    rerender(<Alert tone="error" reveal>Email is required</Alert>);
    expect(scroll).toHaveBeenCalledTimes(2);
  });
});

describe('StepBadge', () => {
  test('reads "Step N of 11" by default', () => {
    render(<StepBadge step={3} />);
    expect(screen.getByText('Step 3 of 11')).toBeInTheDocument();
  });
});

describe('AgreementClauses', () => {
  test('the introduction, then each clause numbered in order as "<title>. <text>" (the NDA text of both NDA screens)', async () => {
    const { NDA_CLAUSES, NDA_INTRO } = await import('@brokerage/contracts/nda-text');
    render(<AgreementClauses intro={NDA_INTRO} clauses={NDA_CLAUSES} />);
    expect(screen.getByText(NDA_INTRO).tagName).toBe('P');
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(NDA_CLAUSES.map((c) => `${c.title}. ${c.text}`));
    expect(screen.getByRole('list').tagName).toBe('OL');
  });
});
