import type { FastifyRequest } from 'fastify';
import { authOf } from '../http/access.js';
import type { Clock } from './clock.js';

/** Who is writing, from where and when: what every journal row and audit field needs. */
export interface Actor {
  businessId: string;
  userId: string | null;
  deviceId: string | null;
  at: string;
  /** The journal fields that come from the actor, to spread into `appendJournal`. */
  journal: { businessId: string; userId: string | null; deviceId: string | null; at: string };
}

export function makeActor(
  businessId: string,
  userId: string | null,
  deviceId: string | null,
  at: string,
): Actor {
  return { businessId, userId, deviceId, at, journal: { businessId, userId, deviceId, at } };
}

export function actorOf(request: FastifyRequest, clock: Clock): Actor {
  const auth = authOf(request);
  return makeActor(auth.business.id, auth.user.id, request.deviceId, clock.now().toISOString());
}
