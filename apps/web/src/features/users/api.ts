/** The signed-in user's own account (docs/PRODUCT.md, API): profile, address verification, password, picture. */
import { API, type BodyInput } from '@palabre/shared';
import { call, upload } from '../../api/call.ts';

export type SelfPatch = BodyInput<typeof API.users.updateSelf>;

export function updateSelf(patch: SelfPatch) {
  return call(API.users.updateSelf, { body: patch });
}

/** Mails a new verification link to the own unverified address (409 once it is verified). */
export function resendVerification() {
  return call(API.users.resendVerification);
}

/** Answers a new token pair: the server ends every other session. */
export function changePassword(body: BodyInput<typeof API.users.changePassword>) {
  return call(API.users.changePassword, { body });
}

export function setPicture(picture: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('picture', picture);
  return upload(API.users.setPicture, { form, onProgress });
}

export function removePicture() {
  return call(API.users.removePicture);
}
