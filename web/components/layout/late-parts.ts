import { later } from '../later/later';

/** The shell's parts that load after start-up (see later.ts), in one chunk: what LateParts.tsx exports. */
export const lateParts = later(() => import('./LateParts'));
