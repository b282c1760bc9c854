import { createHash } from 'node:crypto';

/** sha256 of the given bytes or UTF-8 text, lowercase hex (the `hash` of the Api). */
export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
