import { User } from './users/user.entity.js';
import { Session } from './sessions/session.entity.js';
import { PasswordResetToken } from './password-reset/password-reset-token.entity.js';
import { InitIdentity1763700000000 } from '../migrations/1763700000000-InitIdentity.js';
import { SignupPending1763700100000 } from '../migrations/1763700100000-SignupPending.js';
import { Outbox1763800000000 } from '../migrations/1763800000000-Outbox.js';

export const IDENTITY_ENTITIES = [User, Session, PasswordResetToken];
export const IDENTITY_MIGRATIONS = [InitIdentity1763700000000, SignupPending1763700100000, Outbox1763800000000];
