import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Checkbox, FormErrorMessage, Select, TextField } from '../src/components/basic';
import { FormErrorScope, invalidFields, useFormErrors } from '../src/components/field-errors';

/* Deviation 9: the first failing check shows its message (spec text), every invalid field is marked, the first focused. */

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  email: z.string().min(1, 'Email is required').email('Please enter a valid email address'),
  note: z.string().optional(),
});
type Values = z.infer<typeof schema>;

function TwoFieldForm() {
  const fe = useFormErrors();
  const { register, handleSubmit } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: '', email: '', note: '' }, shouldFocusError: false });
  const onSubmit = handleSubmit(
    () => fe.clear(),
    (errs) => {
      const fields = invalidFields(errs);
      const first = fields[0]!;
      fe.show((errs as Record<string, { message: string }>)[first]!.message, fields);
    },
  );
  return (
    <FormErrorScope errors={fe}>
      <form onSubmit={onSubmit} noValidate aria-label="Two fields">
        <FormErrorMessage errors={fe} />
        <TextField label="Note" {...register('note')} />
        <TextField label="Name" required {...register('name')} />
        <TextField label="Email" type="email" required {...register('email')} />
        <button type="submit">Send</button>
      </form>
    </FormErrorScope>
  );
}

function BesideForm() {
  const fe = useFormErrors({ beside: true });
  return (
    <FormErrorScope errors={fe}>
      <form
        aria-label="Beside"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          fe.show('Please fill in all required fields', ['listing', 'accepted']);
        }}
      >
        <FormErrorMessage errors={fe} />
        <Select label="Listing" name="listing" options={['A']} placeholder="Select a listing" />
        <Checkbox label="I accept" name="accepted" />
        <button type="submit">Submit</button>
      </form>
    </FormErrorScope>
  );
}

describe('field errors (deviation 9)', () => {
  // jsdom has no layout: the message's Alert (reveal) scrolls itself into view
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  test('two invalid fields: the first message shows, both are marked, the first takes the focus', async () => {
    render(<TwoFieldForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Name is required');
    expect(screen.getAllByRole('alert')).toHaveLength(1); // one message at a time, as the spec says
    const name = screen.getByRole('textbox', { name: 'Name' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Note' })).not.toHaveAttribute('aria-invalid');
    expect(name).toHaveFocus();
    // the message describes the field it is about
    expect(name).toHaveAttribute('aria-describedby', alert.id);
    expect(name).toHaveAccessibleDescription('Name is required');

    // the next failing check: only the e-mail is left, malformed
    await userEvent.type(name, 'Sam');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();

    // fixed: nothing marked, no message
    await userEvent.clear(email);
    await userEvent.type(email, 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Send' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  test('beside mode: the message sits under its field, both fields marked, the first focused', async () => {
    render(<BesideForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const listing = screen.getByRole('combobox', { name: 'Listing' });
    const accepted = screen.getByRole('checkbox', { name: 'I accept' });
    expect(listing).toHaveAttribute('aria-invalid', 'true');
    expect(accepted).toHaveAttribute('aria-invalid', 'true');
    expect(listing).toHaveFocus();
    expect(listing).toHaveAccessibleDescription('Please fill in all required fields');
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.closest('.bb-field')).toContainElement(listing);
  });

  test('invalidFields lists nested names dotted, in the resolver order', () => {
    expect(
      invalidFields({
        title: { type: 'too_small', message: 'Title is required' },
        privateSeller: { email: { type: 'custom', message: 'Invalid email' }, name: { type: 'custom', message: 'x' } },
      }),
    ).toEqual(['title', 'privateSeller.email', 'privateSeller.name']);
  });
});
