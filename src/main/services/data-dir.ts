import { homedir } from 'node:os';
import { join } from 'node:path';

/** Folder name of the app data folder. */
export const DATA_FOLDER_NAME = 'Mortisphere Studio';

/**
 * The app data folder (history, drafts, recent workspaces), the same for Electron and browser mode:
 * `$MORTISPHERE_DATA_DIR` if set, else `%APPDATA%\Mortisphere Studio` (Windows),
 * `~/Library/Application Support/Mortisphere Studio` (macOS) or
 * `$XDG_CONFIG_HOME/Mortisphere Studio` (default `~/.config/…`) elsewhere.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.MORTISPHERE_DATA_DIR) return env.MORTISPHERE_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), DATA_FOLDER_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', DATA_FOLDER_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), DATA_FOLDER_NAME);
}
