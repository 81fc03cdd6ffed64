import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * One summary line per request, written when the response is done, instead of Fastify's two
 * ("incoming request" + "request completed"): half the log I/O on the hot path (decision 017).
 * Error, 404 and stream lines stay as Fastify writes them, so failures are still logged.
 */
export class SummaryLogController extends LogController {
  override incomingRequest(): void {
    // Folded into requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
