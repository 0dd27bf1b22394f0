import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '../../../contract/errors';
import { trashList, trashParams } from '../../../contract/trash';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { uuidOrNil } from '../../lib/ids';
import { sendJson } from '../../lib/send-json';
import { deleteTrashItem, readTrash, restoreTrashItem } from './trash.repository';

const notInTrash = () => new AppError(404, 'Item not found');

/** The account's trash (docs/api.md §14): what the delete routes moved there, for 30 days. */
export function trashRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.requireSession);

    app.get(
      '/api/trash',
      { schema: { response: { 200: trashList, '4xx': errorBody } } },
      async (request, reply) => sendJson(reply, await readTrash(db, request.tokenHash)),
    );

    app.post(
      '/api/trash/:id/restore',
      { schema: { params: trashParams, response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        if (!(await restoreTrashItem(db, request.tokenHash, uuidOrNil(request.params.id))))
          throw notInTrash();
        return { message: 'Restored' };
      },
    );

    app.delete(
      '/api/trash/:id',
      { schema: { params: trashParams, response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        if (!(await deleteTrashItem(db, request.tokenHash, uuidOrNil(request.params.id)))) throw notInTrash();
        return { message: 'Deleted for good' };
      },
    );
  };
}
