import * as activity from './activity.mjs';
import * as apiDocs from './api-docs.mjs';
import * as auth from './auth.mjs';
import * as data from './data.mjs';
import * as deadWifi from './dead-wifi.mjs';
import * as deleteAccount from './delete-account.mjs';
import * as devices from './devices.mjs';
import * as expiredSession from './expired-session.mjs';
import * as gym from './gym.mjs';
import * as history from './history.mjs';
import * as importedWorkouts from './imported-workouts.mjs';
import * as mobile from './mobile.mjs';
import * as offline from './offline.mjs';
import * as pace from './pace.mjs';
import * as pagination from './pagination.mjs';
import * as pounds from './pounds.mjs';
import * as privacy from './privacy.mjs';
import * as records from './records.mjs';
import * as resetPassword from './reset-password.mjs';
import * as sharedDevice from './shared-device.mjs';
import * as toasts from './toasts.mjs';
import * as trash from './trash.mjs';
import * as twoFactor from './two-factor.mjs';
import * as weights from './weights.mjs';

/** Run in this order; each journey creates its own users and data. */
export const journeys = [
  weights,
  pace,
  auth,
  resetPassword,
  expiredSession,
  privacy,
  pagination,
  mobile,
  data,
  apiDocs,
  offline,
  pounds,
  records,
  activity,
  history,
  sharedDevice,
  deadWifi,
  devices,
  deleteAccount,
  twoFactor,
  gym,
  importedWorkouts,
  trash,
  toasts,
];
