import { sha256 } from './hash';

/** Folder name for one workspace in the app data folder: stable per absolute root path. */
export const rootKey = (root: string): string => sha256(root).slice(0, 24);
/** File name stem for one workspace file in the app data folder: stable per relative path. */
export const fileKey = (rel: string): string => sha256(rel).slice(0, 32);
