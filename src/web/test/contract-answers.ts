import type { z } from 'zod';
import { importSummary } from '../../contract/data';
import { day, trainingDays } from '../../contract/days';
import { messageBody } from '../../contract/errors';
import { logPage } from '../../contract/exercises';
import { log, logsList } from '../../contract/logs';
import { activity, exerciseRecords } from '../../contract/records';
import { exercise } from '../../contract/exercises';
import { exercisePage, pasession, progress, wlsession } from '../../contract/sessions';
import { oidcLinkState } from '../../contract/oidc';
import { loginAnswer, recoveryCodes, twoFactorSetup } from '../../contract/two-factor';
import { publicConfig, userInfo } from '../../contract/users';
import { devicesList } from '../../contract/devices';
import { routineEnvelope, routinesList } from '../../contract/routines';
import { trashList } from '../../contract/trash';
import { workoutEnvelope, workoutsList } from '../../contract/workouts';

const seg = '[^/]+';
const exercisePath = `/api/logs/${seg}/exercises/${seg}`;

/**
 * The answer schema of each route the web tests answer, from src/contract: `mockApi` parses every
 * successful answer with it, so a fixture that drifts from the contract fails the test using it.
 */
const ANSWERS: Array<[method: string, path: RegExp, schema: z.ZodType]> = [
  ['GET', /^\/api\/config$/, publicConfig],
  ['POST', /^\/api\/users$/, userInfo],
  ['POST', /^\/api\/users\/login$/, loginAnswer],
  ['POST', /^\/api\/users\/login\/2fa$/, userInfo],
  ['POST', /^\/api\/users\/2fa\/setup$/, twoFactorSetup],
  ['POST', /^\/api\/users\/2fa\/enable$/, recoveryCodes],
  ['POST', /^\/api\/users\/2fa\/disable$/, messageBody],
  ['GET', /^\/api\/auth\/oidc\/link$/, oidcLinkState],
  ['DELETE', /^\/api\/auth\/oidc\/link$/, messageBody],
  ['GET', /^\/api\/users\/profile$/, userInfo],
  ['PUT', /^\/api\/users\/profile$/, userInfo],
  ['POST', /^\/api\/users\/logout$/, messageBody],
  ['GET', /^\/api\/users\/sessions$/, devicesList],
  ['DELETE', new RegExp(`^/api/users/sessions/${seg}$`), messageBody],
  ['POST', /^\/api\/users\/sessions\/revoke-others$/, messageBody],
  ['DELETE', /^\/api\/users\/profile$/, messageBody],
  ['GET', /^\/api\/activity$/, activity],
  ['GET', /^\/api\/days$/, trainingDays],
  ['GET', /^\/api\/days\/[^/]+$/, day],
  ['POST', /^\/api\/import$/, importSummary],
  ['GET', /^\/api\/logs$/, logsList],
  ['POST', /^\/api\/logs$/, log],
  ['GET', new RegExp(`^/api/logs/${seg}$`), logPage],
  ['DELETE', new RegExp(`^/api/logs/${seg}$`), messageBody],
  ['POST', new RegExp(`^/api/logs/${seg}/exercises$`), exercise],
  ['GET', new RegExp(`^${exercisePath}$`), exercisePage],
  ['GET', new RegExp(`^${exercisePath}/progress$`), progress],
  ['GET', new RegExp(`^${exercisePath}/records$`), exerciseRecords],
  ['GET', new RegExp(`^${exercisePath}/wlsessions/edit/${seg}$`), wlsession],
  ['GET', new RegExp(`^${exercisePath}/pasessions/edit/${seg}$`), pasession],
  ['POST', new RegExp(`^${exercisePath}/wlsessions$`), wlsession],
  ['POST', new RegExp(`^${exercisePath}/pasessions$`), pasession],
  ['GET', new RegExp(`^/api/logs/${seg}/workouts$`), workoutsList],
  ['POST', new RegExp(`^/api/logs/${seg}/workouts$`), workoutEnvelope],
  ['GET', new RegExp(`^/api/logs/${seg}/workouts/${seg}$`), workoutEnvelope],
  ['PUT', new RegExp(`^/api/logs/${seg}/workouts/${seg}$`), workoutEnvelope],
  ['DELETE', new RegExp(`^/api/logs/${seg}/workouts/${seg}$`), messageBody],
  ['GET', new RegExp(`^/api/logs/${seg}/routines$`), routinesList],
  ['POST', new RegExp(`^/api/logs/${seg}/routines$`), routineEnvelope],
  ['GET', new RegExp(`^/api/logs/${seg}/routines/${seg}$`), routineEnvelope],
  ['PUT', new RegExp(`^/api/logs/${seg}/routines/${seg}$`), routineEnvelope],
  ['DELETE', new RegExp(`^/api/logs/${seg}/routines/${seg}$`), messageBody],
  ['GET', /^\/api\/trash$/, trashList],
  ['POST', new RegExp(`^/api/trash/${seg}/restore$`), messageBody],
  ['DELETE', new RegExp(`^/api/trash/${seg}$`), messageBody],
];

/** Throws when `body` is not what the contract says `method path` answers (or no schema is known). */
export function checkAnswer(method: string, path: string, body: unknown): void {
  const entry = ANSWERS.find(([m, pattern]) => m === method && pattern.test(path));
  if (!entry) throw new Error(`No contract schema for ${method} ${path}: add it to test/contract-answers.ts`);
  const result = entry[2].safeParse(body);
  if (!result.success)
    throw new Error(`The fixture for ${method} ${path} is not a contract answer: ${result.error.message}`);
}

/** Fixtures `mockApi` refused during the current test; setup.ts fails the test when any is left. */
export const drifted: Error[] = [];
