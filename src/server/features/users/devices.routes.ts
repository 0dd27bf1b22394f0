import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  devicesList,
  SESSION_NOT_FOUND,
  SIGNED_OUT_OF_DEVICE,
  SIGNED_OUT_OF_OTHERS,
} from '../../../contract/devices';
import { errorBody, messageBody } from '../../../contract/errors';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { clearSessionCookie, sessionTokenHash } from '../../plugins/auth';
import { deleteOtherAuthSessions } from './auth-sessions.repository';
import { listDevices, revokeDevice } from './devices.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Devices (docs/api.md §13): the account's sign-in sessions, each of which it may end. */
export function devicesRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  return async (app) => {
    app.get(
      '/api/users/sessions',
      { onRequest: deps.requireUser, schema: { response: { 200: devicesList, '4xx': errorBody } } },
      async (request) => ({
        sessions: await listDevices(db, request.user.id, sessionTokenHash(request) ?? ''),
      }),
    );

    app.delete(
      '/api/users/sessions/:id',
      {
        onRequest: deps.requireUser,
        schema: {
          params: z.object({ id: z.string() }),
          response: { 200: messageBody, '4xx': errorBody },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        // Any id that names none of the account's sessions is "not found", malformed ones too.
        const revoked = UUID.test(id)
          ? await revokeDevice(db, request.user.id, id, sessionTokenHash(request) ?? '')
          : null;
        if (!revoked) throw new AppError(404, SESSION_NOT_FOUND);
        // The caller's own session: as a logout, the cookie goes too.
        if (revoked.current) clearSessionCookie(reply, config);
        return { message: SIGNED_OUT_OF_DEVICE };
      },
    );

    app.post(
      '/api/users/sessions/revoke-others',
      { onRequest: deps.requireUser, schema: { response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        await deleteOtherAuthSessions(db, request.user.id, sessionTokenHash(request) ?? undefined);
        return { message: SIGNED_OUT_OF_OTHERS };
      },
    );
  };
}
