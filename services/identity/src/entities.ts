import { User } from './users/user.entity.js';
import { Session } from './sessions/session.entity.js';
import { InitIdentity1763700000000 } from '../migrations/1763700000000-InitIdentity.js';
import { SignupPending1763700100000 } from '../migrations/1763700100000-SignupPending.js';
import { Outbox1763800000000 } from '../migrations/1763800000000-Outbox.js';
import { Drafts1764600000000 } from '../migrations/1764600000000-Drafts.js';
import { OneOutboxShape1764800000000 } from '../migrations/1764800000000-OneOutboxShape.js';
import { Notifications1764900000000 } from '../migrations/1764900000000-Notifications.js';
import { Draft } from './drafts/draft.entity.js';
import { NoticeDeliveryRow } from './notifications/notice-delivery.entity.js';
import { NoticeDigestRow } from './notifications/notice-digest.entity.js';
import { NoticeEventRow } from './notifications/notice-event.entity.js';
import { NotificationPreferenceRow } from './notifications/notification-preference.entity.js';
import { NotificationSettingsRow } from './notifications/notification-settings.entity.js';

export const IDENTITY_ENTITIES = [User, Session, Draft, NotificationSettingsRow, NotificationPreferenceRow, NoticeEventRow, NoticeDeliveryRow, NoticeDigestRow];
export const IDENTITY_MIGRATIONS = [InitIdentity1763700000000, SignupPending1763700100000, Outbox1763800000000, Drafts1764600000000, OneOutboxShape1764800000000, Notifications1764900000000];
