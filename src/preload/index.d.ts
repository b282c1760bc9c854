import type { Api } from '../shared/api';

declare global {
  interface Window {
    /** The Api, exposed by the preload in Electron; absent in browser mode (see src/renderer/src/api-client.ts). */
    mortisphere?: Api;
  }
}
