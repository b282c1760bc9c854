import { describe, expect, it } from 'vitest';
import type { IpcMainInvokeEvent } from 'electron';
import { isTrustedSender } from '../../../src/main/ipc';

const trusted = { rendererFileUrl: 'file:///opt/app/out/renderer/index.html' };
const frame = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } }) as unknown as Pick<IpcMainInvokeEvent, 'senderFrame'>;

describe('isTrustedSender', () => {
  it("accepts only the app's own top frame", () => {
    expect(isTrustedSender(frame('file:///opt/app/out/renderer/index.html'), trusted)).toBe(true);
    expect(isTrustedSender(frame('file:///opt/app/out/renderer/index.html?x=1#/crews'), trusted)).toBe(true);
    expect(isTrustedSender(frame('file:///tmp/evil.html'), trusted)).toBe(false);
    expect(isTrustedSender(frame('file:///opt/app/out/renderer/index.html', {}), trusted)).toBe(false);
    expect(isTrustedSender(frame('https://evil.example/'), trusted)).toBe(false);
    expect(isTrustedSender(frame('not a url'), trusted)).toBe(false);
    expect(isTrustedSender({ senderFrame: null } as unknown as Pick<IpcMainInvokeEvent, 'senderFrame'>, trusted)).toBe(false);
  });

  it('accepts the dev server origin only when one is configured', () => {
    const dev = { ...trusted, devServerUrl: 'http://localhost:5173/' };
    expect(isTrustedSender(frame('http://localhost:5173/index.html'), dev)).toBe(true);
    expect(isTrustedSender(frame('http://localhost:5174/'), dev)).toBe(false);
    expect(isTrustedSender(frame('http://localhost:5173/'), trusted)).toBe(false);
  });
});
