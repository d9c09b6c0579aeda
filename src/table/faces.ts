/**
 * People's Discord avatars at a table, as the interactions they make carry them (an avatar hash
 * comes with every interaction's user, and with the Activity's sign-in): both front ends show a
 * seat's face from here, so a person who plays on the chat's buttons has their face on the
 * Activity's page too. Held in memory with the live table, never stored: a restart forgets them
 * until each person's next click (a card, My hand, Join); Forget me drops the person's.
 */
import type { Actor } from "./types.js";

/** An avatar hash as Discord writes it (animated ones start with a_): anything else is not shown. */
export const avatarHash = (x: unknown): string | null => (typeof x === "string" && /^(a_)?[0-9a-f]{32}$/.test(x) ? x : null);

/** Faces a table keeps at most: its four seats and a few who sat and left (the oldest goes first). */
const MAX_FACES = 12;

/** `actor` acted at the table: their avatar, if Discord gave one, is the table's to show. */
export function sawFace(live: { faces: Map<string, string> }, actor: Actor): void {
  const hash = avatarHash(actor.avatar);
  const { faces } = live;
  if (!hash) return void faces.delete(actor.userId);
  if (faces.get(actor.userId) === hash) return;
  faces.delete(actor.userId);
  faces.set(actor.userId, hash);
  if (faces.size > MAX_FACES) faces.delete(faces.keys().next().value!);
}
