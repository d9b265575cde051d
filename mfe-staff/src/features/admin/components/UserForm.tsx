import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Card, Select, TextField, toast } from '@brokerage/ui';
import { FormActions } from '@brokerage/ui/portal';
import { ADMIN_MSG, type AdminUser } from '@brokerage/contracts/admin';
import { ROLES } from '@brokerage/contracts/roles';
import { serverMessage } from '../../../api';
import { useSaveUser } from '../api/admin';
import { createUserFormSchema, editUserFormSchema, toUserRequest, userFormValues, type UserFormValues } from './user-form-schema';

const ROLE_LABEL: Record<string, string> = { BUYER: 'Buyer', SELLER: 'Seller', AGENT: 'Agent', BROKER: 'Broker' };
// BUYER (the default) first, as the spec lists them.
const ROLE_OPTIONS = ['BUYER', 'SELLER', 'AGENT', 'BROKER'].filter((r) => (ROLES as readonly string[]).includes(r));

/** Create and edit user form of the Admin Portal (spec part 3 §5). */
export function UserForm({ user, agents, onDone }: { user?: AdminUser; agents: AdminUser[]; onDone: () => void }) {
  const save = useSaveUser();
  const heading = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({
    resolver: zodResolver(user ? editUserFormSchema : createUserFormSchema) as never,
    defaultValues: userFormValues(user),
  });
  useEffect(() => heading.current?.focus(), []);
  const role = watch('role');

  const onSubmit = async (v: UserFormValues) => {
    setFailure(null);
    const failed = user ? ADMIN_MSG.updateFailed : ADMIN_MSG.createFailed;
    try {
      const body = toUserRequest(v);
      if (user) await save.mutateAsync({ id: user.id, body });
      else await save.mutateAsync({ body: { ...body, password: v.password } });
      toast.success(user ? 'User updated successfully' : 'User created successfully');
      onDone();
    } catch (e) {
      toast.error(failed);
      setFailure(serverMessage(e) ?? failed);
    }
  };

  return (
    <Card as="section" aria-labelledby="user-form-title" className="staff-form">
      <h2 id="user-form-title" className="bb-card__title" tabIndex={-1} ref={heading}>
        {user ? `Edit User: ${user.name || user.email}` : 'Create User'}
      </h2>
      <form className="bb-stack" noValidate onSubmit={handleSubmit(onSubmit)}>
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="staff-form__row">
          <TextField label="Email" type="email" required autoComplete="off" {...register('email')} error={errors.email?.message} />
          <TextField
            label={user ? 'Set new password' : 'Password'}
            type="password"
            required={!user}
            autoComplete="new-password"
            hint={user ? 'Leave empty to keep the current password.' : 'At least 6 characters.'}
            {...register('password')}
            error={errors.password?.message}
          />
        </div>
        <div className="staff-form__row">
          <TextField label="Name" autoComplete="off" {...register('name')} error={errors.name?.message} />
          <Select label="Role" {...register('role')} options={ROLE_OPTIONS.map((r) => ({ value: r, label: ROLE_LABEL[r]! }))} />
          {role === 'SELLER' && (
            <Select
              label="Assigned agent"
              placeholder="No agent (the broker)"
              {...register('managerId')}
              options={agents.map((a) => ({ value: a.id, label: a.name || a.email }))}
            />
          )}
        </div>
        <FormActions submitLabel={user ? 'Save Changes' : 'Create User'} submitting={isSubmitting} onCancel={onDone} />
      </form>
    </Card>
  );
}
