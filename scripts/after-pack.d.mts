import type { flipFuses, FuseV1Options } from '@electron/fuses';

/** The afterPack context fields the hook reads. */
export interface AfterPackContextLike {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

/** The fuses set at package time. */
export declare const FUSES: Readonly<Partial<Record<FuseV1Options, boolean>>>;
/** The packaged Electron binary of an afterPack context. */
export declare function electronBinary(context: Omit<AfterPackContextLike, 'arch'>): string;
/** Flips FUSES in the packaged binary. */
export declare function afterPack(context: AfterPackContextLike, flip?: typeof flipFuses): Promise<void>;
export default afterPack;
