import { z } from 'zod';
import {
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  endedSessionsSchema,
  okSchema,
  ownSessionSchema,
  uploadedFileSchema,
} from '@duka/domain';
import { api } from '../../lib/api-client';

/** The file picker offers the types the server takes. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

export type ImageProblem = 'notImage' | 'tooLarge' | null;

/** Checks a chosen file in the page before anything is sent. */
export function checkImageFile(file: File): ImageProblem {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}

/** Only the image name matters here; the server answers the whole user. */
const userImage = z.object({ img: z.string() });

/** Uploads one image as the multipart field `avatar`; answers the stored file name. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  const res = await api('/api/files/images', {
    method: 'POST',
    form,
    schema: uploadedFileSchema,
  });
  return res.name;
}

export function setMyImage(img: string) {
  return api('/api/me/image', { method: 'PUT', body: { img }, schema: userImage });
}

export function deleteMyImage() {
  return api('/api/me/image', { method: 'DELETE', schema: userImage });
}

export function changeMyPassword(current_password: string, new_password: string) {
  return api('/api/me/password', { method: 'POST', body: { current_password, new_password } });
}

/**
 * Signs the user out on their other devices (this one stays signed in); answers how many were.
 * Not retried: an answer lost on the way would come back as 0 from a second call.
 */
export async function signOutOtherDevices(): Promise<number> {
  const res = await api('/api/auth/logout-others', { method: 'POST', schema: endedSessionsSchema });
  return res.ended;
}

/** The query of where the user is signed in: refreshed after any of their sessions is ended. */
export const OWN_SESSIONS_KEY = ['auth', 'sessions'] as const;

/** Where the user is signed in: their live sessions in the business, this one first. */
export function listOwnSessions() {
  return api('/api/auth/sessions', { schema: z.array(ownSessionSchema) });
}

/**
 * Ends one of the user's other sessions; its device goes to the sign-in page at its next step.
 * Safe to send again (one already ended answers the same).
 */
export async function endOwnSession(id: string): Promise<void> {
  await api(`/api/auth/sessions/${encodeURIComponent(id)}/end`, {
    method: 'POST',
    schema: okSchema,
    retry: true,
  });
}
