import { REQUEST_ID_HEADER, TollError, httpStatusOf } from '@toll/contracts';
import { requestContext } from '@toll/platform';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

// Every response carries x-request-id: the caller's own if it is sane, else a fresh one; every log line written while
// the request is served carries it too (requestContext, as in every app).
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.get(REQUEST_ID_HEADER);
  const id = given && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
  res.locals.requestId = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  requestContext.run({ requestId: id }, next);
};

// JSON bodies only, size-limited, valid UTF-8 (the parser would otherwise turn bad bytes into U+FFFD);
// failures answer in the same envelope as every other error.
export const jsonBody = (limitBytes: number) =>
  express.json({
    limit: limitBytes,
    strict: true,
    verify: (_req, _res, buf) => {
      if (!isUtf8(buf)) throw Object.assign(new Error('body is not UTF-8'), { type: NOT_UTF8, status: 400 });
    },
  });
const NOT_UTF8 = 'entity.not.utf8';

// HTML form posts (application/x-www-form-urlencoded), for the docs page only: flat string fields.
export const formBody = (limitBytes: number) =>
  express.urlencoded({ limit: limitBytes, extended: false, parameterLimit: 200 });

export function bodyErrors(err: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) {
  if (!err?.type) return next(err);
  const error =
    err.type === 'entity.too.large'
      ? new TollError('PAYLOAD_TOO_LARGE', 'Request body is too large')
      : err.type === NOT_UTF8
        ? new TollError('INVALID_INPUT', 'Request body is not valid UTF-8', {
            issues: [{ field: '(body)', message: 'send JSON encoded as UTF-8' }],
          })
        : new TollError('INVALID_INPUT', 'Request body is not valid JSON', {
            issues: [{ field: '(body)', message: err.type.replace(/\./g, ' ') }],
          });
  res.status(httpStatusOf(error.code)).json({ error: { ...error.toJSON(), request_id: res.locals.requestId } });
}
