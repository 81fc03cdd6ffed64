/**
 * The question the media server asks about each publish, as an interface (decision 416): the
 * forked ingest server asks its API process over IPC (`npm start`: the API is mounted in the edge
 * and listens on no port of its own); a media server elsewhere asks the same StreamKeys over
 * HTTP (`INGEST_PATHS.publishes`). Either way the answer is an HTTP-like status and the grant.
 */
import type { IngestPublishGrant, IngestRefusalReason } from '@crease/contract';
import { isApiError } from '../platform/errors';
import type { StreamKeys } from './stream-keys';

export type PublishQuestion =
  | { op: 'claim'; streamKey: string; publisherId: string }
  | { op: 'renew'; keyId: string; publisherId: string }
  | { op: 'release'; keyId: string; publisherId: string }
  /** The media server refused what a publisher sent (decision 440): recorded, lease ended. */
  | {
      op: 'refuse';
      keyId: string;
      publisherId: string;
      reason: IngestRefusalReason;
      detail: string;
    };

export interface PublishAnswer {
  /** 201 claimed, 200 renewed, 204 released; 403 refused, 409 in use; 503 the API failed. */
  status: number;
  grant?: IngestPublishGrant;
  code?: string;
}

export interface PublishAuthority {
  ask(question: PublishQuestion): Promise<PublishAnswer>;
}

/** Answers from the API's own StreamKeys (the API side of the IPC). */
export function answerPublish(keys: StreamKeys, leaseSeconds: number) {
  return async (question: PublishQuestion): Promise<PublishAnswer> => {
    try {
      if (question.op === 'refuse') {
        await keys.refuse(question.keyId, question.publisherId, question.reason, question.detail);
        return { status: 204 };
      }
      if (question.op === 'release') {
        await keys.release(question.keyId, question.publisherId);
        return { status: 204 };
      }
      const lease =
        question.op === 'claim'
          ? await keys.claim(question.streamKey, question.publisherId)
          : await keys.renew(question.keyId, question.publisherId);
      return { status: question.op === 'claim' ? 201 : 200, grant: { ...lease, leaseSeconds } };
    } catch (error) {
      if (isApiError(error)) return { status: error.status, code: error.code };
      return { status: 503, code: 'INTERNAL_ERROR' };
    }
  };
}
