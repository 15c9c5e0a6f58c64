/**
 * What the server holds of quote requests' photos while they arrive: a photo is kept in memory
 * until its request is whole, and a phone's slow link may take minutes to send one, so a client
 * that sends many and never finishes could otherwise fill the server's memory. Each client
 * (address) may send two such requests at once, and all of them together may hold
 * UPLOAD_ROOM_BYTES; past that a request is refused, and its sender asked to try again shortly.
 */
import { PHOTO_REQUEST_MAX_BYTES } from '../../lib/photos.ts';

/** Requests with photos one client may send at once: a second tab, or a retry while one hangs */
export const UPLOADS_PER_CLIENT = 2;
/** Photo bytes held at once, all requests together: eight requests at their largest */
export const UPLOAD_ROOM_BYTES = 8 * PHOTO_REQUEST_MAX_BYTES;

export interface UploadPlace {
  /** Takes `bytes` more of the room; false, taking none, when the room is full */
  hold: (bytes: number) => boolean;
  /** Gives back the place and every byte it held */
  leave: () => void;
}

export interface UploadRoom {
  /** A place for one request of `client`'s, or null when that client already has its share */
  enter(client: string): UploadPlace | null;
}

export function createUploadRoom({
  perClient = UPLOADS_PER_CLIENT,
  bytes = UPLOAD_ROOM_BYTES,
}: { perClient?: number; bytes?: number } = {}): UploadRoom {
  const places = new Map<string, number>();
  let held = 0;
  return {
    enter(client) {
      const taken = places.get(client) ?? 0;
      if (taken >= perClient) return null;
      places.set(client, taken + 1);
      let mine = 0;
      let left = false;
      return {
        hold: (more) => {
          if (left || held + more > bytes) return false;
          held += more;
          mine += more;
          return true;
        },
        leave: () => {
          if (left) return;
          left = true;
          held -= mine;
          const remaining = (places.get(client) ?? 1) - 1;
          if (remaining > 0) places.set(client, remaining);
          else places.delete(client);
        },
      };
    },
  };
}
