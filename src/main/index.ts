import { app, dialog } from 'electron';
import { startElectronApp } from './app';

// Electron main entry (out/main/index.js): start the app, or explain a startup failure and quit.
startElectronApp().catch((e: unknown) => {
  dialog.showErrorBox('Mortisphere Studio could not start', e instanceof Error ? e.message : String(e));
  app.exit(1);
});
