// electron-builder `afterPack` hook (electron-builder.yml): flips Electron's fuses in the packaged
// binary before it is signed, so the shipped app cannot be turned into a plain Node runtime or
// debugger and only runs the code of its own (integrity-checked) app.asar.
import { join } from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';

/** The fuses set at package time (Electron's security checklist; what the app needs is kept). */
export const FUSES = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
};

/** electron-builder's Arch enum value of arm64. */
const ARM64 = 3;

/**
 * The packaged Electron binary of an afterPack context: `<Product>.app` on macOS, `<Product>.exe`
 * on Windows, the executable name on Linux.
 * @param {{ appOutDir: string, electronPlatformName: string, packager: { appInfo: { productFilename: string }, executableName?: string } }} context
 */
export function electronBinary(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${packager.appInfo.productFilename}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  return join(appOutDir, packager.executableName ?? packager.appInfo.productFilename);
}

/**
 * Flips FUSES in the packaged binary; `flip` is `flipFuses` of @electron/fuses (a fake in tests).
 * On Apple silicon the ad-hoc signature is reset, as flipping invalidates it.
 * @param {{ appOutDir: string, electronPlatformName: string, arch: number, packager: { appInfo: { productFilename: string }, executableName?: string } }} context
 * @param {typeof flipFuses} [flip]
 */
export async function afterPack(context, flip = flipFuses) {
  await flip(electronBinary(context), {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === ARM64,
    ...FUSES,
  });
}

export default afterPack;
