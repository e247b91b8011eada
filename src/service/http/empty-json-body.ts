import type { FastifyInstance } from 'fastify';
import { decodeBody } from './body-charset.js';

/**
 * A request that says its body is JSON but sends none is taken as a request without a body, so the route's own rule
 * names what is missing ("a password is required", "body must be object") instead of a parser's word about content
 * types. Anything else is read in the charset the request declares and goes to Fastify's own JSON parser, with its
 * guard against prototype poisoning.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = decodeBody(request, body);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    if (text === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
