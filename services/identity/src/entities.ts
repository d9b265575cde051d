import { User } from './users/user.entity.js';
import { Session } from './sessions/session.entity.js';
import { PasswordResetToken } from './password-reset/password-reset-token.entity.js';
import { InitIdentity1763700000000 } from '../migrations/1763700000000-InitIdentity.js';

export const IDENTITY_ENTITIES = [User, Session, PasswordResetToken];
export const IDENTITY_MIGRATIONS = [InitIdentity1763700000000];
